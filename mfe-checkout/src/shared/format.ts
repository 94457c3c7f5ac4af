import { DEFAULT_LOCALE, formatMoment, type Locale } from '@utsav/contracts';

/**
 * An ISO timestamp as a date and time in the contracts' words ('25 Nov 2026, 2:05 PM', '25 नव॰ 2026,
 * 2:05 अपराह्न'), as every other page writes one; the raw text when it is not one.
 */
export function formatDateTime(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatMoment(date, locale);
}
