import { DEFAULT_LOCALE, formatMoment, type Locale } from '@utsav/contracts';

// made on first use (see formatINR in the contracts): an Intl formatter is slow to build
let dateTime: Intl.DateTimeFormat | undefined;

/**
 * An ISO timestamp as a date and time; the raw text when it is not one. English reads as it always has
 * (the runtime's en-IN medium date and short time); Hindi in the contracts' words ('25 नव॰ 2026, 2:05 अपराह्न').
 */
export function formatDateTime(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (locale !== DEFAULT_LOCALE) return formatMoment(date, locale);
  dateTime ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}
