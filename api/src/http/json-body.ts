import type { ApiMessage } from './api-messages';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest body the API takes is 2
 * levels (`{ notifications: { … } }`, `{ preferredDateRange: { … } }`): 32 is far above any real one and
 * far below what would overflow the stack of anything that walks a parsed body.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'http.tooDeep' satisfies ApiMessage;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d;

/** The index just past the quote that closes a string opened before `from` (an escaped quote does not close it). */
function endOfString(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    // escaped when an odd number of backslashes precede it; the opening quote stops the count
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

/**
 * Whether a JSON text nests arrays and objects more than `limit` deep: one pass, counting brackets outside
 * strings (a string's content is skipped with indexOf, each backslash run looked at once). No recursion and
 * no parse, so it is safe on any text; for valid JSON the count is exact.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = endOfString(text, i + 1) - 1;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * The API speaks JSON only. Its parser is Fastify's own (secure-json-parse: `__proto__` and
 * `constructor.prototype` keys are a 400; an empty body is a 400; the body limit, a 413, applies before
 * it), behind a depth check on the raw text: a body nested thousands deep is refused before JSON.parse
 * and before any hook walks it. Without a text/plain parser, a text body is a 415 rather than a string.
 * Scopes with their own parsers (the webhook keeps its raw bytes) are unaffected.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
