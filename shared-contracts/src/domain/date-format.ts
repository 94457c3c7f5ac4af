import { BOOKING_TIME_ZONE } from './booking-request';
import { DEFAULT_LOCALE, type Locale } from './language';

/**
 * Dates and times as the booking contract has them — calendar dates 'YYYY-MM-DD' (no time zone)
 * and 'HH:mm' on the 24-hour clock — in the words every page shows, in English (en-IN, the default) or
 * Hindi (hi-IN). The words are written out here, not taken from the runtime's Intl data, so the text is
 * the same on the server, in the API's invoices and in every browser; and this module needs no i18n
 * library (the API uses it).
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
const WORDS: Record<Locale, { months: readonly string[]; shortMonths: readonly string[]; am: string; pm: string; noDate: string; noTime: string }> = {
  'en-IN': {
    months: MONTH_NAMES,
    shortMonths: MONTH_NAMES.map((name) => name.slice(0, 3)),
    am: 'AM',
    pm: 'PM',
    noDate: 'Date not specified',
    noTime: 'Time not specified',
  },
  'hi-IN': {
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'],
    shortMonths: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'],
    am: 'पूर्वाह्न',
    pm: 'अपराह्न',
    noDate: 'तारीख़ नहीं बताई गई',
    noTime: 'समय नहीं बताया गया',
  },
};

/** A month (0–11) in a language: 'December' / 'दिसंबर'. */
export const monthName = (month: number, locale: Locale = DEFAULT_LOCALE): string => WORDS[locale].months[month] ?? '';
/** 'Dec' / 'दिस॰' */
const shortMonth = (month: number, locale: Locale) => WORDS[locale].shortMonths[month] ?? '';

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
export function formatDate(value: string, locale: Locale = DEFAULT_LOCALE): string {
  const match = ISO_DATE.exec(value);
  const month = match ? Number(match[2]) - 1 : -1;
  return match && month >= 0 && month < 12 ? `${Number(match[3])} ${shortMonth(month, locale)} ${match[1]}` : value;
}

/** '2026-12-05' → '5 Dec'; anything that is not a date is shown as given. */
export function formatShortDate(value: string, locale: Locale = DEFAULT_LOCALE): string {
  const parts = parseIsoDate(value);
  return parts ? `${parts.day} ${shortMonth(parts.month, locale)}` : value;
}

/** A moment as India's clock reads it: its calendar date 'YYYY-MM-DD' and time 'HH:mm' (24-hour). */
export interface IndiaMoment {
  date: string;
  time: string;
}

let indiaClock: Intl.DateTimeFormat | undefined;

/**
 * What India's clock (BOOKING_TIME_ZONE) said at a moment — a Date or an ISO 8601 timestamp — whatever the
 * device's or server's time zone; null when it is not a moment. The one reading of a moment every page,
 * e-mail and invoice words (formatMoment, formatDay).
 */
export function momentInIndia(moment: Date | string | number): IndiaMoment | null {
  const date = moment instanceof Date ? moment : new Date(moment);
  if (Number.isNaN(date.getTime())) return null;
  // built once, on first use: an Intl formatter is slow to build
  indiaClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BOOKING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = indiaClock.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  const hour = String(Number(part('hour')) % 24).padStart(2, '0');
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${hour}:${part('minute')}` };
}

/** A moment's calendar day in India: '22 Nov 2026' ('22 नव॰ 2026'); the raw text when it is not a moment. */
export function formatDay(moment: Date | string | number, locale: Locale = DEFAULT_LOCALE): string {
  const at = momentInIndia(moment);
  return at ? formatDate(at.date, locale) : String(moment);
}

/**
 * A moment (an instant: a Date or an ISO timestamp) in India's time, whatever the device's zone:
 * '22 Nov 2026, 3:42 PM' ('22 नव॰ 2026, 3:42 अपराह्न'). Every page shows a moment this way; the raw
 * text when it is not a moment.
 */
export function formatMoment(moment: Date | string | number, locale: Locale = DEFAULT_LOCALE): string {
  const at = momentInIndia(moment);
  return at ? `${formatDate(at.date, locale)}, ${formatTime12(at.time, locale)}` : String(moment);
}

/** '09:00' → '9:00 AM', '12:00' → '12:00 PM', '18:00' → '6:00 PM'. Anything else is shown as given. */
export function formatTime12(value: string, locale: Locale = DEFAULT_LOCALE): string {
  const match = TIME.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${match[2]} ${hours < 12 ? WORDS[locale].am : WORDS[locale].pm}`;
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
  locale: Locale = DEFAULT_LOCALE,
): string {
  const from = isCalendarDate(range?.from) ? range.from : null;
  const to = isCalendarDate(range?.to) ? range.to : null;
  if (from === null && to === null) return WORDS[locale].noDate;
  if (from === null || to === null || from === to) return formatOne((from ?? to)!);
  return `${formatOne(from)}${RANGE_DASH}${formatOne(to)}`;
}

/** Spec "Time (start - end)": '9:00 AM – 5:00 PM'; one time when one end is missing; 'Time not specified'. */
export function formatTimeRange(times: TimeRangeText | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const start = isTime(times?.start) ? times.start : null;
  const end = isTime(times?.end) ? times.end : null;
  if (start === null && end === null) return WORDS[locale].noTime;
  if (start === null || end === null) return formatTime12((start ?? end)!, locale);
  return `${formatTime12(start, locale)}${RANGE_DASH}${formatTime12(end, locale)}`;
}
