/**
 * Dates and times as the booking contract has them: calendar dates 'YYYY-MM-DD' (no time zone) and
 * 'HH:mm' on the 24-hour clock. Names are written out by hand so the text is the same in every locale.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '2026-12-05' → '5 Dec 2026'; anything that is not a date is shown as given. */
export function formatDate(value: string): string {
  const match = ISO_DATE.exec(value);
  if (!match) return value;
  const month = MONTHS[Number(match[2]) - 1];
  if (!month) return value;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** A moment's local calendar day: '22 Nov 2026'. */
export function formatDay(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** '09:00' → '9:00 AM', '12:00' → '12:00 PM', '18:00' → '6:00 PM'. Anything else is shown as given. */
export function formatTime12(value: string): string {
  const match = TIME.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${match[2]} ${suffix}`;
}

/** Spec §2: "Date (from - to)". */
export function formatDateRange(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDate(range.from) : `${formatDate(range.from)} - ${formatDate(range.to)}`;
}

/** Spec §2: "Time (start - end)", 12-hour. */
export function formatTimeRange(times: { start: string; end: string }): string {
  return `${formatTime12(times.start)} - ${formatTime12(times.end)}`;
}

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp as a date and time (en-IN); the raw text when it is not one. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
