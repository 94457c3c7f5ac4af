import { readLocaleFrom } from '@utsav/contracts/i18n-core';
import { localeAtom } from '../i18n/locale-atom';
import { utsavStore, type Store } from '../i18n/store';

/**
 * What a page's code sees of the request it is being rendered for on the host's server: the request's
 * own jotai store (seeded with the session; its API cache holds what the page's `preload` asked for, sent
 * with the HTML: api-cache.ts), and the user's credential for calls made on their behalf.
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

/** The jotai store of the page being drawn: on the host's server the request's own, in a browser its one store. */
export const pageStore = (): Store => current()?.store ?? utsavStore;

// The one "language now" of the pages (i18n-core's `currentLocale`: a schema's messages, `translate`, the API
// client's Accept-Language) is the language atom of the page's store: in a browser the page's, on the host's
// server the request's, so a render never reads another request's language.
readLocaleFrom(() => pageStore().get(localeAtom));
