import { loadLocale, registerMessages, translateIn, type MessageValues } from '@utsav/contracts/i18n-core';
import { LOCALES, type Locale } from './language';
import en from '../locales/en-IN.json';

/**
 * The contracts' own words under 'common', registered without React or jotai (i18n-core), so the formatters
 * the API shares too (money.ts, cancellation-policy.ts, api-client.ts) take their words from the catalogue.
 * The pages' hook is in contracts-messages.ts.
 */
registerMessages('common', { en, hi: () => import(/* webpackChunkName: "common-hi-IN" */ '../locales/hi-IN.json') });

export type CommonMessage = keyof typeof en;

/** A contracts message in a language, its id checked against the catalogue (formatters that take the language as an argument). */
export const commonText = (locale: Locale, id: CommonMessage, values?: MessageValues): string => translateIn(locale, 'common', id, values);

/** Every language's catalogue of the contracts' words, at once (a server that writes in each user's language: the API). */
export async function loadCommonMessages(): Promise<void> {
  await Promise.all(LOCALES.map((locale) => loadLocale(locale)));
}
