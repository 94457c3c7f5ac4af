import { getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { getConfig } from './config';
import { serverScope } from './server-scope';

// Phone sign-in, for the Login page. Firebase is reached only through the contracts, which are
// shared: that keeps one Auth instance per page, and lets the build keep just the parts of Firebase
// the apps use (a shared firebase/auth would be bundled whole).
export { RecaptchaVerifier, signInWithPhoneNumber } from 'firebase/auth';
// My Account's Change Password, for an account that signs in with a password too (issue 39)
export { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';

let auth: Auth | undefined;

/**
 * The one Firebase Auth instance of the page. Initialised on first use from the runtime config;
 * locally it talks to the Auth emulator. No popup/redirect resolver: phone sign-in needs none and
 * it keeps the first load small.
 */
export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const config = getConfig();
  const app = getApps()[0] ?? initializeApp(config.firebase);
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** The signed-in user's uid once Firebase has restored the session from storage; null when signed out. */
export async function restoredUid(): Promise<string | null> {
  // rendering on the server: the user the request's session cookie names
  const scope = serverScope();
  if (scope) return scope.uid;
  const auth = getFirebaseAuth();
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}

/**
 * A fresh ID token of the signed-in user (Firebase refreshes it when near expiry), or null. Waits for
 * Firebase to have restored the session from storage: a page the server rendered for a signed-in user
 * makes its calls before Firebase has (its session came with the HTML).
 */
export async function currentIdToken(): Promise<string | null> {
  const auth = getFirebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  return user ? user.getIdToken() : null;
}
