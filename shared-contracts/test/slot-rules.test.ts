import fc from 'fast-check';
import {
  addDays,
  bookingWindow,
  consistentTimes,
  hourToTime,
  isBookableStartDate,
  isInBookingWindow,
  isStartHourGone,
  MAX_DAYS_AHEAD,
  nowInIndia,
  openStartHours,
  SLOT_END_HOURS,
  SLOT_MESSAGES,
  SLOT_START_HOURS,
  slotProblems,
  type IndiaTime,
} from '../src/domain/slot-rules';

/** The one rule module of the slot page and the API: India's clock, the 365-day window, the hours. */

const at = (date: string, hour: number, minute = 0): IndiaTime => ({ date, hour, minute });
const TODAY = '2026-03-10';

describe('nowInIndia', () => {
  test('reads India’s clock, whatever the machine’s zone: 18:29 UTC is 23:59 IST, 18:30 UTC the next day', () => {
    expect(nowInIndia(new Date('2026-03-10T18:29:00Z'))).toEqual(at('2026-03-10', 23, 59));
    expect(nowInIndia(new Date('2026-03-10T18:30:00Z'))).toEqual(at('2026-03-11', 0, 0));
    expect(nowInIndia(new Date('2026-03-10T04:45:00Z'))).toEqual(at('2026-03-10', 10, 15));
  });

  test('the year turns at India’s midnight', () => {
    expect(nowInIndia(new Date('2026-12-31T18:30:00Z'))).toEqual(at('2027-01-01', 0, 0));
  });
});

describe('the booking window', () => {
  test('today to today + 365 days, across a leap day', () => {
    expect(bookingWindow(at('2027-03-01', 9))).toEqual({ first: '2027-03-01', last: '2028-02-29' });
    expect(MAX_DAYS_AHEAD).toBe(365);
  });

  test('property: a date is in the window exactly when slotProblems has no date problem for it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 800 }), fc.integer({ min: -20, max: 800 }), (offset, extra) => {
        const now = at(TODAY, 0);
        const from = addDays(TODAY, offset);
        const to = addDays(from, Math.max(0, extra));
        const dateProblems = slotProblems({ from, to }, { start: '09:00', end: '17:00' }, now).filter((p) => p.path.startsWith('preferredDateRange'));
        expect(dateProblems.length === 0).toBe(isInBookingWindow(from, now) && isInBookingWindow(to, now));
      }),
    );
  });
});

describe('start hours gone today', () => {
  test('an hour is gone once it has begun: at 10:00 the 10:00 start is gone, 11:00 is open', () => {
    expect(isStartHourGone(TODAY, 10, at(TODAY, 10, 0))).toBe(true);
    expect(isStartHourGone(TODAY, 10, at(TODAY, 9, 59))).toBe(false);
    expect(isStartHourGone(addDays(TODAY, 1), 8, at(TODAY, 23, 59))).toBe(false);
    expect(openStartHours(TODAY, at(TODAY, 10, 30))).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(openStartHours(addDays(TODAY, 1), at(TODAY, 10, 30))).toEqual([...SLOT_START_HOURS]);
  });

  test('after 17:00 no start is left today: today cannot start a slot, tomorrow can', () => {
    expect(openStartHours(TODAY, at(TODAY, 17, 0))).toEqual([]);
    expect(isBookableStartDate(TODAY, at(TODAY, 17, 0))).toBe(false);
    expect(isBookableStartDate(TODAY, at(TODAY, 16, 59))).toBe(true);
    expect(isBookableStartDate(addDays(TODAY, 1), at(TODAY, 23, 0))).toBe(true);
    expect(isBookableStartDate(addDays(TODAY, -1), at(TODAY, 0))).toBe(false);
    expect(isBookableStartDate(addDays(TODAY, MAX_DAYS_AHEAD + 1), at(TODAY, 0))).toBe(false);
  });

  test('slotProblems refuses a gone start hour today with the shared message, and only today', () => {
    const now = at(TODAY, 12, 5);
    const today = { from: TODAY, to: addDays(TODAY, 2) };
    expect(slotProblems(today, { start: '12:00', end: '15:00' }, now)).toEqual([
      { path: 'preferredTime.start', message: SLOT_MESSAGES.startHourGone },
    ]);
    expect(slotProblems(today, { start: '13:00', end: '15:00' }, now)).toEqual([]);
    expect(slotProblems({ from: addDays(TODAY, 1), to: addDays(TODAY, 1) }, { start: '08:00', end: '09:00' }, now)).toEqual([]);
    // a bare date is the start of that day: nothing is gone yet
    expect(slotProblems(today, { start: '08:00', end: '09:00' }, TODAY)).toEqual([]);
  });

  test('property: for today, a valid start hour is refused exactly when India’s clock has reached it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom(...SLOT_START_HOURS), (hour, minute, start) => {
        const problems = slotProblems({ from: TODAY, to: TODAY }, { start: hourToTime(start), end: '18:00' }, at(TODAY, hour, minute));
        const gone = problems.some((problem) => problem.message === SLOT_MESSAGES.startHourGone);
        expect(gone).toBe(start <= hour);
      }),
    );
  });
});

describe('consistentTimes (what the page keeps in its dropdowns)', () => {
  test('a gone start moves to the first open hour, and the end stays after it', () => {
    expect(consistentTimes(TODAY, { start: '09:00', end: '17:00' }, at(TODAY, 10, 30))).toEqual({ start: '11:00', end: '17:00' });
    expect(consistentTimes(TODAY, { start: '09:00', end: '11:00' }, at(TODAY, 10, 30))).toEqual({ start: '11:00', end: '12:00' });
    expect(consistentTimes(addDays(TODAY, 1), { start: '09:00', end: '17:00' }, at(TODAY, 10, 30))).toEqual({ start: '09:00', end: '17:00' });
    expect(consistentTimes(null, { start: '16:00', end: '12:00' }, at(TODAY, 10))).toEqual({ start: '16:00', end: '17:00' });
  });

  test('property: whatever the date, times and clock, the result passes slotProblems' + "' time rules", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...SLOT_START_HOURS),
        fc.constantFrom(...SLOT_END_HOURS),
        fc.integer({ min: 0, max: 16 }),
        (offset, start, end, hour) => {
          const now = at(TODAY, hour, 30);
          const date = addDays(TODAY, offset);
          const times = consistentTimes(date, { start: hourToTime(start), end: hourToTime(end) }, now);
          expect(slotProblems({ from: date, to: date }, times, now)).toEqual([]);
        },
      ),
    );
  });
});
