import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';

type Container = unknown[] | Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

const isContainer = (value: unknown): value is Container => Array.isArray(value) || isPlainObject(value);

// Both walks keep their own list of what is left to visit instead of recursing: however deep a value
// is (the JSON parser refuses deep bodies, but not every body comes from it), they cannot overflow the stack.

/** Whether any string or key of a parsed JSON value holds U+0000 (no copy made). */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (isPlainObject(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

/** An empty copy of a container, a string without U+0000, or any other value as it is. */
const shallowCopy = (value: unknown): unknown =>
  typeof value === 'string' ? value.replaceAll(NUL, '') : Array.isArray(value) ? [] : isPlainObject(value) ? {} : value;

/** A parsed JSON value with every U+0000 removed from its strings and keys (other values as they were). */
export function withoutNulCharacters(value: unknown): unknown {
  const root = shallowCopy(value);
  const pending: [Container, Container][] = isContainer(value) ? [[value, root as Container]] : [];
  while (pending.length > 0) {
    const [source, target] = pending.pop()!;
    for (const [key, item] of Object.entries(source)) {
      const copy = shallowCopy(item);
      if (isContainer(item)) pending.push([item, copy as Container]);
      if (Array.isArray(target)) target[Number(key)] = copy;
      // defined, not assigned: a key that becomes "__proto__" stays a plain property, as JSON.parse makes it
      else Object.defineProperty(target, key.replaceAll(NUL, ''), { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
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
