import { DEFAULT_LOCALE, type Locale } from '@utsav/contracts/language';
import { apiText, type ApiMessage } from './api-messages';

/**
 * A message's words: its id in the API's catalogue and its values. A value may itself be words (a reason inside
 * a sentence) or be said per language (a date, a duration).
 */
export interface Words {
  id: ApiMessage;
  values?: Record<string, WordValue>;
}
export type WordValue = string | number | Words | ((locale: Locale) => string);

/** Words in a language: each value said in it first. */
export function say(locale: Locale, words: Words): string {
  return apiText(locale, words.id, sayValues(locale, words.values));
}

/** Each value in a language (what an error answer sends as its `params`). */
export function sayValues(locale: Locale, values: Words['values']): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, sayValue(locale, value)]));
}

function sayValue(locale: Locale, value: WordValue): string {
  if (typeof value === 'function') return value(locale);
  if (typeof value === 'object') return say(locale, value);
  return String(value);
}

export interface HttpErrorOptions {
  /** the message's values (`{max}`, `{after}`…) */
  values?: Words['values'];
  cause?: unknown;
  /** extra JSON fields sent next to the message (e.g. the list of validation issues) */
  details?: Record<string, unknown>;
}

/**
 * An error that becomes an HTTP answer `{ code, params, message }` with its status code (error-handler.ts): `code`
 * is the message's id in the API's catalogue (src/locales), `params` its values and `message` the words said in
 * the request's language. `error.message` is English, for the logs.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiMessage,
    options: HttpErrorOptions = {},
  ) {
    super(say(DEFAULT_LOCALE, { id: code, values: options.values }), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.words = { id: code, values: options.values };
    this.details = options.details;
  }

  /** the message's words: its id and values */
  readonly words: Words;
  readonly details: Record<string, unknown> | undefined;

  /** The answer's body in a language. */
  answer(locale: Locale): Record<string, unknown> {
    return { code: this.code, params: sayValues(locale, this.words.values), message: say(locale, this.words), ...this.details };
  }
}

export const badRequest = (code: ApiMessage, values?: Words['values']) => new HttpError(400, code, { values });
export const unauthorized = (code: ApiMessage, cause?: unknown) => new HttpError(401, code, { cause });
export const forbidden = (code: ApiMessage) => new HttpError(403, code);
export const notFound = (code: ApiMessage) => new HttpError(404, code);
