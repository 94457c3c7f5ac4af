import type { ComponentType } from 'react';

/**
 * The page a server render drew, as the browser must draw it again to hydrate: the page's component
 * already loaded (by route path, so nothing suspends). Its data came with it, in the page's API cache
 * (api-cache.ts in @utsav/contracts: the server's `dehydrate`, the browser's `hydrate`).
 */
export interface FirstPage {
  pages: ReadonlyMap<string, ComponentType>;
}
