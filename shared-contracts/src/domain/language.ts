/**
 * The languages Utsav speaks, as plain data: the API (which stores a user's choice) and the pages
 * (i18n.ts) read them from here, without the i18n library.
 */
export const LOCALES = ['en-IN', 'hi-IN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-IN';
/** Each language in its own words, as the language switch offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { 'en-IN': 'English', 'hi-IN': 'हिन्दी' };

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** A stored or sent language if Utsav speaks it, else English (a cookie, a profile, a notification row). */
export const localeOr = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);
