import { notFoundSchema } from '@utsav/contracts/schemas';
import type { z } from 'zod';

/** GET a catalog url; a 200 must match the contract schema (its parsed body is returned). */
export async function getOk<Schema extends z.ZodType>(url: string, schema: Schema): Promise<z.output<Schema>> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text}`);
  // strict: what the server sends must be exactly the contract, not merely parseable
  const body: unknown = JSON.parse(text);
  const parsed = schema.parse(body);
  expect(body).toEqual(parsed);
  return parsed;
}

/** GET a catalog url that must be a 404 `{ total: 0, message }`. */
export async function getNotFound(url: string): Promise<z.output<typeof notFoundSchema>> {
  const response = await fetch(url);
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return notFoundSchema.parse(await response.json());
}

/** GET a url expecting a 400 with a readable message. */
export async function getBadRequest(url: string): Promise<string> {
  const response = await fetch(url);
  const body = (await response.json()) as { message?: unknown };
  expect({ status: response.status, message: typeof body.message }).toEqual({ status: 400, message: 'string' });
  return String(body.message);
}
