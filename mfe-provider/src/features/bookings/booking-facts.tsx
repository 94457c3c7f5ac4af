import { formatAddress, formatDate, formatDateRange, formatINR, formatTimeRange, useLocale } from '@utsav/contracts';
import type { ProviderBooking } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';

/** What a provider reads of a booking before answering it: who, what, when, where, the note and the advance. */
export function useBookingFacts() {
  const t = useProviderT();
  const locale = useLocale();
  return (booking: ProviderBooking): [string, string][] => {
    const dates = (range: ProviderBooking['preferredDateRange']) => formatDateRange(range, (date) => formatDate(date, locale), locale);
    const rows: [string, string][] = [
      [t('facts.customer'), booking.consumer.name],
      [t('facts.service'), booking.serviceTitle],
      [t('facts.package'), booking.menuName],
      [t('facts.dates'), dates(booking.preferredDateRange)],
      [t('facts.time'), formatTimeRange(booking.preferredTime, locale)],
    ];
    if (booking.reschedule) {
      rows.push([t('facts.newDates'), `${dates(booking.reschedule.preferredDateRange)}, ${formatTimeRange(booking.reschedule.preferredTime, locale)}`]);
    }
    rows.push([t('facts.address'), booking.address ? formatAddress(booking.address) : t('facts.noAddress')]);
    if (booking.note) rows.push([t('facts.note'), booking.note]);
    rows.push([t('facts.advance'), formatINR(booking.payment.advance)]);
    rows.push([t('facts.value'), formatINR(booking.amount)]);
    return rows;
  };
}
