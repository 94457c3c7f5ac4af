import { randomInt } from 'node:crypto';

/** The Firebase Auth emulator the tests sign in through (see firebase.json at the repo root). */
export const EMULATOR_ORIGIN = 'http://127.0.0.1:9099';
export const PROJECT_ID = 'demo-utsav';
const IDENTITY_TOOLKIT = `${EMULATOR_ORIGIN}/identitytoolkit.googleapis.com/v1`;
const API_KEY = 'fake-api-key'; // the emulator accepts any key

export interface TestUser {
  uid: string;
  phone: string;
  idToken: string;
}

export async function emulatorIsUp(): Promise<boolean> {
  try {
    const response = await fetch(EMULATOR_ORIGIN, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** A fresh Indian mobile number, so every test signs in as a brand-new user. */
export function randomPhone(): string {
  return `+9198${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * fetch, asked once more when the emulator closed the kept-alive connection just as the request went out
 * ("other side closed", seen once in a clean-clone run with every suite beside it): the request never
 * reached it, so asking again repeats nothing.
 */
async function emulatorFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const closed = cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET' || /other side closed/.test(cause?.message ?? '');
    if (!closed) throw error;
    return fetch(url, init);
  }
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await emulatorFetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Phone sign-in the way the app does it: send a code, read it from the emulator, confirm it. */
export async function signInWithPhone(phone: string = randomPhone()): Promise<TestUser> {
  const { sessionInfo } = await postJson<{ sessionInfo: string }>(
    `${IDENTITY_TOOLKIT}/accounts:sendVerificationCode?key=${API_KEY}`,
    { phoneNumber: phone, recaptchaToken: 'ignored' },
  );
  const codes = (await (
    await emulatorFetch(`${EMULATOR_ORIGIN}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`)
  ).json()) as { verificationCodes: { code: string; sessionInfo: string }[] };
  const code = codes.verificationCodes.find((entry) => entry.sessionInfo === sessionInfo)?.code;
  if (!code) throw new Error(`The emulator has no verification code for ${phone}`);
  const { idToken, localId } = await postJson<{ idToken: string; localId: string }>(
    `${IDENTITY_TOOLKIT}/accounts:signInWithPhoneNumber?key=${API_KEY}`,
    { sessionInfo, code },
  );
  return { uid: localId, phone, idToken };
}

/** Rewrites claims of a token (emulator tokens are unsigned JWTs), to forge tampered or foreign tokens. */
export function withClaims(idToken: string, claims: Record<string, unknown>): string {
  const [header, payload, signature = ''] = idToken.split('.');
  if (!header || !payload) throw new Error('not a JWT');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}
