import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Config } from '../config';
import { HttpError, unauthorized } from '../http/http-error';
import type { AuthUserRemover, TokenVerifier } from './auth-user';

type FirebaseSettings = Pick<Config, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST'>;

/**
 * One firebase-admin app per (project, emulator) pair, reused by every buildApp in the process.
 * firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from process.env once, when the Auth service is
 * created, so the variable is set around that moment and then put back as it was.
 */
function firebaseAuthFor(settings: FirebaseSettings): Auth {
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

/** Firebase error codes that mean "this token is not acceptable" rather than "we could not check". */
function isRejectedToken(code: string): boolean {
  return code.startsWith('auth/') && code !== 'auth/internal-error';
}

/** Maps a verifyIdToken failure to the answer the client gets. */
export function tokenErrorToHttp(error: unknown): HttpError {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (code === 'auth/id-token-expired') return unauthorized('Your session has expired. Please sign in again.', error);
  if (isRejectedToken(code)) return unauthorized('Invalid ID token. Please sign in again.', error);
  return new HttpError(503, 'Sign-in could not be checked right now. Please try again.', { cause: error });
}

/** Verifies Firebase ID tokens with firebase-admin (the Auth emulator's tokens when it is configured). */
export function createFirebaseTokenVerifier(settings: FirebaseSettings): TokenVerifier {
  const auth = firebaseAuthFor(settings);
  return async (idToken) => {
    try {
      const decoded = await auth.verifyIdToken(idToken);
      return { uid: decoded.uid, phone: decoded.phone_number ?? null };
    } catch (error) {
      throw tokenErrorToHttp(error);
    }
  };
}

export const AUTH_USER_NOT_REMOVED = 'Your data was deleted, but your sign-in could not be removed right now. Please try again.';

/** Deletes Firebase users with firebase-admin (in the Auth emulator when it is configured: really deleted there too). */
export function createFirebaseUserRemover(settings: FirebaseSettings): AuthUserRemover {
  const auth = firebaseAuthFor(settings);
  return async (uid) => {
    try {
      await auth.deleteUser(uid);
    } catch (error) {
      // already gone (a retried deletion): what was asked for is done
      if ((error as { code?: unknown } | null)?.code === 'auth/user-not-found') return;
      throw new HttpError(503, AUTH_USER_NOT_REMOVED, { cause: error });
    }
  };
}
