import {
  addDays,
  addMonths,
  formatFullDate,
  formatMonthTitle,
  monthWeeks,
  toIsoDate,
  weekdayOf,
} from '../src/shared/dates';
import { END_TIME_OPTIONS, formatTime12, START_TIME_OPTIONS } from '../src/shared/times';

describe('calendar dates', () => {
  it.each([
    ['February 2026 (starts on a Sunday, 28 days)', 2026, 1, 4],
    ['December 2026', 2026, 11, 5],
    ['May 2026 (starts on a Friday, 31 days)', 2026, 4, 6],
    ['August 2026 (starts on a Saturday)', 2026, 7, 6],
    ['February 2028 (leap year)', 2028, 1, 5],
  ])('lays out %s in as many weeks as it needs', (_, year, month, weeks) => {
    const grid = monthWeeks(year, month);
    expect(grid).toHaveLength(weeks);
    grid.forEach((week) => expect(week).toHaveLength(7));
    const days = grid.flat().filter((day) => day !== null);
    expect(days[0]).toBe(toIsoDate(new Date(year, month, 1)));
    expect(days).toHaveLength(new Date(year, month + 1, 0).getDate());
  });

  it('puts each day under its weekday, Sunday first', () => {
    const grid = monthWeeks(2026, 11);
    expect(grid[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(grid[4]).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
  });

  it('never lays out more than the given number of weeks', () => {
    expect(monthWeeks(2026, 4, 5)).toHaveLength(5);
  });

  it('formats dates without going through a time zone', () => {
    expect(formatFullDate('2026-12-05')).toBe('Saturday, 5 December 2026');
    expect(formatFullDate('2027-01-01')).toBe('Friday, 1 January 2027');
    expect(formatMonthTitle(2026, 11)).toBe('December 2026');
    expect(formatMonthTitle(2026, 12)).toBe('January 2027');
    expect(weekdayOf('2026-03-29')).toBe(0);
  });

  it('reads the local calendar date of a moment, late at night and early in the morning', () => {
    expect(toIsoDate(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31');
    expect(toIsoDate(new Date(2027, 0, 1, 0, 0, 0))).toBe('2027-01-01');
  });

  it('adds days and months across month, year and daylight-saving boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // daylight-saving changes in the US (8 Mar, 1 Nov 2026) and Europe (29 Mar, 25 Oct 2026)
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-10-25', 7)).toBe('2026-11-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
  });
});

describe('slot times', () => {
  it('offers hourly start times 08:00–17:00 and end times 09:00–18:00, 10 each, with 12-hour labels', () => {
    expect(START_TIME_OPTIONS.map((o) => o.value)).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    expect(START_TIME_OPTIONS.map((o) => o.label)).toEqual([
      '8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM',
    ]);
    expect(END_TIME_OPTIONS.map((o) => o.value)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00']);
    expect(END_TIME_OPTIONS.map((o) => o.label)).toEqual([
      '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM', '6:00 PM',
    ]);
  });

  it('formats midnight, noon and minutes on the 12-hour clock', () => {
    expect(formatTime12('00:00')).toBe('12:00 AM');
    expect(formatTime12('12:30')).toBe('12:30 PM');
    expect(formatTime12('23:05')).toBe('11:05 PM');
    expect(formatTime12('nonsense')).toBe('nonsense');
  });
});
