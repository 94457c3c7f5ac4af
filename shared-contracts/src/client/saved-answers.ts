/**
 * The last answer of a few of the signed-in user's calls, kept on this device so the app still shows
 * them, read-only, when it cannot reach the API (issue 20, "A bad connection"): the profile (the
 * guard lets a signed-in user in offline) and My Bookings' list.
 *
 * Kept by the app, not by the service worker's cache: the page knows it is showing a saved copy and
 * since when (`savedAt`), the copy is checked against the same schema as a fresh answer, and the API's
 * signed-in answers never sit in a cache that any request for the URL could be answered from. Written
 * in localStorage under the user's uid; signing out forgets all of them, and signing in as someone
 * else forgets the previous user's (session.ts).
 */

const PREFIX = 'utsav.saved:';

export interface SavedAnswer<T> {
  data: T;
  /** when it was saved (ISO 8601) */
  savedAt: string;
}

const keyOf = (uid: string, name: string) => `${PREFIX}${uid}:${name}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // storage refused (a sandboxed frame, a privacy setting): nothing is kept
    return null;
  }
}

/** Keeps `data` as the user's last answer of `name`. */
export function saveAnswer(uid: string, name: string, data: unknown, now = new Date()): void {
  try {
    storage()?.setItem(keyOf(uid, name), JSON.stringify({ data, savedAt: now.toISOString() }));
  } catch {
    // storage full or refused: the app works as before, with nothing to show offline
  }
}

/**
 * The user's last answer of `name`, checked by `parse` (a zod schema's `parse`, or any function that
 * throws on what it does not accept); undefined when there is none or it no longer passes.
 */
export function savedAnswer<T>(uid: string, name: string, parse: (data: unknown) => T): SavedAnswer<T> | undefined {
  try {
    const text = storage()?.getItem(keyOf(uid, name));
    if (!text) return undefined;
    const saved = JSON.parse(text) as { data?: unknown; savedAt?: unknown };
    if (typeof saved.savedAt !== 'string' || Number.isNaN(Date.parse(saved.savedAt))) return undefined;
    return { data: parse(saved.data), savedAt: saved.savedAt };
  } catch {
    return undefined;
  }
}

/** Forgets every saved answer, but those of `keepUid` when given (the user now signed in). */
export function forgetSavedAnswers(keepUid?: string): void {
  const store = storage();
  if (!store) return;
  const keep = keepUid === undefined ? null : keyOf(keepUid, '');
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key): key is string => key !== null);
  for (const key of keys) {
    if (key.startsWith(PREFIX) && (keep === null || !key.startsWith(keep))) store.removeItem(key);
  }
}
