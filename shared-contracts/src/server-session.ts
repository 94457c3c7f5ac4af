import type { User } from 'firebase/auth';
import { getConfig } from './config';

/** The uid in the cookie the host server sets beside its HttpOnly session cookie (not a credential). */
function markedUid(marker: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${marker}=`));
  return entry ? decodeURIComponent(entry.slice(marker.length + 1)) || null : null;
}

/**
 * Keeps the host server's Firebase session cookie (its way to know who asks for a page) in step with
 * the browser's session: made from the ID token when someone signs in and the server holds no session
 * for them yet, cleared when they sign out. A page load of a signed-in user whose cookie is set asks
 * nothing. Best effort: the browser's session (the Firebase SDK) stays the one source for API calls,
 * so a failure here is logged and changes nothing on the page.
 */
export async function syncServerSession(user: User | null): Promise<void> {
  const server = getConfig().serverSession;
  if (!server || typeof document === 'undefined') return;
  const { path } = server;
  const marked = markedUid(server.marker);
  try {
    if (!user) {
      if (marked) await fetch(path, { method: 'DELETE', credentials: 'same-origin' });
      return;
    }
    if (marked === user.uid) return;
    const idToken = await user.getIdToken();
    const answer = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    if (!answer.ok) console.warn(`The server session was not set (${answer.status}).`);
  } catch (error) {
    console.warn('The server session could not be updated.', error);
  }
}
