import {
  addDays,
  MAX_DAYS_AHEAD,
  SLOT_END_HOURS,
  SLOT_MESSAGES,
  SLOT_START_HOURS,
  slotProblems,
} from '@utsav/contracts/slot-rules';
import { assertValidSlot } from '../src/bookings/slot-rules';
import { HttpError } from '../src/http/http-error';

const TODAY = '2026-03-10';
const days = (n: number) => addDays(TODAY, n);
const ok = { from: days(1), to: days(2) };
const hours = { start: '09:00', end: '17:00' };

test('addDays crosses months, leap days and years', () => {
  expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
});

test('the hour lists are the spec’s: 08–17 to start, 09–18 to end', () => {
  expect(SLOT_START_HOURS).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  expect(SLOT_END_HOURS).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
});

test('a good slot has no problems: today, one day, the widest and narrowest hours, the last day', () => {
  expect(slotProblems(ok, hours, TODAY)).toEqual([]);
  expect(slotProblems({ from: TODAY, to: TODAY }, { start: '08:00', end: '18:00' }, TODAY)).toEqual([]);
  expect(slotProblems({ from: days(MAX_DAYS_AHEAD), to: days(MAX_DAYS_AHEAD) }, { start: '17:00', end: '18:00' }, TODAY)).toEqual([]);
});

test.each<[string, { from: string; to: string }, { start: string; end: string }, string]>([
  ['end date before start', { from: days(3), to: days(2) }, hours, SLOT_MESSAGES.endDateBeforeStart],
  ['start yesterday', { from: days(-1), to: days(1) }, hours, SLOT_MESSAGES.startDateInPast],
  ['start beyond a year', { from: days(MAX_DAYS_AHEAD + 1), to: days(MAX_DAYS_AHEAD + 1) }, hours, SLOT_MESSAGES.tooFarAhead],
  ['end beyond a year', { from: days(MAX_DAYS_AHEAD), to: days(MAX_DAYS_AHEAD + 1) }, hours, SLOT_MESSAGES.tooFarAhead],
  ['start at 07:00', ok, { start: '07:00', end: '17:00' }, SLOT_MESSAGES.startTime],
  ['start at 18:00', ok, { start: '18:00', end: '18:00' }, SLOT_MESSAGES.startTime],
  ['start off the hour', ok, { start: '09:30', end: '17:00' }, SLOT_MESSAGES.startTime],
  ['end at 08:00', ok, { start: '08:00', end: '08:00' }, SLOT_MESSAGES.endTime],
  ['end at 19:00', ok, { start: '09:00', end: '19:00' }, SLOT_MESSAGES.endTime],
  ['end off the hour', ok, { start: '09:00', end: '16:59' }, SLOT_MESSAGES.endTime],
  ['end equal to start', ok, { start: '12:00', end: '12:00' }, SLOT_MESSAGES.endTimeNotAfterStart],
  ['end before start', ok, { start: '15:00', end: '10:00' }, SLOT_MESSAGES.endTimeNotAfterStart],
])('%s', (_label, dates, times, message) => {
  expect(slotProblems(dates, times, TODAY).map((problem) => problem.message)).toContain(message);
  expect(() => assertValidSlot(dates, times, TODAY)).toThrow(HttpError);
});

test('assertValidSlot: a 400 whose message is the first problem and whose issues list all', () => {
  let error: unknown;
  try {
    assertValidSlot({ from: days(-2), to: days(-3) }, { start: '12:00', end: '11:00' }, TODAY);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(HttpError);
  const httpError = error as HttpError;
  expect(httpError.statusCode).toBe(400);
  expect(httpError.message).toBe(SLOT_MESSAGES.endDateBeforeStart);
  expect(httpError.details).toEqual({
    issues: [
      { path: 'preferredDateRange.to', message: SLOT_MESSAGES.endDateBeforeStart },
      { path: 'preferredDateRange.from', message: SLOT_MESSAGES.startDateInPast },
      { path: 'preferredTime.end', message: SLOT_MESSAGES.endTimeNotAfterStart },
    ],
  });
});
