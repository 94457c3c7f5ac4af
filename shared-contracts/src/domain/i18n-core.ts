import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './language';

/**
 * The messages themselves (i18n.ts has the page's side: the language atom and the hooks). Nothing here
 * needs React or jotai, so the formatters the API shares (money.ts, cancellation-policy.ts…) take their
 * words from the same catalogues; the API's build compiles them as the apps' builds do.
 */

/** An app's messages: English, bundled with its code, and each other language, loaded when asked for. */
export interface Catalogues {
  en: Messages;
  hi: () => Promise<{ default: Messages }>;
}

/*
 * The registry, one per page (or server process). This module holds state, so the apps share it as a singleton of
 * its own (`@utsav/contracts/i18n-core`, tooling/src/shared-modules.cjs) and the contracts import it by that name,
 * never by a relative path (eslint.config.mjs): a remote that bundles a contracts sub-path (`@utsav/contracts/money`)
 * still takes the page's one copy at run time (every app's build checks it: tooling/src/shared-state.cjs). It
 * holds only messages, the same for every request; the language of the work under way is `currentLocale` (below).
 */
/** one Lingui instance per language, whose locale never changes */
const instances: Record<Locale, I18n> = {
  'en-IN': setupI18n({ locale: 'en-IN', messages: { 'en-IN': {} } }),
  'hi-IN': setupI18n({ locale: 'hi-IN', messages: { 'hi-IN': {} } }),
};
const registered = new Map<string, Catalogues>();
/** `${locale} ${namespace}` -> its catalogue's load, settled or not */
const loads = new Map<string, Promise<void>>();
const ready = new Set<string>();
/** `${locale} ${namespace}` -> what pages wait on for it (pageLoading) */
const pageWaits = new Map<string, Promise<void>>();

const prefixed = (namespace: string, messages: Messages): Messages =>
  Object.fromEntries(Object.entries(messages).map(([id, message]) => [`${namespace}.${id}`, message]));

/** What a catalogue says, to tell a new release's words from another copy of the same ones. */
const wordsOf = (messages: Messages) => JSON.stringify(messages);

/**
 * Called by each app as its code loads: its namespace and catalogues. The same words again (another copy
 * of the module, the same release loaded again) change nothing; different words are a new release of the
 * app (the host's server loads a promoted remote without a restart): they replace the old ones, and the
 * other languages are fetched again from the new release when next asked for.
 */
export function registerMessages(namespace: string, catalogues: Catalogues): void {
  const known = registered.get(namespace);
  if (known && (known.en === catalogues.en || wordsOf(known.en) === wordsOf(catalogues.en))) return;
  registered.set(namespace, catalogues);
  instances['en-IN'].load('en-IN', prefixed(namespace, catalogues.en));
  ready.add(`en-IN ${namespace}`);
  if (!known) return;
  for (const locale of LOCALES.filter((other) => other !== DEFAULT_LOCALE)) {
    ready.delete(`${locale} ${namespace}`);
    loads.delete(`${locale} ${namespace}`);
    pageWaits.delete(`${locale} ${namespace}`);
  }
}

/** Starts (or finds) the load of a namespace's catalogue in a language; null once it is here. */
export function loading(locale: Locale, namespace: string): Promise<void> | null {
  const key = `${locale} ${namespace}`;
  if (ready.has(key)) return null;
  const catalogues = registered.get(namespace);
  if (!catalogues) throw new Error(`no messages are registered under "${namespace}"`);
  let load = loads.get(key);
  if (!load) {
    load = catalogues.hi().then(
      ({ default: messages }) => {
        instances[locale].load(locale, prefixed(namespace, messages));
        ready.add(key);
      },
      (error: unknown) => {
        loads.delete(key); // a failed fetch (offline) is tried again next time
        throw error;
      },
    );
    loads.set(key, load);
  }
  return load;
}

/** Marks a settled promise the way React's `use` reads it (`status`), so a render takes it at once. */
function markSettled(promise: Promise<void>): void {
  Object.assign(promise, { status: 'fulfilled', value: undefined });
}

/**
 * What a page drawing a namespace in a language waits on (React's `use`), or null when the catalogue
 * was already here: one promise per language and namespace, kept once made, so a render that waited
 * on it and its retry both `use` it (React's replay of a suspended component needs the same calls: a
 * `use` skipped on the replay, once the catalogue had settled, made the hooks after it fail, which
 * React reported as error #520 offline, issue 39). It settles when the catalogue is here or could not
 * be fetched (offline: the page is drawn in English), and never rejects: a page must not fail over
 * its words. Choosing the language again (`loadLocale`) fetches what failed.
 */
export function pageLoading(locale: Locale, namespace: string): Promise<void> | null {
  const key = `${locale} ${namespace}`;
  let wait = pageWaits.get(key);
  if (wait) return wait;
  const load = loading(locale, namespace);
  if (!load) return null;
  const settle = () => markSettled(wait!);
  wait = load.then(settle, settle);
  pageWaits.set(key, wait);
  return wait;
}

/** Every registered namespace's catalogue in a language (before the page turns to it). */
export async function loadLocale(locale: Locale): Promise<void> {
  // chosen again: what failed before is fetched again, and the pages wait for it
  for (const namespace of registered.keys()) if (!ready.has(`${locale} ${namespace}`)) pageWaits.delete(`${locale} ${namespace}`);
  await Promise.all([...registered.keys()].map((namespace) => loading(locale, namespace)));
}

/** Values a message's placeholders take: `{name}`, `{count, plural, …}`. */
export type MessageValues = Record<string, string | number>;
/** A namespace's translate function, typed by its English catalogue's ids. */
export type Translate<Ids extends string = string> = (id: Ids, values?: MessageValues) => string;

/** A message of a namespace in a language whose catalogue is here (English always is). */
function message(locale: Locale, namespace: string, id: string, values?: MessageValues): string {
  const which = ready.has(`${locale} ${namespace}`) ? locale : DEFAULT_LOCALE;
  return instances[which]._(`${namespace}.${id}`, values);
}

/** A message in a given language (formatters that take the language as an argument); English until that language's catalogue is here. */
export const translateIn = (locale: Locale, namespace: string, id: string, values?: MessageValues): string => message(locale, namespace, id, values);

/**
 * The language of the work under way: what a message looked up as it is said (a zod schema's, as a parse reports
 * it: validation-messages.ts), `translate` and the API client's calls (Accept-Language) say things in. It has one
 * source per process, set once by whoever owns the language there: in the pages, the language atom of the page's
 * jotai store (client/server-scope.ts: the browser's store, or on the host's server the store of the request being
 * rendered); in the API, the request being answered (api/src/http/request-locale.ts). English until one is set.
 */
let localeSource: () => Locale = () => DEFAULT_LOCALE;

/** Where the language of the work under way is read from (set once per process: see `currentLocale`). */
export function readLocaleFrom(source: () => Locale): void {
  localeSource = source;
}

/** The language of the work under way: the page's, or on a server the request's. */
export const currentLocale = (): Locale => localeSource();
