import { createHash, timingSafeEqual } from 'node:crypto';
import { authenticationFailed, invalidInput, SandboxError, razorpayError, unknownId } from './razorpay-errors';
import type { SandboxOrder, SandboxStore } from './sandbox-store';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
/** constant time whatever the lengths (both sides are hashed first) */
export const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const BASIC = /^Basic +([A-Za-z0-9+/=]+) *$/i;

/** Razorpay's API authentication: HTTP basic with key_id:key_secret. 401 in Razorpay's shape otherwise. */
export function checkBasicAuth(header: string | undefined, keyId: string, keySecret: string): void {
  const encoded = BASIC.exec(header ?? '')?.[1];
  if (!encoded) throw new SandboxError(401, razorpayError('Please provide your api key for authentication purposes.'));
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const id = colon < 0 ? decoded : decoded.slice(0, colon);
  const secret = colon < 0 ? '' : decoded.slice(colon + 1);
  // both compared, whichever is wrong
  const idMatches = sameSecret(id, keyId);
  const secretMatches = sameSecret(secret, keySecret);
  if (!idMatches || !secretMatches) throw authenticationFailed();
}

/** A preHandler: the request's basic auth must be the keys the sandbox holds now. */
export const requireBasicAuth =
  (keys: () => { keyId: string; keySecret: string }) =>
  async (request: { headers: { authorization?: string } }): Promise<void> => {
    const { keyId, keySecret } = keys();
    checkBasicAuth(request.headers.authorization, keyId, keySecret);
  };

/** A JSON object body, or Razorpay's 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidInput('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Razorpay rejects fields it does not know: "x is/are not required and should not be sent". */
export function rejectUnknownFields(body: Record<string, unknown>, known: readonly string[]): void {
  const extra = Object.keys(body).filter((name) => !known.includes(name));
  if (extra.length > 0) throw invalidInput(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]);
}

/** The order a checkout call names, opened with the right public key. */
export function checkoutOrder(body: Record<string, unknown>, store: SandboxStore, keyId: string): SandboxOrder {
  if (typeof body.key !== 'string' || !sameSecret(body.key, keyId)) {
    throw new SandboxError(401, razorpayError('The api key provided is invalid', { field: 'key' }));
  }
  if (typeof body.order_id !== 'string') throw invalidInput('The order_id field is required.', 'order_id');
  const order = store.order(body.order_id);
  if (!order) throw unknownId();
  return order;
}

/** An optional short text from the page (prefill), or null. */
export function optionalText(value: unknown, max = 256): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
}

const NOTES_MAX = 15;
const NOTE_MAX_LENGTH = 256;

/** Razorpay's notes: at most 15 keys of short text (numbers become text). */
export function readNotes(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidInput('The notes field must be an object.', 'notes');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > NOTES_MAX) throw invalidInput(`The notes may have at most ${NOTES_MAX} keys.`, 'notes');
  return Object.fromEntries(
    entries.map(([key, note]) => {
      if ((typeof note !== 'string' && typeof note !== 'number') || String(note).length > NOTE_MAX_LENGTH) {
        throw invalidInput(`The notes.${key} must be text of at most ${NOTE_MAX_LENGTH} characters.`, 'notes');
      }
      return [key, String(note)];
    }),
  );
}
