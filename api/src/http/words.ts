import { DEFAULT_LOCALE, type Locale } from '@utsav/contracts/language';
import { apiMessageOf, apiText } from './api-messages';
import { HttpError, type WordValue, type Words } from './http-error';

/** Words in a language: each value said in it first. */
export function say(locale: Locale, words: Words): string {
  const values = Object.fromEntries(Object.entries(words.values ?? {}).map(([name, value]) => [name, sayValue(locale, value)]));
  return apiText(locale, words.id, values);
}

function sayValue(locale: Locale, value: WordValue): string {
  if (typeof value === 'function') return value(locale);
  if (typeof value === 'object') return say(locale, value);
  return String(value);
}

/**
 * A message of the API in a language: English as it is; another language from its words, or (a fixed English
 * text) from the catalogue's English; a message already said in the request's language (a validation message)
 * or unknown to the catalogue stays as it is.
 */
export function sayMessage(locale: Locale, english: string, words?: Words): string {
  if (locale === DEFAULT_LOCALE) return english;
  if (words) return say(locale, words);
  const id = apiMessageOf(english);
  return id ? apiText(locale, id) : english;
}

/** An error's message in a language (an HttpError's words, else its English). */
export const errorWords = (error: unknown): WordValue =>
  error instanceof HttpError && error.words ? error.words : (locale: Locale) => sayMessage(locale, (error as Error).message);
