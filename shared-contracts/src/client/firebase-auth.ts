/**
 * Firebase Auth itself: a chunk of its own, loaded only through ./firebase.ts (loadFirebaseAuth), the
 * page's one way to it. What the apps call on Firebase comes from here with the Auth instance, so
 * every app uses the contracts' one copy of the SDK (a remote's own copy would be a second Auth).
 */
import { getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  EmailAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  reauthenticateWithCredential,
  RecaptchaVerifier,
  signInWithPhoneNumber,
  signOut,
  updatePassword,
  type Auth,
} from 'firebase/auth';
import { getConfig } from './config';

/**
 * The page's Auth instance, made from the runtime config (locally it talks to the Auth emulator), with
 * what the apps call on it: the session's listener and sign-out, the Login page's phone sign-in, My
 * Account's Change Password (for an account that signs in with a password too, issue 39). One object,
 * not re-exports: the bundler keeps exactly what it holds (a destructured or spread dynamic import made
 * webpack drop every export of this module).
 */
export function firebaseAuthKit() {
  return {
    auth: createAuth(),
    onIdTokenChanged,
    signOut,
    RecaptchaVerifier,
    signInWithPhoneNumber,
    EmailAuthProvider,
    reauthenticateWithCredential,
    updatePassword,
  };
}

/** No popup/redirect resolver: phone sign-in needs none, and it keeps the SDK's start-up work small. */
function createAuth(): Auth {
  const config = getConfig();
  const app = getApps()[0] ?? initializeApp(config.firebase);
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
