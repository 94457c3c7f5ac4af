import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest body the API takes is 2
 * levels (`{ notifications: { … } }`, `{ preferredDateRange: { … } }`): 32 is far above any real one and
 * far below what would overflow the stack of anything that walks a parsed body.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d;

/**
 * Whether a JSON text nests arrays and objects more than `limit` deep: one pass over the characters,
 * counting brackets outside strings (an escaped character, \" included, never ends a string). No
 * recursion and no parse, so it is safe on any text; for valid JSON the count is exact.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
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
