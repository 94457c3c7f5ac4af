process.env.TZ = 'UTC';

import { formatDate, formatDateRange, formatDay, formatMoment, momentInIndia, formatShortDate, formatTime12, formatTimeRange, isCalendarDate, parseIsoDate } from '../src/domain/date-format';

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

  // this suite runs with the process in UTC (below): a phone set to UTC sees India's time all the same
  it('formats a moment as its calendar day in India, whatever the device\'s time zone', () => {
    expect(process.env.TZ).toBe('UTC');
    expect(new Date('2026-11-22T18:40:00Z').getDate()).toBe(22);
    expect(formatDay(new Date('2026-11-22T18:40:00Z'))).toBe('23 Nov 2026');
    expect(formatDay('2026-12-31T18:30:00Z')).toBe('1 Jan 2027');
    expect(formatDay('2027-01-01T00:00:00+05:30', 'hi-IN')).toBe('1 जन॰ 2027');
    expect(formatDay('soon')).toBe('soon');
  });

  it('formats a moment in India\'s time, in English and Hindi, whatever the device\'s time zone', () => {
    // the same moment the cart showed as 12:47 PM on a phone set to UTC, and the history as 6:17 PM
    expect(new Date('2026-11-25T12:47:00Z').getHours()).toBe(12);
    expect(formatMoment('2026-11-25T12:47:00Z')).toBe('25 Nov 2026, 6:17 PM');
    expect(formatMoment(new Date('2026-11-25T12:47:00Z'), 'hi-IN')).toBe('25 नव॰ 2026, 6:17 अपराह्न');
    expect(formatMoment('2026-11-25T18:30:00Z')).toBe('26 Nov 2026, 12:00 AM');
    expect(formatMoment('2026-11-25T06:30:00Z')).toBe('25 Nov 2026, 12:00 PM');
    expect(formatMoment('not a moment')).toBe('not a moment');
    expect(momentInIndia('2026-11-25T12:47:00Z')).toEqual({ date: '2026-11-25', time: '18:17' });
    expect(momentInIndia('later')).toBeNull();
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
