import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

const NUL = '\u0000';

/** The dotted path of the first string (or key) holding U+0000 in a parsed JSON value, or null if none does. */
export function findNulCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '\\u0000')].join('.');
      const found = findNulCharacter(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (the query fails), and no field of this API means anything with
 * it: a JSON body carrying one anywhere is a 400 naming the field, before any route sees it.
 * (Raw bodies — the webhook's bytes — are left alone.)
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findNulCharacter(request.body);
    if (path === null) return;
    const message = 'Text cannot contain the NUL character (\\u0000)';
    throw badRequest(path ? `${path}: ${message}` : message, { issues: [{ path, message }] });
  });
}
