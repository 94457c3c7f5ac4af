/**
 * Dates and times as the booking contract has them — calendar dates 'YYYY-MM-DD' (no time zone)
 * and 'HH:mm' on the 24-hour clock — in the words every page shows. Month names are written out
 * so the text is the same in every locale.
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** 'Jan' … 'Dec' */
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** Every range on every page joins its ends with this (an en dash with spaces). */
export const RANGE_DASH = ' – ';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface DateParts {
  year: number;
  /** 0–11, as in Date */
  month: number;
  day: number;
}

/** The parts of a real calendar date 'YYYY-MM-DD', or null ('2026-02-30' and 'soon' are not dates). */
export function parseIsoDate(value: string | null | undefined): DateParts | null {
  const match = ISO_DATE.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) return null;
  return { year, month, day };
}

/** A real calendar date 'YYYY-MM-DD' ('2026-02-30' and 'soon' are not). */
export function isCalendarDate(value: string | null | undefined): value is string {
  return parseIsoDate(value) !== null;
}

/** A time 'HH:mm' on the 24-hour clock. */
export function isTime(value: string | null | undefined): value is string {
  return TIME.test(value ?? '');
}

/** '2026-12-05' → '5 Dec 2026'; anything that is not a date is shown as given. */
export function formatDate(value: string): string {
  const match = ISO_DATE.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : value;
}

/** '2026-12-05' → '5 Dec'; anything that is not a date is shown as given. */
export function formatShortDate(value: string): string {
  const parts = parseIsoDate(value);
  return parts ? `${parts.day} ${MONTHS[parts.month]}` : value;
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
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

export interface DateRangeText {
  from?: string | null;
  to?: string | null;
}

export interface TimeRangeText {
  start?: string | null;
  end?: string | null;
}

/**
 * Spec "Date (from - to)": '5 Dec 2026 – 7 Dec 2026'; one date when the range is one day or has one
 * end; 'Date not specified' when neither end is a date. `formatOne` words each end (default formatDate).
 */
export function formatDateRange(
  range: DateRangeText | null | undefined,
  formatOne: (date: string) => string = formatDate,
): string {
  const from = isCalendarDate(range?.from) ? range.from : null;
  const to = isCalendarDate(range?.to) ? range.to : null;
  if (from === null && to === null) return 'Date not specified';
  if (from === null || to === null || from === to) return formatOne((from ?? to)!);
  return `${formatOne(from)}${RANGE_DASH}${formatOne(to)}`;
}

/** Spec "Time (start - end)": '9:00 AM – 5:00 PM'; one time when one end is missing; 'Time not specified'. */
export function formatTimeRange(times: TimeRangeText | null | undefined): string {
  const start = isTime(times?.start) ? times.start : null;
  const end = isTime(times?.end) ? times.end : null;
  if (start === null && end === null) return 'Time not specified';
  if (start === null || end === null) return formatTime12((start ?? end)!);
  return `${formatTime12(start)}${RANGE_DASH}${formatTime12(end)}`;
}
