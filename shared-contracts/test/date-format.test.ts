import { formatDate, formatDateRange, formatDay, formatShortDate, formatTime12, formatTimeRange, isCalendarDate, parseIsoDate } from '../src/date-format';

describe('booking dates and times in words', () => {
  it('formats calendar dates as "5 Dec 2026", and leaves anything else as it is', () => {
    expect(formatDate('2026-12-05')).toBe('5 Dec 2026');
    expect(formatDate('2027-01-31')).toBe('31 Jan 2027');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDate('soon')).toBe('soon');
  });

  it('formats a short date as "5 Dec", and leaves anything else as it is', () => {
    expect(formatShortDate('2026-12-05')).toBe('5 Dec');
    expect(formatShortDate('2027-01-31')).toBe('31 Jan');
    expect(formatShortDate('2026-02-30')).toBe('2026-02-30');
  });

  it('formats 24-hour times on the 12-hour clock', () => {
    expect(formatTime12('08:00')).toBe('8:00 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('00:30')).toBe('12:30 AM');
    expect(formatTime12('18:00')).toBe('6:00 PM');
    expect(formatTime12('25:00')).toBe('25:00');
  });

  it('formats a moment as its local calendar day', () => {
    expect(formatDay(new Date(2026, 10, 22, 23, 59))).toBe('22 Nov 2026');
    expect(formatDay(new Date(2027, 0, 1))).toBe('1 Jan 2027');
  });

  it('joins the ends of a date range with a spaced en dash, and shows one date for one day', () => {
    expect(formatDateRange({ from: '2026-12-05', to: '2026-12-07' })).toBe('5 Dec 2026 – 7 Dec 2026');
    expect(formatDateRange({ from: '2026-12-30', to: '2027-01-02' })).toBe('30 Dec 2026 – 2 Jan 2027');
    expect(formatDateRange({ from: '2026-12-05', to: '2026-12-05' })).toBe('5 Dec 2026');
    expect(formatDateRange({ from: '2026-12-05', to: null })).toBe('5 Dec 2026');
    expect(formatDateRange({ from: '2026-02-30', to: '2026-12-07' })).toBe('7 Dec 2026');
    expect(formatDateRange({ from: 'soon' })).toBe('Date not specified');
    expect(formatDateRange(null)).toBe('Date not specified');
  });

  it('words each end of a date range with the formatter it is given', () => {
    expect(formatDateRange({ from: '2026-12-05', to: '2026-12-07' }, formatShortDate)).toBe('5 Dec – 7 Dec');
  });

  it('joins the ends of a time range with a spaced en dash on the 12-hour clock', () => {
    expect(formatTimeRange({ start: '09:00', end: '17:00' })).toBe('9:00 AM – 5:00 PM');
    expect(formatTimeRange({ start: '12:00', end: null })).toBe('12:00 PM');
    expect(formatTimeRange({ start: '25:00', end: '18:00' })).toBe('6:00 PM');
    expect(formatTimeRange({})).toBe('Time not specified');
    expect(formatTimeRange(undefined)).toBe('Time not specified');
  });
});

describe('calendar dates', () => {
  it('accepts only real calendar dates', () => {
    expect(parseIsoDate('2026-12-05')).toEqual({ year: 2026, month: 11, day: 5 });
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-12-5')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
    expect([isCalendarDate('2028-02-29'), isCalendarDate('2026-02-29'), isCalendarDate(null)]).toEqual([true, false, false]);
  });
});
