import { isCalendarDate } from '@utsav/contracts';
import { compareIso, type IsoDate } from '../../shared/dates';

/** The chosen dates: nothing yet, a start, or a start and an end (never an end alone). */
export interface DateRange {
  start: IsoDate | null;
  end: IsoDate | null;
}

export const EMPTY_RANGE: DateRange = { start: null, end: null };

/**
 * The dates a slot page's address names (`from`, and `to` for more than one day: 'YYYY-MM-DD'), chosen when
 * the page opens; none when `from` is not a calendar date, one day when `to` is not a later one.
 */
export function rangeFromAddress(from: string | null, to: string | null): DateRange {
  if (!isCalendarDate(from)) return EMPTY_RANGE;
  return { start: from, end: isCalendarDate(to) && compareIso(to, from) > 0 ? to : null };
}

/**
 * Spec §4 Slot selection, one click at a time:
 * - the first click sets the start;
 * - a second click on a date on or after the start sets the end;
 * - a click before the start, or any click when both are set, restarts with that date as the
 *   start and clears the end.
 */
export function nextRange(range: DateRange, clicked: IsoDate): DateRange {
  if (range.start === null || range.end !== null) return { start: clicked, end: null };
  if (compareIso(clicked, range.start) < 0) return { start: clicked, end: null };
  return { start: range.start, end: clicked };
}

/** Where a day stands in the range, for its look and its ARIA state. */
export type DayRole = 'start' | 'end' | 'startEnd' | 'inRange' | null;

export function dayRole(range: DateRange, day: IsoDate): DayRole {
  const { start, end } = range;
  if (start === null) return null;
  const last = end ?? start;
  if (day === start && day === last) return 'startEnd';
  if (day === start) return 'start';
  if (day === last) return 'end';
  if (compareIso(day, start) > 0 && compareIso(day, last) < 0) return 'inRange';
  return null;
}
