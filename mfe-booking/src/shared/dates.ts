/**
 * Calendar dates as 'YYYY-MM-DD' strings (which day is "today" is India's: @utsav/contracts/slot-rules): the event's local dates, with no time zone (like the
 * booking contract). Dates are built with `new Date(y, m, d)` (local midnight) and read back with
 * the local getters, never through toISOString(), so a date never shifts by a day in any zone.
 * Names come from the catalogues (month names from the contracts' 'common', weekday names from this
 * app's 'booking'), not from the runtime's Intl data, so the text is the same on the server and in every browser.
 */
import { DEFAULT_LOCALE, formatDate, formatDateRange, formatTimeRange, monthName, parseIsoDate, translateIn, type DateParts, type DateRangeText, type Locale, type TimeRangeText } from '@utsav/contracts';
import '../i18n';

export type IsoDate = string;

/** The days of the week, Sunday first (0 = Sunday, as Date has them). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A weekday (0 = Sunday) in a language: 'Thursday' / 'गुरुवार'. */
export const weekdayName = (weekday: number, locale: Locale = DEFAULT_LOCALE): string => translateIn(locale, 'booking', `weekday.${weekday}`);

/** The calendar header's name of a weekday (spec §2: a Su–Sa header): 'Th' / 'गु'. */
export const weekdayShort = (weekday: number, locale: Locale = DEFAULT_LOCALE): string => translateIn(locale, 'booking', `weekdayShort.${weekday}`);

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function partsOf(value: IsoDate): DateParts {
  const parts = parseIsoDate(value);
  if (!parts) throw new RangeError(`Not a calendar date: ${value}`);
  return parts;
}

/** The local calendar date of a moment. */
export function toIsoDate(date: Date): IsoDate {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function isoFromParts(year: number, month: number, day: number): IsoDate {
  return toIsoDate(new Date(year, month, day));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

/** 0 = Sunday … 6 = Saturday */
export function weekdayOf(value: IsoDate): number {
  const { year, month, day } = partsOf(value);
  return new Date(year, month, day).getDay();
}

export function addDays(value: IsoDate, days: number): IsoDate {
  const { year, month, day } = partsOf(value);
  return isoFromParts(year, month, day + days);
}

/** The same day n months on, kept inside the month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(value: IsoDate, months: number): IsoDate {
  const { year, month, day } = partsOf(value);
  const first = new Date(year, month + months, 1);
  const last = daysInMonth(first.getFullYear(), first.getMonth());
  return isoFromParts(first.getFullYear(), first.getMonth(), Math.min(day, last));
}

/** 'YYYY-MM-DD' strings order like the dates they name. */
export function compareIso(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function maxIso(a: IsoDate, b: IsoDate): IsoDate {
  return compareIso(a, b) >= 0 ? a : b;
}

export function minIso(a: IsoDate, b: IsoDate): IsoDate {
  return compareIso(a, b) <= 0 ? a : b;
}

/** 'Saturday, 5 December 2026' ('शनिवार, 5 दिसंबर 2026'): the calendar's accessible day names. */
export function formatFullDate(value: IsoDate, locale: Locale = DEFAULT_LOCALE): string {
  const { year, month, day } = partsOf(value);
  return `${weekdayName(weekdayOf(value), locale)}, ${day} ${monthName(month, locale)} ${year}`;
}

/** 'December 2026' ('दिसंबर 2026') */
export function formatMonthTitle(year: number, month: number, locale: Locale = DEFAULT_LOCALE): string {
  const first = new Date(year, month, 1);
  return `${monthName(first.getMonth(), locale)} ${first.getFullYear()}`;
}

/** A booking's dates, '5 Dec 2026 – 7 Dec 2026', each end in the language (formatDateRange's own default words them in English). */
export function formatDates(range: DateRangeText | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  return formatDateRange(range, (date) => formatDate(date, locale), locale);
}

/** A booking's dates and times, '5 Dec 2026 – 7 Dec 2026, 9:00 AM – 5:00 PM' (the contracts' slotText, in a language). */
export function formatSlot(
  slot: { preferredDateRange: DateRangeText; preferredTime: TimeRangeText },
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${formatDates(slot.preferredDateRange, locale)}, ${formatTimeRange(slot.preferredTime, locale)}`;
}

export interface MonthRef {
  year: number;
  /** 0–11 */
  month: number;
}

export function monthOf(value: IsoDate): MonthRef {
  const { year, month } = partsOf(value);
  return { year, month };
}

export function shiftMonth({ year, month }: MonthRef, by: number): MonthRef {
  const first = new Date(year, month + by, 1);
  return { year: first.getFullYear(), month: first.getMonth() };
}

export function sameMonth(a: MonthRef, b: MonthRef): boolean {
  return a.year === b.year && a.month === b.month;
}

/**
 * The month as weeks of 7 days, Sunday first; days of the neighbouring months are null. Only as
 * many weeks as the month needs (4 to 6), never more than `maxWeeks`.
 */
export function monthWeeks(year: number, month: number, maxWeeks = 6): (IsoDate | null)[][] {
  const offset = new Date(year, month, 1).getDay();
  const length = daysInMonth(year, month);
  const count = Math.min(maxWeeks, Math.ceil((offset + length) / 7));
  return Array.from({ length: count }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => {
      const day = week * 7 + weekday - offset + 1;
      return day >= 1 && day <= length ? isoFromParts(year, month, day) : null;
    }),
  );
}
