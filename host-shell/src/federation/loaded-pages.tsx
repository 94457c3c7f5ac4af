import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { PageRoute } from '@utsav/contracts';

const LoadedPagesContext = createContext<ReadonlyMap<string, ComponentType>>(new Map());

/** Pages whose code is already here, by route path: RemotePage draws them at once instead of lazily. */
export function LoadedPages({ pages, children }: { pages: ReadonlyMap<string, ComponentType>; children: ReactNode }) {
  return <LoadedPagesContext.Provider value={pages}>{children}</LoadedPagesContext.Provider>;
}

/** The route's page component if its code is already here (the page a server render drew), else undefined. */
export function useLoadedPage(route: Pick<PageRoute, 'path'>): ComponentType | undefined {
  return useContext(LoadedPagesContext).get(route.path);
}
