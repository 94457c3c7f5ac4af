import { formatDate, formatTime12 } from '../src/date-format';

describe('booking dates and times in words', () => {
  it('formats calendar dates as "5 Dec 2026", and leaves anything else as it is', () => {
    expect(formatDate('2026-12-05')).toBe('5 Dec 2026');
    expect(formatDate('2027-01-31')).toBe('31 Jan 2027');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDate('soon')).toBe('soon');
  });

  it('formats 24-hour times on the 12-hour clock', () => {
    expect(formatTime12('08:00')).toBe('8:00 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('00:30')).toBe('12:30 AM');
    expect(formatTime12('18:00')).toBe('6:00 PM');
    expect(formatTime12('25:00')).toBe('25:00');
  });
});
