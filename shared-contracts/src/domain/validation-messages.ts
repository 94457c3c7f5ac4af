import { currentLocale, loading, registerMessages, translateIn } from '@utsav/contracts/i18n-core';
import { DEFAULT_LOCALE } from './language';
import en from './validation/locales/en-IN.json';

/**
 * The schemas' messages (the 'validation' catalogue, below), looked up when a parse reports them, never
 * as a schema is built: zod calls a schema's `error` function for each issue it reports, and the message is then
 * said in the language of the work under way (i18n-core's `currentLocale`): the page's, or on a server the request's.
 * So one schema speaks Hindi on a Hindi page (or request) and English on an English one.
 */

/**
 * The schemas' words, a catalogue of their own ('validation'): about 1.5 KB gzip that a page needs only with its
 * schemas, which load with the first answer they check or the first form (checked-answer.ts), not with the
 * contracts' main entry, which every first load carries (bench first-load, tooling/src/perf/README.md).
 */
registerMessages('validation', { en, hi: () => import(/* webpackChunkName: "validation-hi-IN" */ './validation/locales/hi-IN.json') });
// registered after the page chose its language (the schemas came later): that language's words are fetched now,
// long before a form is sent (a page that changes language later fetches every catalogue registered: loadLocale)
if (currentLocale() !== DEFAULT_LOCALE) void loading(currentLocale(), 'validation')?.catch(() => undefined);

export type ValidationMessage = keyof typeof en;

/** A message said when it is called (zod's `error`, a refinement's). */
export type Said = () => string;

/** A lazy message's values: text, numbers, or other lazy messages (a field's label: 'Full name'). */
export type SaidValues = Record<string, string | number | Said>;

/** A validation message now, in the language of the work under way. */
export function sayNow(id: ValidationMessage, values?: SaidValues): string {
  const words = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'function' ? value() : String(value)]));
  return translateIn(currentLocale(), 'validation', id, words);
}

/** A validation message looked up when it is said: `.min(1, { error: said('validation.required', { label }) })`. */
export const said =
  (id: ValidationMessage, values?: SaidValues): Said =>
  () =>
    sayNow(id, values);

/** A field's label, said with the message it is in ('Full name' in 'Full name is required'). */
export const label = (id: Extract<ValidationMessage, `validation.label.${string}`>): Said => said(id);

/**
 * Named messages, each said when it is read (a module's constants of words: `SLOT_MESSAGES.endTime` is said in
 * the language of the moment it is read, never frozen at import).
 */
export function saidWhenRead<Name extends string>(messages: Record<Name, Said>): Readonly<Record<Name, string>> {
  const words = {} as Record<Name, string>;
  for (const [name, message] of Object.entries(messages) as [Name, Said][]) Object.defineProperty(words, name, { get: message, enumerable: true });
  return words;
}
