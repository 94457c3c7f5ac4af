// made on first use (see formatINR in the contracts): an Intl formatter is slow to build
let dateTime: Intl.DateTimeFormat | undefined;

/** An ISO timestamp as a date and time (en-IN); the raw text when it is not one. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}
