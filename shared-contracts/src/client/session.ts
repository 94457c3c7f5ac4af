import { startTransition } from 'react';
import { atom } from 'jotai/vanilla';
import { useAtomValue } from 'jotai/react';
import type { User } from 'firebase/auth';
import { ApiError, isUnreachable } from './api-client';
import { loadFirebaseAuth, loadFirebaseAuthAfterInteractive } from './firebase';
import { forgetSavedAnswers, saveAnswer, savedAnswer } from './saved-answers';
import { cacheOf } from './api-cache';
import { commonText } from '../domain/common-messages';
import { currentLocale } from '@utsav/contracts/i18n-core';
import { syncServerSession } from './server-session';
import { toast } from './toast';
import { pageStore } from './server-scope';
import { utsavStore } from '../i18n/store';
import type { ServiceChoice } from '../domain/schemas/user';
import type { Locale } from '../domain/language';
import { getConsumerProfile } from './users-api';

/** What the app knows of the signed-in consumer's profile (spec §3 "Session user data"). */
export interface SessionProfile {
  name?: string;
  email?: string;
  phone?: string;
  profilePhoto?: string | null;
  /** onboarding's 'Which service are you looking for?' (a catalog category), null when skipped */
  service?: ServiceChoice | null;
  /** the language the user chose (language-choice.ts), null or absent until they choose */
  language?: Locale | null;
}

export type ProfileState =
  | { status: 'checking' }
  | { status: 'complete'; profile: SessionProfile }
  | { status: 'incomplete' }
  /**
   * the lookup failed (not a 404): we can't tell, so nobody is pushed into onboarding; `unreachable`
   * when the API could not be reached at all (offline)
   */
  | { status: 'error'; message: string; unreachable?: true };

export type Session =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; uid: string; phone: string | null; profile: ProfileState };

export const sessionAtom = atom<Session>({ status: 'loading' });

/**
 * Session changes come from the network (Firebase, the profile check) and re-render whole pages:
 * as a transition React renders them in slices that yield to the browser, not as one long task.
 */
function setSession(next: Session): void {
  startTransition(() => utsavStore.set(sessionAtom, next));
}

let started = false;
let profileRequest = 0;

function setProfile(uid: string, profile: ProfileState): void {
  const session = utsavStore.get(sessionAtom);
  if (session.status === 'signedIn' && session.uid === uid) setSession({ ...session, profile });
}

/**
 * The user's onboarding, from their profile: complete only when the user lookup returns a name (spec §4).
 * The browser's session asks it after sign-in, the host's server before it renders a guarded page.
 */
export async function lookUpProfile(uid: string): Promise<ProfileState> {
  try {
    const profile: SessionProfile = await getConsumerProfile(uid);
    return profile.name ? { status: 'complete', profile } : { status: 'incomplete' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: 'incomplete' };
    return { status: 'error', message: (error as Error).message, ...(isUnreachable(error) ? { unreachable: true as const } : {}) };
  }
}

/** The name the signed-in profile is kept under on this device (saved-answers.ts). */
const SAVED_PROFILE = 'profile';

function asSavedProfile(data: unknown): SessionProfile {
  const profile = data as SessionProfile | null;
  if (typeof profile?.name !== 'string' || !profile.name) throw new Error('not a complete profile');
  return profile;
}

/**
 * Keeps a complete profile on this device; when the API cannot be reached, the kept one stands in,
 * so a signed-in user gets past the guard offline and sees what the app has saved (read-only).
 */
function keptForOffline(uid: string, state: ProfileState): ProfileState {
  if (state.status === 'complete') saveAnswer(uid, SAVED_PROFILE, state.profile);
  if (state.status !== 'error' || !state.unreachable) return state;
  const saved = savedAnswer(uid, SAVED_PROFILE, asSavedProfile);
  return saved ? { status: 'complete', profile: saved.data } : state;
}

/** Asks again whether the signed-in user has completed onboarding (lookUpProfile). */
export async function refreshProfile(): Promise<void> {
  const session = utsavStore.get(sessionAtom);
  if (session.status !== 'signedIn') return;
  const { uid } = session;
  const request = ++profileRequest;
  if (session.profile.status !== 'complete') setProfile(uid, { status: 'checking' });
  const next = keptForOffline(uid, await lookUpProfile(uid));
  if (request === profileRequest) setProfile(uid, next);
}

function onUser(user: User | null): void {
  const session = utsavStore.get(sessionAtom);
  if (!user) {
    // what was kept on this device for offline use goes with the session, and what the page holds with it
    forgetSavedAnswers();
    if (session.status === 'signedIn') cacheOf(utsavStore).clear();
    setSession({ status: 'signedOut' });
    void syncServerSession(null);
    return;
  }
  // someone else's copies never outlive a change of user on this device
  forgetSavedAnswers(user.uid);
  // A token refresh for the same user keeps what we know of the profile.
  if (session.status === 'signedIn' && session.uid === user.uid) return;
  if (session.status === 'signedIn') cacheOf(utsavStore).clear();
  void syncServerSession(user).then((sync) => {
    if (sync === 'refused') void afterServerSessionRefused(user);
  });
  setSession({
    status: 'signedIn',
    uid: user.uid,
    phone: user.phoneNumber,
    profile: { status: 'checking' },
  });
  void refreshProfile();
}

/** The host's server makes a session only from a sign-in this recent (the API's RECENT_SIGN_IN_S). */
const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * The host server would not make a session from this sign-in. An old one (the device stayed signed in for
 * weeks, its server session has ended): the person signs in again, told so, and then gets a session. A recent
 * one (the server refuses it for another reason): nothing more is asked, so a refusal never becomes a loop of
 * sign-ins; the page keeps working from the browser's session, the server draws it as for a signed-out visitor.
 */
async function afterServerSessionRefused(user: User): Promise<void> {
  const signedInAt = Date.parse(user.metadata?.lastSignInTime ?? '');
  if (Number.isFinite(signedInAt) && Date.now() - signedInAt < RECENT_SIGN_IN_MS) {
    console.warn('The server would not make a session from this sign-in; pages are drawn in the browser.');
    return;
  }
  try {
    await signOut();
    toast.info(commonText(currentLocale(), 'error.signInAgain'));
  } catch (error) {
    console.warn('Signing out after a refused server session failed', error);
  }
}

/**
 * Starts listening to Firebase Auth once per page; every app reads the same session. A page the
 * server rendered starts from the session it was rendered for (`rendered`), so the first screen the
 * browser draws is the one in the HTML; Firebase, loaded once the app has taken the page over (or
 * sooner, when a call needs the user's token), then confirms it (the same user: nothing changes) or
 * corrects it. A page drawn in the browser (the static shell: offline, /onboarding) learns its
 * session from Firebase, so Firebase loads at once.
 */
export function startSession(rendered?: Session): void {
  if (started) return;
  started = true;
  if (rendered) utsavStore.set(sessionAtom, rendered);
  // a profile the server checked is kept for offline use too
  if (rendered?.status === 'signedIn') keptForOffline(rendered.uid, rendered.profile);
  // a load that failed (its chunk did not arrive) waits for the next one, whoever asks for it
  const firebase = rendered ? loadFirebaseAuthAfterInteractive() : loadFirebaseAuth().catch(loadFirebaseAuthAfterInteractive);
  void firebase.then(({ auth, onIdTokenChanged }) => onIdTokenChanged(auth, onUser));
}

/**
 * Signs out on this device: first the host server's session is ended where it is used (a copy of its cookie is
 * refused from then on), then Firebase's.
 */
export async function signOut(): Promise<void> {
  await syncServerSession(null);
  const { auth, signOut: firebaseSignOut } = await loadFirebaseAuth();
  await firebaseSignOut(auth);
}

/**
 * Calls `callback` once with the signed-in profile when the profile check has completed (at once when it
 * already has), e.g. for a page's preload that depends on the profile. Returns a function that cancels it.
 */
export function onProfileComplete(callback: (profile: SessionProfile) => void): () => void {
  // rendering on the server: the request's session
  const store = pageStore();
  const completed = (): SessionProfile | undefined => {
    const session = store.get(sessionAtom);
    return session.status === 'signedIn' && session.profile.status === 'complete' ? session.profile.profile : undefined;
  };
  const now = completed();
  if (now) {
    callback(now);
    return () => undefined;
  }
  const stop = store.sub(sessionAtom, () => {
    const profile = completed();
    if (!profile) return;
    stop();
    callback(profile);
  });
  return stop;
}

export function useSession(): Session {
  return useAtomValue(sessionAtom);
}
