import { lazy, Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageRoute } from '@utsav/contracts';
import { PageLoading } from '../shell/PageLoading';
import { loadPage, type PageModule } from './load-page';
import { useLoadedPage } from './loaded-pages';
import { releaseOf } from './releases';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PageInteractive } from '../boot/interactive';

export type PageLoader = (route: PageRoute) => Promise<PageModule>;

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per page, kept across visits; replaced on Retry so the remote is fetched again. */
function lazyPage(route: PageRoute, load: PageLoader, fresh: boolean): LazyExoticComponent<ComponentType> {
  const key = `${route.remote}${route.module}`;
  let page = pages.get(key);
  if (!page || fresh) {
    page = lazy(() => load(route));
    pages.set(key, page);
  }
  return page;
}

/** A route's page, loaded from its remote at run time, behind Suspense and its own error boundary. */
export function RemotePage({ route, load = loadPage }: { route: PageRoute; load?: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  // the page a server render drew is drawn at once (hydration must not wait on a lazy one); Retry loads it again
  const loaded = useLoadedPage(route);
  const Page = useMemo(() => (attempt === 0 && loaded) || lazyPage(route, load, attempt > 0), [route, load, attempt, loaded]);
  // which remote and release the page comes from, for the people who run it (a box of its own: no layout)
  return (
    <div data-remote={route.remote} data-release={releaseOf(route.remote)} style={{ display: 'contents' }}>
      <RouteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<PageLoading />}>
          {/* eslint-disable-next-line react-hooks/static-components -- lazyPage caches one component per page across renders; a new one only on Retry, on purpose */}
          <Page />
          <PageInteractive />
        </Suspense>
      </RouteErrorBoundary>
    </div>
  );
}
