import { badRequest } from '../http/http-error';

/**
 * The rules of a slot (spec §5 Slot selection), checked by the server for bookings and cart items:
 * dates from today (India: `todayInIndia` of @utsav/contracts/booking-request) up to a year ahead, hourly
 * times 08:00–17:00 (start) and 09:00–18:00 (end), end after start. The hour lists are those of @utsav/contracts' SLOT_START_HOURS / SLOT_END_HOURS,
 * repeated here because the API cannot import the contracts' main entry (it pulls browser code).
 */
export const SLOT_START_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
export const SLOT_END_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
/** How far ahead a slot may be booked, in days from today. */
export const MAX_DAYS_AHEAD = 365;

export interface DateRange {
  from: string;
  to: string;
}
export interface TimeRange {
  start: string;
  end: string;
}

export const SLOT_MESSAGES = {
  endDateBeforeStart: 'The end date must be on or after the start date.',
  startDateInPast: 'The start date cannot be in the past.',
  tooFarAhead: `Dates can be at most ${MAX_DAYS_AHEAD} days ahead.`,
  startTime: 'The start time must be on the hour, from 08:00 to 17:00.',
  endTime: 'The end time must be on the hour, from 09:00 to 18:00.',
  endTimeNotAfterStart: 'The end time must be after the start time.',
} as const;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date (already checked by the contract schema). */
function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** 'YYYY-MM-DD' plus some days. */
export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The hour of an 'HH:mm' time that is exactly on the hour, else null. */
function wholeHour(time: string): number | null {
  const match = /^(\d{2}):00$/.exec(time);
  return match ? Number(match[1]) : null;
}

export interface SlotProblem {
  path: string;
  message: string;
}

/** Every problem of a slot (empty when it is fine). Formats were checked by the contract schema. */
export function slotProblems(dates: DateRange, times: TimeRange, today: string): SlotProblem[] {
  const problems: SlotProblem[] = [];
  const first = dayNumber(today);
  if (dayNumber(dates.to) < dayNumber(dates.from)) {
    problems.push({ path: 'preferredDateRange.to', message: SLOT_MESSAGES.endDateBeforeStart });
  }
  if (dayNumber(dates.from) < first) {
    problems.push({ path: 'preferredDateRange.from', message: SLOT_MESSAGES.startDateInPast });
  } else if (dayNumber(dates.from) > first + MAX_DAYS_AHEAD || dayNumber(dates.to) > first + MAX_DAYS_AHEAD) {
    problems.push({ path: 'preferredDateRange', message: SLOT_MESSAGES.tooFarAhead });
  }

  const start = wholeHour(times.start);
  const end = wholeHour(times.end);
  const startOk = start !== null && (SLOT_START_HOURS as readonly number[]).includes(start);
  const endOk = end !== null && (SLOT_END_HOURS as readonly number[]).includes(end);
  if (!startOk) problems.push({ path: 'preferredTime.start', message: SLOT_MESSAGES.startTime });
  if (!endOk) problems.push({ path: 'preferredTime.end', message: SLOT_MESSAGES.endTime });
  if (startOk && endOk && end <= start) {
    problems.push({ path: 'preferredTime.end', message: SLOT_MESSAGES.endTimeNotAfterStart });
  }
  return problems;
}

/**
 * Throws a 400 when the slot breaks a rule. The message is the first problem's sentence (what a person
 * reads); `issues` lists all of them by field, like `parse` does.
 */
export function assertValidSlot(dates: DateRange, times: TimeRange, today: string): void {
  const problems = slotProblems(dates, times, today);
  const [first] = problems;
  if (first) throw badRequest(first.message, { issues: problems });
}
