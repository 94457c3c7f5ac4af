import { useAtomValue } from 'jotai';
import { use, useCallback } from 'react';
import { currentLocale, loadLocale, pageLoading, translateIn, type MessageValues, type Translate } from '@utsav/contracts/i18n-core';
import { localeOr, type Locale } from '../domain/language';
import { localeAtom } from './locale-atom';
import { utsavStore, type Store } from './store';

/**
 * Hindi and English: the page's one i18n library (Lingui's runtime, @lingui/core; chosen by first-load
 * cost: 3.6 KB gzip with its React binding, against 17 KB for i18next + react-i18next and 7.4 KB for
 * react-intl with precompiled messages — measured in issue 20's closing note; this uses the core alone).
 * It is in @utsav/contracts, which every app shares as a singleton, so a page has one.
 *
 * - Each app owns its strings: `src/locales/en-IN.json` and `hi-IN.json` (id -> ICU message), compiled at
 *   build time (tooling/src/i18n-catalogue.cjs), registered under the app's namespace when its code loads
 *   (`registerMessages`). English ships with the code; Hindi is fetched only when it is chosen.
 * - The language is one jotai atom, `localeAtom`, in the page's store: the browser's, or a server-rendered
 *   request's own (ServerScope), so two requests in different languages never mix. Nothing else holds it: code
 *   outside React (`translate`, a schema's messages, the API client) reads the same atom through `currentLocale()`
 *   (client/server-scope.ts says where it is). One Lingui instance per language, whose locale never changes,
 *   holds the messages: nothing per request but the atom.
 * - `useT(namespace)` reads the language and suspends (React's `use`) until that language's catalogue of the
 *   namespace is here (or could not be fetched: English meanwhile); a page in Hindi is drawn in Hindi on the server too.
 */

export { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, localeOr, type Locale } from '../domain/language';
// the registry, by the name it is shared under (its one copy on the page): i18n-core.ts
export { currentLocale, loadLocale, registerMessages, translateIn, type Catalogues, type MessageValues, type Translate } from '@utsav/contracts/i18n-core';
/** The device's choice, readable by the host server (it renders in it) and the page (it starts in it). */
export const LOCALE_COOKIE = 'utsav_lang';

/** The language the page is in. */
export { localeAtom };

/**
 * The translate function of a namespace, in the page's language; re-renders when the language changes.
 * `Ids` are the namespace's ids: `useT<keyof typeof en>('booking')`.
 */
export function useT<Ids extends string>(namespace: string): Translate<Ids> {
  const locale = useAtomValue(localeAtom);
  // never rejects: a catalogue that cannot be fetched (offline) leaves the page in English
  const pending = pageLoading(locale, namespace);
  if (pending) use(pending);
  return useCallback((id: Ids, values?: MessageValues) => translateIn(locale, namespace, id, values), [locale, namespace]);
}

/** Outside React (a toast from an event handler): a message in the page's language (`currentLocale`). */
export function translate(namespace: string, id: string, values?: MessageValues): string {
  return translateIn(currentLocale(), namespace, id, values);
}

/** The page's language: a hook for formatting (numbers and dates in hi-IN / en-IN). */
export const useLocale = (): Locale => useAtomValue(localeAtom);

/** The device's language from a Cookie header or document.cookie; English when none or unknown. */
export function localeFromCookies(cookies: string | undefined): Locale {
  const value = /(?:^|;\s*)utsav_lang=([^;]+)/.exec(cookies ?? '')?.[1];
  return localeOr(value);
}

/**
 * Turns the page to a language: fetches its catalogues first (nothing flashes back to English), remembers
 * it on this device (a year), then re-renders every translated text. The profile keeps it per user
 * (the language setting of My Account saves it there too).
 */
export async function changeLocale(locale: Locale, store: Store = utsavStore): Promise<void> {
  await loadLocale(locale);
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`;
  document.documentElement.lang = locale;
  store.set(localeAtom, locale);
}
