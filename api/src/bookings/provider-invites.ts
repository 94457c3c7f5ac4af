import { createHash, createHmac } from 'node:crypto';

/**
 * Invite codes for claiming a provider listing (issue 36): ten characters of Crockford's base 32 (no I, L, O or
 * U to misread), shown as two groups of five (`7K3MQ-9PXWD`). A code is read forgivingly (any case, spaces and
 * dashes anywhere, O for 0, I and L for 1) and stored only as the hash of its normal form.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const INVITE_CODE_LENGTH = 10;

/** A code as typed, in its normal form (upper case, no separators, misread letters mapped), or null if it cannot be one. */
export function normaliseInviteCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return code.length === INVITE_CODE_LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

/** What is stored of a code: the SHA-256 of its normal form, in hex. */
export const inviteCodeHash = (normalised: string): string => createHash('sha256').update(normalised).digest('hex');

/** A code as people read it: two groups of five. */
export const formatInviteCode = (normalised: string): string => `${normalised.slice(0, 5)}-${normalised.slice(5)}`;

/**
 * The local invite code of a listing, made from its id with a key everyone has: for the seeded listings where the
 * provider stand-in runs (local development and tests, never in production, where codes come from operations and
 * are random). Anyone can compute it: that is the point locally, and why production never stores one.
 */
export function localInviteCode(providerId: string): string {
  const digest = createHmac('sha256', 'utsav local provider invites').update(providerId.toLowerCase()).digest();
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += ALPHABET[digest[i]! % ALPHABET.length];
  return code;
}
