import { formatDate, formatTime12 } from '@utsav/contracts';

export { formatDate, formatTime12 };

/** Checkout's own date and time wording; single dates and times come from the contracts. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A moment's local calendar day: '22 Nov 2026'. */
export function formatDay(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** Spec §2: "Date (from - to)". */
export function formatDateRange(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDate(range.from) : `${formatDate(range.from)} - ${formatDate(range.to)}`;
}

/** Spec §2: "Time (start - end)", 12-hour. */
export function formatTimeRange(times: { start: string; end: string }): string {
  return `${formatTime12(times.start)} - ${formatTime12(times.end)}`;
}

// made on first use (see formatINR in the contracts): an Intl formatter is slow to build
let dateTime: Intl.DateTimeFormat | undefined;

/** An ISO timestamp as a date and time (en-IN); the raw text when it is not one. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}
