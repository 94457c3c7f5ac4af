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

interface Registry {
  /** one Lingui instance per language, whose locale never changes */
  instances: Record<Locale, I18n>;
  registered: Map<string, Catalogues>;
  /** `${locale} ${namespace}` -> its catalogue's load, settled or not */
  loads: Map<string, Promise<void>>;
  ready: Set<string>;
  /** `${locale} ${namespace}` -> what pages wait on for it (pageLoading) */
  pageWaits?: Map<string, Promise<void>>;
}

/**
 * One registry per page (or server process), whichever copy of this module asks: a remote that imports a
 * contracts sub-path (`@utsav/contracts/money`) bundles its own copy of this file, outside the federation's
 * shared @utsav/contracts, and must still find the Hindi the page has loaded. The registry holds only
 * messages (the same for every request); the language of a request is in its store (i18n.ts).
 */
const REGISTRY = Symbol.for('utsav.i18n.registry');
const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
const registry: Registry = (holder[REGISTRY] ??= {
  instances: {
    'en-IN': setupI18n({ locale: 'en-IN', messages: { 'en-IN': {} } }),
    'hi-IN': setupI18n({ locale: 'hi-IN', messages: { 'hi-IN': {} } }),
  },
  registered: new Map(),
  loads: new Map(),
  ready: new Set(),
});
// (a registry made by an older copy of this module has none yet)
const pageWaits = (registry.pageWaits ??= new Map());
const { instances, registered, loads, ready } = registry;

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
 * The language messages are being said in: what a lazy message (a zod schema's, looked up when a parse reports
 * it: validation-messages.ts) is looked up in. The page's language by default (i18n.ts keeps it in step with the
 * page's language atom); `inLocale` says a synchronous piece of work (a `safeParse`) in another language (the
 * API, in each request's). Shared by every copy of this module, like the registry.
 */
interface Saying {
  page: Locale;
  /** the languages of the `inLocale` calls under way, innermost last */
  inner: Locale[];
}
const SAYING = Symbol.for('utsav.i18n.saying');
const sayingHolder = globalThis as typeof globalThis & { [SAYING]?: Saying };
const saying: Saying = (sayingHolder[SAYING] ??= { page: DEFAULT_LOCALE, inner: [] });

/** The language messages are being said in now. */
export const sayingIn = (): Locale => saying.inner[saying.inner.length - 1] ?? saying.page;

/** Sets the page's language, the one messages are said in outside `inLocale` (i18n.ts, as the page turns). */
export function setSayingIn(locale: Locale): void {
  saying.page = locale;
}

/**
 * Runs `work` (synchronous: a `safeParse`) with its messages said in `locale`, then goes back to the language
 * before. Read the messages inside `work`: zod words a failed parse's issues when its `error` is first read.
 */
export function inLocale<T>(locale: Locale, work: () => T): T {
  saying.inner.push(locale);
  try {
    return work();
  } finally {
    saying.inner.pop();
  }
}
