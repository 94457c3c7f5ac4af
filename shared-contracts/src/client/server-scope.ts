import type { Store } from '../i18n/store';
import type { PageAnswer } from './page-answers';

/**
 * What a page's code sees of the request it is being rendered for on the host's server: the request's
 * own jotai store (seeded with the session), the user's credential and the API's address for calls
 * made on their behalf, and where a page's `preload` leaves its answers (embedded in the HTML).
 * The host's render server runs each request inside its scope (an AsyncLocalStorage) and tells the
 * contracts how to find it; in a browser there is none and nothing here is used.
 */
export interface ServerScope {
  store: Store;
  /** the signed-in user's uid, null when signed out */
  uid: string | null;
  /** the Authorization header of the user's calls (`Session <cookie>`), null when signed out */
  authorization: string | null;
  /**
   * the X-Forwarded-For of the page request plus the address it came from: the API's per-client limits
   * count the person, not the host server (the API lists the host server in TRUST_PROXY)
   */
  forwardedFor: string;
  /** what the page's preload asked for, by the key its useApi takes it under */
  answers: Map<string, Promise<PageAnswer>>;
}

let current: () => ServerScope | undefined = () => undefined;

/** The host's render server: how to find the scope of the request being rendered. */
export function configureServerScope(find: () => ServerScope | undefined): void {
  current = find;
}

/** The scope of the request being rendered on the server; undefined in a browser. */
export function serverScope(): ServerScope | undefined {
  return current();
}
