/**
 * Dates and times as the booking contract has them — calendar dates 'YYYY-MM-DD' (no time zone)
 * and 'HH:mm' on the 24-hour clock — in the words every page shows. Month names are written out
 * so the text is the same in every locale.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '2026-12-05' → '5 Dec 2026'; anything that is not a date is shown as given. */
export function formatDate(value: string): string {
  const match = ISO_DATE.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : value;
}

/** '09:00' → '9:00 AM', '12:00' → '12:00 PM', '18:00' → '6:00 PM'. Anything else is shown as given. */
export function formatTime12(value: string): string {
  const match = TIME.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}
