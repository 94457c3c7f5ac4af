import type { User } from 'firebase/auth';
import { getConfig } from './config';

/** The uid in the cookie the host server sets beside its HttpOnly session cookie (not a credential). */
function markedUid(marker: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${marker}=`));
  return entry ? decodeURIComponent(entry.slice(marker.length + 1)) || null : null;
}

/** How long sign-out waits for the host server to end its session before it goes on regardless. */
const END_TIMEOUT_MS = 5000;

/**
 * What became of the server session: `refused` when the host server (the API) would not make one from this
 * sign-in (its proof is too old, revoked, or the user is gone): the browser signs in again.
 */
export type ServerSessionSync = 'ok' | 'refused';

/**
 * Keeps the host server's session cookie (its way to know who asks for a page) in step with
 * the browser's session: made from the ID token when someone signs in and the server holds no session
 * for them yet, ended (at the API, not only in this browser) when they sign out. A page load of a signed-in user
 * whose cookie is set asks nothing. Best effort: the browser's session (the Firebase SDK) stays the one source
 * for API calls, so a failure here is logged and changes nothing on the page; a refusal (401) is told to the caller.
 */
export async function syncServerSession(user: User | null): Promise<ServerSessionSync> {
  const server = getConfig().serverSession;
  if (!server || typeof document === 'undefined') return 'ok';
  const { path } = server;
  const marked = markedUid(server.marker);
  try {
    if (!user) {
      if (marked) {
        const ended = await fetch(path, { method: 'DELETE', credentials: 'same-origin', signal: AbortSignal.timeout(END_TIMEOUT_MS) });
        if (!ended.ok) console.warn(`The server session was not ended (${ended.status}).`);
      }
      return 'ok';
    }
    if (marked === user.uid) return 'ok';
    const idToken = await user.getIdToken();
    const answer = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    if (answer.status === 401) return 'refused';
    if (!answer.ok) console.warn(`The server session was not set (${answer.status}).`);
  } catch (error) {
    console.warn('The server session could not be updated.', error);
  }
  return 'ok';
}
