import type { Auth } from 'firebase/auth';
import { afterInteractive } from './interactive';
import { serverScope } from './server-scope';

/**
 * Firebase Auth, on demand. The SDK (~30 KB gzip, and its start-up work: the session restored from
 * IndexedDB, the token refreshed) is no part of a page's first load: it is a chunk of its own
 * (./firebase-auth.ts), loaded the first time something needs it (an API call with the user's token,
 * the Login page, a sign-out), or, on a page the server rendered, once the app has taken the page over
 * (session.ts), whichever comes first. This module is the apps' one way to it, so there is one Auth
 * instance per page (the contracts are shared: every app reaches the host's copy).
 */
export type FirebaseAuthKit = ReturnType<typeof import('./firebase-auth').firebaseAuthKit>;

let loading: Promise<FirebaseAuthKit> | undefined;
let loaded: ((kit: FirebaseAuthKit) => void) | undefined;
/** settles when Firebase has loaded, whoever asked for it */
const whenLoaded = new Promise<FirebaseAuthKit>((resolve) => (loaded = resolve));

/** Firebase Auth with the page's Auth instance, loading it now if it has not been (once per page). */
export function loadFirebaseAuth(): Promise<FirebaseAuthKit> {
  if (!loading) {
    loading = import(/* webpackChunkName: "firebase-auth" */ './firebase-auth').then(({ firebaseAuthKit }) => {
      const kit = firebaseAuthKit();
      loaded?.(kit);
      return kit;
    });
    // a chunk that failed to arrive (offline, before the service worker had it) is asked for again next time
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/**
 * Firebase Auth once it has loaded: loading starts once the app has taken the page over (see
 * ./interactive.ts), or earlier when something asks for it (loadFirebaseAuth).
 */
export function loadFirebaseAuthAfterInteractive(): Promise<FirebaseAuthKit> {
  if (!loading) afterInteractive(() => void loadFirebaseAuth().catch(() => undefined));
  return whenLoaded;
}

/** The one Firebase Auth instance of the page (loadFirebaseAuth). */
export async function getFirebaseAuth(): Promise<Auth> {
  return (await loadFirebaseAuth()).auth;
}

/** The signed-in user's uid once Firebase has restored the session from storage; null when signed out. */
export async function restoredUid(): Promise<string | null> {
  // rendering on the server: the user the request's session cookie names
  const scope = serverScope();
  if (scope) return scope.uid;
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}

/**
 * A fresh ID token of the signed-in user (Firebase refreshes it when near expiry), or null. Waits for
 * Firebase to have restored the session from storage: a page the server rendered for a signed-in user
 * makes its calls before Firebase has (its session came with the HTML).
 */
export async function currentIdToken(): Promise<string | null> {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  return user ? user.getIdToken() : null;
}
