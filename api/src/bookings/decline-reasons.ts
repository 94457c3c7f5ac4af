import type { DeclineReason } from '@utsav/contracts/schemas';
import type { Locale } from '@utsav/contracts/language';
import { apiText } from '../http/api-messages';

/**
 * A provider's decline as its consumer reads it (issue 36): the fixed reason in the consumer's language and, for
 * 'other', the provider's own words after it. The note of another reason is the provider's to keep (it is stored,
 * not shown to the consumer: the fixed reason says it in their language).
 */
export function declineReasonText(locale: Locale, reason: DeclineReason, note: string | null | undefined): string {
  const text = apiText(locale, `declineReason.${reason}`);
  const words = note?.trim();
  return reason === 'other' && words ? apiText(locale, 'declineReason.withNote', { reason: text, note: words }) : text;
}
