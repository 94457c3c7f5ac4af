import { commonText, type CommonMessage } from './common-messages';
import { currentLocale } from '@utsav/contracts/i18n-core';

/**
 * The schemas' messages (validation.* in the contracts' catalogue), looked up when a parse reports them, never
 * as a schema is built: zod calls a schema's `error` function for each issue it reports, and the message is then
 * said in the language of the work under way (i18n-core's `currentLocale`): the page's, or on a server the request's.
 * So one schema speaks Hindi on a Hindi page (or request) and English on an English one.
 */

export type ValidationMessage = Extract<CommonMessage, `validation.${string}`>;

/** A message said when it is called (zod's `error`, a refinement's). */
export type Said = () => string;

/** A lazy message's values: text, numbers, or other lazy messages (a field's label: 'Full name'). */
export type SaidValues = Record<string, string | number | Said>;

/** A validation message now, in the language of the work under way. */
export function sayNow(id: ValidationMessage, values?: SaidValues): string {
  const words = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'function' ? value() : String(value)]));
  return commonText(currentLocale(), id, words);
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
