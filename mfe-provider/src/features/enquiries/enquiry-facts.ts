import { formatDate, useLocale } from '@utsav/contracts';
import type { ProviderEnquiry } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';
import { eventTitle } from './enquiry-text';

/** What a provider reads of an enquiry before quoting: who (first name only), what, for which event, when, where, how many. */
export function useEnquiryFacts() {
  const t = useProviderT();
  const locale = useLocale();
  return (enquiry: ProviderEnquiry, { message = false }: { message?: boolean } = {}): [string, string][] => {
    const { event } = enquiry;
    const rows: [string, string][] = [
      [t('facts.customer'), enquiry.consumer.firstName],
      [t('facts.service'), enquiry.service.title],
      [t('facts.event'), eventTitle(event, t)],
      [t('facts.date'), formatDate(event.date, locale)],
      [t('facts.city'), event.city || t('enquiry.noCity')],
      [t('facts.guests'), t('enquiry.guests', { count: event.guests })],
    ];
    if (message) rows.push([t('facts.message'), enquiry.message]);
    return rows;
  };
}
