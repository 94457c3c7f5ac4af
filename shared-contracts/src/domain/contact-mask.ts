/**
 * Marketplace protection (issue 37, item 4): phone numbers and email addresses in a message are hidden from both sides
 * until the booking it leads to is confirmed (the same moment the provider's view of a booking shows the consumer's
 * contact: CONTACT_VISIBLE_STATUSES). The API stores a message as typed and masks it when it is read, so the words come
 * back whole once the booking is confirmed.
 *
 * What counts as contact: an email address (a@b.c), and a run of 10 or more digits (Indian mobiles are 10, landlines
 * with their STD code 10–11, +91 adds two) written with spaces, dots, dashes or brackets between them, in Latin or
 * Devanagari digits. Not a price (₹1,50,000: commas split it, and it is short), a date (12/12/2026: slashes split it),
 * a time or a guest count.
 */

/** What a hidden number or address reads as: the same in every language (the message is the sender's words). */
export const MASKED_CONTACT = '••••••••';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
// a digit (either script), then more digits with at most three separators between neighbours (" - "); the count is checked below
const DIGIT_RUN = /\+?[0-9०-९](?:[\s.()-]{0,3}[0-9०-९])+/gu;
const MIN_DIGITS = 10;

const digitCount = (text: string) => (text.match(/[0-9०-९]/gu) ?? []).length;

export interface MaskedText {
  text: string;
  /** something was hidden (the page says why) */
  masked: boolean;
}

/** The text with every email address and phone number replaced by MASKED_CONTACT. */
export function maskContacts(text: string): MaskedText {
  let masked = false;
  const out = text
    .replace(EMAIL, () => {
      masked = true;
      return MASKED_CONTACT;
    })
    .replace(DIGIT_RUN, (run) => {
      if (digitCount(run) < MIN_DIGITS) return run;
      masked = true;
      return MASKED_CONTACT;
    });
  return { text: out, masked };
}
