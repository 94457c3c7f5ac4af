import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/** Whether any string or key of a parsed JSON value holds U+0000 (no copy made). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(containsNul);
  if (isPlainObject(value)) return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item));
  return false;
}

/** A parsed JSON value with every U+0000 removed from its strings and keys (other values as they were). */
export function withoutNulCharacters(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(NUL, '');
  if (Array.isArray(value)) return value.map(withoutNulCharacters);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replaceAll(NUL, ''), withoutNulCharacters(item)]));
  }
  return value;
}

/**
 * PostgreSQL text cannot hold U+0000 (the query fails: it was a 500), and no field of this API means
 * anything with it. So it is dropped from every string of a JSON body before any route sees it — the
 * house rule for plain text already (bookings' note and name drop control characters), now for every
 * field. Raw bodies (the webhook's signed bytes) are left alone.
 */
export function dropNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // copied only when there is something to drop
    if (containsNul(request.body)) request.body = withoutNulCharacters(request.body);
  });
}
