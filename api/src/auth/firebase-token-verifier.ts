import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Config } from '../config';
import type { ApiMessage } from '../http/api-messages';
import { HttpError, unauthorized } from '../http/http-error';
import type { AuthAccounts, AuthUser, SessionUserCheck, TokenVerifier } from './auth-user';
import { createTokenCache, type TokenCache } from './token-cache';

type FirebaseSettings = Pick<Config, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST' | 'AUTH_TOKEN_CACHE_MS'>;

/**
 * One firebase-admin app per (project, emulator) pair, reused by every buildApp in the process.
 * firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from process.env once, when the Auth service is
 * created, so the variable is set around that moment and then put back as it was.
 */
function firebaseAuthFor(settings: Pick<Config, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST'>): Auth {
  const emulator = settings.FIREBASE_AUTH_EMULATOR_HOST;
  const name = `utsav-api:${settings.FIREBASE_PROJECT_ID}:${emulator ?? 'live'}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getAuth(existing);

  const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    return getAuth(initializeApp({ projectId: settings.FIREBASE_PROJECT_ID }, name));
  } finally {
    if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
  }
}

/** Rejections the person can act on, each with its own answer; other auth/ codes are a bad token. */
export const REJECTED: Record<string, ApiMessage> = {
  'auth/id-token-expired': 'auth.expired',
  'auth/id-token-revoked': 'auth.revoked',
  'auth/user-disabled': 'auth.disabled',
  'auth/user-not-found': 'auth.userNotFound',
  'auth/session-cookie-expired': 'auth.expired',
  'auth/session-cookie-revoked': 'auth.revoked',
};

/** Firebase error codes that mean "this token is not acceptable" rather than "we could not check". */
function isRejectedToken(code: string): boolean {
  return code.startsWith('auth/') && code !== 'auth/internal-error';
}

const errorCode = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

const INVALID_ID_TOKEN: ApiMessage = 'auth.invalidIdToken';
export const INVALID_SESSION_COOKIE: ApiMessage = 'auth.invalidSessionCookie';

/** Maps a verifyIdToken (or verifySessionCookie) failure to the answer the client gets. */
export function tokenErrorToHttp(error: unknown, invalid: ApiMessage = INVALID_ID_TOKEN): HttpError {
  const code = errorCode(error);
  const rejected = REJECTED[code];
  if (rejected) return unauthorized(rejected, error);
  if (isRejectedToken(code)) return unauthorized(invalid, error);
  return new HttpError(503, 'auth.cannotCheck', { cause: error });
}

type Verify = (credential: string, checkRevoked: true) => Promise<{ uid: string; exp: number; phone_number?: string }>;

/**
 * Verifies a credential with the revocation check (a revoked session, a disabled or deleted user is
 * refused: one user lookup in Firebase per call), answering from `cache` while its entry is fresh.
 */
function cachedVerifier(verify: Verify, cache: TokenCache, invalid: ApiMessage): (credential: string) => Promise<AuthUser> {
  return async (credential) => {
    const known = cache.get(credential);
    if (known) return known;
    const checkedAt = cache.now();
    try {
      const decoded = await verify(credential, true);
      const user = { uid: decoded.uid, phone: decoded.phone_number ?? null, expiresAt: decoded.exp * 1000 };
      cache.set(credential, user, decoded.exp * 1000, checkedAt);
      return user;
    } catch (error) {
      throw tokenErrorToHttp(error, invalid);
    }
  };
}

/** Firebase ID tokens (the browser's credential). */
export function cachedTokenVerifier(auth: Pick<Auth, 'verifyIdToken'>, cache: TokenCache): TokenVerifier {
  return cachedVerifier((token, checkRevoked) => auth.verifyIdToken(token, checkRevoked), cache, INVALID_ID_TOKEN);
}

const REVOKED_SESSION = REJECTED['auth/session-cookie-revoked']!;

/**
 * Whether the Firebase user of a server session (server-sessions.ts) may still use it: the user exists, is not
 * disabled, and had their sessions revoked (revokeRefreshTokens: sign-out everywhere, an operator) no later than
 * the session was made. The same one user lookup Firebase's own session-cookie check makes, remembered per user
 * in `cache` (revoking or deleting the user here forgets it at once).
 */
export function cachedSessionUserCheck(auth: Pick<Auth, 'getUser'>, cache: TokenCache): SessionUserCheck {
  return async (uid, createdAtMs) => {
    const key = `server-session-user:${uid}`;
    if (cache.get(key)) return;
    const checkedAt = cache.now();
    let record;
    try {
      record = await auth.getUser(uid);
    } catch (error) {
      throw tokenErrorToHttp(error, INVALID_SESSION_COOKIE);
    }
    if (record.disabled) throw unauthorized(REJECTED['auth/user-disabled']!);
    const validSince = record.tokensValidAfterTime ? Math.floor(Date.parse(record.tokensValidAfterTime) / 1000) : 0;
    // whole seconds, as Firebase compares a token's auth_time with the user's validSince
    if (Math.floor(createdAtMs / 1000) < validSince) throw unauthorized(REVOKED_SESSION);
    cache.set(key, { uid, phone: null }, Number.MAX_SAFE_INTEGER, checkedAt);
  };
}

export const AUTH_SESSIONS_NOT_REVOKED: ApiMessage = 'auth.sessionsNotRevoked';
export const AUTH_USER_NOT_REMOVED: ApiMessage = 'auth.userNotRemoved';

/** Firebase-side account changes through firebase-admin; each forgets the user's tokens in `cache`. */
export function firebaseAccounts(auth: Pick<Auth, 'revokeRefreshTokens' | 'deleteUser'>, cache: TokenCache): AuthAccounts {
  /** Runs `change`; a missing user means it is already done (a retried deletion). */
  const change = async (uid: string, run: () => Promise<void>, failure: ApiMessage) => {
    try {
      await run();
    } catch (error) {
      if (errorCode(error) !== 'auth/user-not-found') throw new HttpError(503, failure, { cause: error });
    } finally {
      cache.forget(uid);
    }
  };
  return {
    revokeSessions: (uid) => change(uid, () => auth.revokeRefreshTokens(uid), AUTH_SESSIONS_NOT_REVOKED),
    removeUser: (uid) => change(uid, () => auth.deleteUser(uid), AUTH_USER_NOT_REMOVED),
  };
}

export interface FirebaseAuthentication {
  verifyToken: TokenVerifier;
  checkSessionUser: SessionUserCheck;
  accounts: AuthAccounts;
}

/**
 * Token and server-session user checks and account changes against Firebase (the Auth emulator when configured), sharing one token
 * cache of AUTH_TOKEN_CACHE_MS, so that revoking or deleting a user here evicts their tokens here at once.
 */
export function createFirebaseAuthentication(settings: FirebaseSettings): FirebaseAuthentication {
  const auth = firebaseAuthFor(settings);
  const cache = createTokenCache({ ttlMs: settings.AUTH_TOKEN_CACHE_MS });
  return {
    verifyToken: cachedTokenVerifier(auth, cache),
    checkSessionUser: cachedSessionUserCheck(auth, cache),
    accounts: firebaseAccounts(auth, cache),
  };
}
