import { prefetch } from './api-cache';
import { restoredUid } from './firebase';
import type { Resource } from './resource';

/**
 * A page's preload of the signed-in user's resources (`export const preload = ...`): they are asked for as soon as the
 * session is restored (on the server, the request's user), so the page's data is on its way with its code. Nothing
 * for a signed-out page; a failure to restore is the page's to meet, never the preload's.
 */
export function prefetchForUser(resources: (uid: string) => readonly Resource<unknown>[]): Promise<void> {
  return restoredUid()
    .then((uid) => {
      if (uid) for (const resource of resources(uid)) prefetch(resource);
    })
    .catch(() => undefined);
}
