import { SLOT_END_HOURS, SLOT_START_HOURS } from './constants';
import { momentInIndia } from './date-format';
import { said, saidWhenRead } from './validation-messages';

/**
 * The rules of a slot (spec §5 Slot selection), one module for the slot page (what it offers and
 * disables) and the API (what it refuses, for bookings and cart items): days from today in India up to
 * MAX_DAYS_AHEAD days ahead; hourly times 08:00–17:00 (start) and 09:00–18:00 (end), end after start; a
 * start hour that has already begun today (India's clock) is gone. Pure (no zod, no browser code; its words
 * come from the contracts' catalogue, said as a problem is found): the API imports it as `@utsav/contracts/slot-rules`. Dates are 'YYYY-MM-DD', times 'HH:mm'.
 */

export { SLOT_END_HOURS, SLOT_START_HOURS };

/** How far ahead a slot may be booked, in days from today (India). */
export const MAX_DAYS_AHEAD = 365;

/** A slot's problems in words, in the language messages are being said in (read as a problem is found: the page's, or the API request's). */
export const SLOT_MESSAGES = saidWhenRead({
  endDateBeforeStart: said('validation.slot.endDateBeforeStart'),
  startDateInPast: said('validation.slot.startDateInPast'),
  tooFarAhead: said('validation.slot.tooFarAhead', { days: MAX_DAYS_AHEAD }),
  startTime: said('validation.slot.startTime'),
  endTime: said('validation.slot.endTime'),
  endTimeNotAfterStart: said('validation.slot.endTimeNotAfterStart'),
  startHourGone: said('validation.slot.startHourGone'),
});

export interface DateRange {
  from: string;
  to: string;
}
export interface TimeRange {
  start: string;
  end: string;
}

/** A moment as India's clock reads it: the date, and the hour and minute of the day. */
export interface IndiaTime {
  date: string;
  /** 0–23 */
  hour: number;
  /** 0–59 */
  minute: number;
}

/** What India's clock says at `now` (whatever the device's or server's time zone). */
export function nowInIndia(now: Date = new Date()): IndiaTime {
  const at = momentInIndia(now);
  if (!at) throw new RangeError('nowInIndia: not a moment');
  const [hour, minute] = at.time.split(':').map(Number) as [number, number];
  return { date: at.date, hour, minute };
}

/** The start of India's day `date` (for callers that only know the date: no hour of it is gone yet). */
export function startOfDay(date: string): IndiaTime {
  return { date, hour: 0, minute: 0 };
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date (a calendar date, no time zone). */
export function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** 'YYYY-MM-DD' plus some days (negative: before). */
export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The days a slot may use: from India's today to MAX_DAYS_AHEAD days later, both included. */
export function bookingWindow(at: IndiaTime): { first: string; last: string } {
  return { first: at.date, last: addDays(at.date, MAX_DAYS_AHEAD) };
}

/** 'HH:mm' of a whole hour. */
export function hourToTime(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** The hour of an 'HH:mm' time that is exactly on the hour, else null. */
export function wholeHour(time: string): number | null {
  const match = /^([01]\d|2[0-3]):00$/.exec(time);
  return match ? Number(match[1]) : null;
}

/** Whether a slot starting at `hour` on `date` has already begun by India's clock (only today's can have). */
export function isStartHourGone(date: string, hour: number, at: IndiaTime): boolean {
  return date === at.date && hour <= at.hour;
}

/** The start hours still open on `date` (all of them on any day after today). */
export function openStartHours(date: string, at: IndiaTime): number[] {
  return SLOT_START_HOURS.filter((hour) => !isStartHourGone(date, hour, at));
}

/** Whether `date` can start a slot: inside the booking window, and (today) with a start hour still open. */
export function isBookableStartDate(date: string, at: IndiaTime): boolean {
  const { first, last } = bookingWindow(at);
  return date >= first && date <= last && openStartHours(date, at).length > 0;
}

/** Whether `date` can be in a slot at all (as its start or end): inside the booking window. */
export function isInBookingWindow(date: string, at: IndiaTime): boolean {
  const { first, last } = bookingWindow(at);
  return date >= first && date <= last;
}

export interface SlotProblem {
  path: string;
  message: string;
}

/**
 * Every problem of a slot (empty when it is fine). `at` is India's time now; a bare date means the start
 * of that day (no hour gone). The formats were checked by the contract schema.
 */
export function slotProblems(dates: DateRange, times: TimeRange, at: IndiaTime | string): SlotProblem[] {
  const now = typeof at === 'string' ? startOfDay(at) : at;
  const problems: SlotProblem[] = [];
  const first = dayNumber(now.date);
  if (dayNumber(dates.to) < dayNumber(dates.from)) {
    problems.push({ path: 'preferredDateRange.to', message: SLOT_MESSAGES.endDateBeforeStart });
  }
  const startsInPast = dayNumber(dates.from) < first;
  if (startsInPast) {
    problems.push({ path: 'preferredDateRange.from', message: SLOT_MESSAGES.startDateInPast });
  } else if (dayNumber(dates.from) > first + MAX_DAYS_AHEAD || dayNumber(dates.to) > first + MAX_DAYS_AHEAD) {
    problems.push({ path: 'preferredDateRange', message: SLOT_MESSAGES.tooFarAhead });
  }

  const start = wholeHour(times.start);
  const end = wholeHour(times.end);
  const startOk = start !== null && (SLOT_START_HOURS as readonly number[]).includes(start);
  const endOk = end !== null && (SLOT_END_HOURS as readonly number[]).includes(end);
  if (!startOk) problems.push({ path: 'preferredTime.start', message: SLOT_MESSAGES.startTime });
  else if (isStartHourGone(dates.from, start, now)) problems.push({ path: 'preferredTime.start', message: SLOT_MESSAGES.startHourGone });
  if (!endOk) problems.push({ path: 'preferredTime.end', message: SLOT_MESSAGES.endTime });
  if (startOk && endOk && end <= start) {
    problems.push({ path: 'preferredTime.end', message: SLOT_MESSAGES.endTimeNotAfterStart });
  }
  return problems;
}

/**
 * Times that keep to the rules for a slot starting on `date` (null: no date yet): a start hour that is
 * gone or not a start hour moves to the first open one; an end not after the start moves to the hour after
 * it. What the page calls when the date or a time changes, so its dropdowns never hold a refused pair.
 */
export function consistentTimes(date: string | null, times: TimeRange, at: IndiaTime): TimeRange {
  const open = date === null ? [...SLOT_START_HOURS] : openStartHours(date, at);
  let start = wholeHour(times.start);
  if (start === null || !open.includes(start)) {
    const later = open.find((hour) => start === null || hour >= start);
    start = later ?? open[0] ?? null;
  }
  if (start === null) return times; // no hour left that day: the page does not offer it
  let end = wholeHour(times.end);
  if (end === null || end <= start || !(SLOT_END_HOURS as readonly number[]).includes(end)) end = start + 1;
  return { start: hourToTime(start), end: hourToTime(end) };
}
