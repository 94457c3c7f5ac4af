import type { DeclineReason } from '@utsav/contracts/schemas';
import type { Locale } from '@utsav/contracts/language';
import { apiText } from '../http/api-messages';

/**
 * A provider's decline as its consumer reads it (issue 36): the fixed reason in the consumer's language and the
 * provider's own words after it when they wrote some (required for 'other'; the page offers a note to the customer
 * with every reason).
 */
export function declineReasonText(locale: Locale, reason: DeclineReason, note: string | null | undefined): string {
  const text = apiText(locale, `declineReason.${reason}`);
  const words = note?.trim();
  return words ? apiText(locale, 'declineReason.withNote', { reason: text, note: words }) : text;
}
