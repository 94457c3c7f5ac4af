import { monthGrid, shiftMonth, weekdayOf } from '../src/features/calendar/month';

it('knows the weekday of a date, whatever the time zone', () => {
  expect(weekdayOf('1970-01-01')).toBe(4);
  expect(weekdayOf('2027-03-01')).toBe(1);
  expect(weekdayOf('2026-11-29')).toBe(0);
});

it('lays a month out from Sunday, with blanks before the 1st', () => {
  const days = Array.from({ length: 31 }, (_, index) => `2027-03-${String(index + 1).padStart(2, '0')}`);
  const grid = monthGrid(days);
  expect(grid.slice(0, 2)).toEqual([null, '2027-03-01']);
  expect(grid).toHaveLength(32);
  expect(monthGrid([])).toEqual([]);
});

it('moves between months across years', () => {
  expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  expect(shiftMonth('2026-11', 0)).toBe('2026-11');
});
