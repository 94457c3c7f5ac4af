import { addDays, dayNumber } from '@utsav/contracts/slot-rules';

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month before (-1) or after (+1) 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The weekday (0 = Sunday) of a 'YYYY-MM-DD' date; 1970-01-01 was a Thursday. */
export const weekdayOf = (date: string) => (((dayNumber(date) + 4) % 7) + 7) % 7;

/** The days of a month view, Sunday first: null for the blanks before the 1st. */
export function monthGrid(days: readonly string[]): (string | null)[] {
  if (days.length === 0) return [];
  return [...Array.from({ length: weekdayOf(days[0]!) }, () => null), ...days];
}

export { addDays };
