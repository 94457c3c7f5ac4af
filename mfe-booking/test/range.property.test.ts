import fc from 'fast-check';
import { addDays, compareIso, type IsoDate } from '../src/shared/dates';
import { dayRole, EMPTY_RANGE, nextRange, type DateRange } from '../src/features/slots/range';
import { DATE_RANGE_MESSAGE } from '@utsav/contracts/schemas';
import { checkSelection } from './support/slot-check';

const RUNS = { numRuns: 500 };
const TODAY: IsoDate = '2026-12-03';

/** A date the calendar lets one click: today or up to about two years on (across month and year ends, a leap day). */
const validDate = fc.integer({ min: 0, max: 800 }).map((n) => addDays(TODAY, n));
const clicks = fc.array(validDate, { maxLength: 40 });
const nearDate = fc.integer({ min: 0, max: 4 }).map((n) => addDays('2026-12-30', n));
const fewClicks = fc.array(nearDate, { maxLength: 6 });

/** Any state the clicks can lead to: nothing, a start, or a start with an end on or after it. */
const reachable: fc.Arbitrary<DateRange> = fc.oneof(
  fc.constant(EMPTY_RANGE),
  validDate.map((start) => ({ start, end: null })),
  fc.tuple(validDate, fc.integer({ min: 0, max: 60 })).map(([start, n]) => ({ start, end: addDays(start, n) })),
);

const replay = (dates: IsoDate[]) => dates.reduce(nextRange, EMPTY_RANGE);
const wellFormed = (range: DateRange) =>
  range.start === null ? range.end === null : range.end === null || compareIso(range.end, range.start) >= 0;

describe('date range rules, for any clicks (property)', () => {
  it('never has an end before the start, nor an end without a start, after any sequence of clicks', () => {
    fc.assert(
      fc.property(clicks, (dates) => {
        let range = EMPTY_RANGE;
        for (const date of dates) {
          range = nextRange(range, date);
          expect(wellFormed(range)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('always has the clicked date as the start or the end, and never invents a date', () => {
    fc.assert(
      fc.property(reachable, validDate, (range, clicked) => {
        const next = nextRange(range, clicked);
        expect(next.start === clicked || next.end === clicked).toBe(true);
        expect([clicked, range.start]).toContain(next.start);
      }),
      RUNS,
    );
  });

  it('restarts with the clicked date as the start and no end on a click before the start', () => {
    fc.assert(
      fc.property(reachable, validDate, (range, clicked) => {
        fc.pre(range.start !== null && compareIso(clicked, range.start) < 0);
        expect(nextRange(range, clicked)).toEqual({ start: clicked, end: null });
      }),
      RUNS,
    );
  });

  it('restarts with any click, inside the range, before it or after it, once both ends are set', () => {
    fc.assert(
      fc.property(reachable, validDate, (range, clicked) => {
        fc.pre(range.end !== null);
        expect(nextRange(range, clicked)).toEqual({ start: clicked, end: null });
      }),
      RUNS,
    );
  });

  it('sets the end, keeping the start, on a click on or after the start when there is no end yet', () => {
    fc.assert(
      fc.property(validDate, fc.integer({ min: 0, max: 400 }), (start, n) => {
        const clicked = addDays(start, n);
        expect(nextRange({ start, end: null }, clicked)).toEqual({ start, end: clicked });
      }),
      RUNS,
    );
  });

  it('starts with the first click', () => {
    fc.assert(
      fc.property(validDate, (clicked) => {
        expect(nextRange(EMPTY_RANGE, clicked)).toEqual({ start: clicked, end: null });
      }),
      RUNS,
    );
  });

  it('depends only on the state before the click and the date clicked, whatever led to that state', () => {
    fc.assert(
      // a few dates close together, so that two different histories often end in the same state
      fc.property(fewClicks, fewClicks, nearDate, (history1, history2, clicked) => {
        const a = replay(history1);
        const b = replay(history2);
        fc.pre(a.start === b.start && a.end === b.end);
        expect(nextRange(a, clicked)).toEqual(nextRange(b, clicked));
      }),
      RUNS,
    );
    // and the same state, reached by two different paths, answers a click the same way
    fc.assert(
      fc.property(clicks, validDate, validDate, (history, start, clicked) => {
        const viaHistory = replay([...history, start]);
        const fresh = nextRange(EMPTY_RANGE, start);
        fc.pre(viaHistory.end === null);
        expect(viaHistory).toEqual(fresh);
        expect(nextRange(viaHistory, clicked)).toEqual(nextRange(fresh, clicked));
      }),
      RUNS,
    );
  });

  it('neither changes the state it is given nor answers the same click differently twice', () => {
    fc.assert(
      fc.property(reachable, validDate, (range, clicked) => {
        const before = { ...range };
        const first = nextRange(range, clicked);
        expect(range).toEqual(before);
        expect(nextRange(range, clicked)).toEqual(first);
      }),
      RUNS,
    );
  });

  it('ends with a range made by the last click or the last two, whatever came before', () => {
    fc.assert(
      fc.property(clicks, validDate, validDate, (history, second, last) => {
        const range = replay([...history, second, last]);
        // the last click either set the end (after a start) or restarted at it
        expect(range.end === last || (range.start === last && range.end === null)).toBe(true);
        if (range.end === last) expect(compareIso(range.start!, last)).toBeLessThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('marks exactly the chosen days: one start, one end, and the days between in range', () => {
    fc.assert(
      fc.property(clicks, fc.integer({ min: -5, max: 70 }), (dates, offset) => {
        const range = replay(dates);
        fc.pre(range.start !== null);
        const day = addDays(range.start!, offset);
        const last = range.end ?? range.start!;
        const inside = compareIso(day, range.start!) >= 0 && compareIso(day, last) <= 0;
        expect(dayRole(range, day) !== null).toBe(inside);
      }),
      RUNS,
    );
  });
});

describe('selection checks, for any range (property)', () => {
  const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(
    ([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
  );
  const anyTime = fc.oneof(time, fc.constant(''), fc.string({ maxLength: 6 }));

  it("always says 'Please select a valid date range.' without a start date, whatever the times", () => {
    fc.assert(
      fc.property(fc.option(validDate, { nil: null }), anyTime, anyTime, (end, startTime, endTime) => {
        expect(checkSelection({ range: { start: null, end }, startTime, endTime })).toEqual({
          ok: false,
          message: DATE_RANGE_MESSAGE,
        });
        expect(DATE_RANGE_MESSAGE).toBe('Please select a valid date range.');
      }),
      RUNS,
    );
  });

  it('takes the start as the end when there is none, and keeps a chosen end, for valid times', () => {
    fc.assert(
      fc.property(reachable, time, fc.integer({ min: 1, max: 600 }), (range, startTime, minutes) => {
        fc.pre(range.start !== null);
        const [h, m] = startTime.split(':').map(Number);
        const endMinutes = h! * 60 + m! + minutes;
        fc.pre(endMinutes < 24 * 60);
        const endTime = `${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
        const result = checkSelection({ range, startTime, endTime });
        expect(result).toEqual({
          ok: true,
          slot: {
            preferredDateRange: { from: range.start, to: range.end ?? range.start },
            preferredTime: { start: startTime, end: endTime },
          },
        });
      }),
      RUNS,
    );
  });

  it('never accepts a selection whose end time is not after its start time', () => {
    fc.assert(
      fc.property(reachable, time, time, (range, startTime, endTime) => {
        fc.pre(range.start !== null && endTime <= startTime);
        expect(checkSelection({ range, startTime, endTime }).ok).toBe(false);
      }),
      RUNS,
    );
  });
});
