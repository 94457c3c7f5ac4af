import type { Locale } from '@utsav/contracts/language';
import type { ApiMessage } from './api-messages';

/**
 * An error's words for each language, when its message is not one fixed text of the API's catalogue (those are
 * found by their English): the catalogue's id and its values. A value may itself be words (a reason inside a
 * sentence) or be said per language (a date, a duration).
 */
export interface Words {
  id: ApiMessage;
  values?: Record<string, WordValue>;
}
export type WordValue = string | number | Words | ((locale: Locale) => string);

/**
 * An error that becomes an HTTP answer `{ message }` with its status code (see error-handler.ts). `message` is
 * English, as the API has always sent it; the answer says it in the request's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown>; words?: Words },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.details = options?.details;
    this.words = options?.words;
  }

  /** Extra JSON fields sent next to `message` (e.g. the list of validation issues). */
  readonly details: Record<string, unknown> | undefined;
  /** the message's words in the API's catalogue, when it is made of values (a templated message) */
  readonly words: Words | undefined;
}

export const badRequest = (message: string, details?: Record<string, unknown>, words?: Words) =>
  new HttpError(400, message, { details, words });
export const unauthorized = (message: string, cause?: unknown) => new HttpError(401, message, { cause });
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
