import type { ComponentType } from 'react';
import type { PageAnswer } from '@utsav/contracts';

/**
 * The page a server render drew, as the browser must draw it again to hydrate: the page's component
 * already loaded (by route path, so nothing suspends) and the answers its data calls got, by the key
 * each useApi takes its answer under.
 */
export interface FirstPage {
  answers: ReadonlyMap<string, PageAnswer>;
  pages: ReadonlyMap<string, ComponentType>;
}
