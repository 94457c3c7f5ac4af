import { loadLocale, registerMessages, translateIn, type MessageValues } from '@utsav/contracts/i18n-core';
import type { Locale } from '@utsav/contracts/language';
import en from '../locales/en-IN.json';

/**
 * The API's own words for people (its error messages, src/locales/<locale>.json, compiled like the apps'
 * catalogues: api/build.mjs, and jest's transform), under the namespace 'api'. English is the text the API
 * has always sent; each answer is said in its request's language (error-handler.ts, request-locale.ts).
 * Looked up when said, never as a module loads.
 */
registerMessages('api', { en, hi: () => import('../locales/hi-IN.json') });

export type ApiMessage = keyof typeof en;

/** An API message in a language (English until that language's catalogue is loaded: loadApiMessages). */
export const apiText = (locale: Locale, id: ApiMessage, values?: MessageValues): string => translateIn(locale, 'api', id, values);

/** Every language's catalogue of the API's words (and the contracts': validation messages), before the API answers. */
export async function loadApiMessages(): Promise<void> {
  await loadLocale('hi-IN');
}
