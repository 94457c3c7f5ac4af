import { getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { getConfig } from './config';

/**
 * Firebase Auth itself: a chunk of its own, loaded only through ./firebase.ts (loadFirebaseAuth), the
 * page's one way to it. What the apps call on Firebase comes from here with the Auth instance, so
 * every app uses the contracts' one copy of the SDK (a remote's own copy would be a second Auth).
 */

// the session's listener and sign-out
export { onIdTokenChanged, signOut } from 'firebase/auth';
// phone sign-in, for the Login page
export { RecaptchaVerifier, signInWithPhoneNumber } from 'firebase/auth';
// My Account's Change Password, for an account that signs in with a password too (issue 39)
export { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';

/**
 * Makes the page's Auth instance from the runtime config; locally it talks to the Auth emulator. No
 * popup/redirect resolver: phone sign-in needs none, and it keeps the SDK's start-up work small.
 */
export function createAuth(): Auth {
  const config = getConfig();
  const app = getApps()[0] ?? initializeApp(config.firebase);
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
