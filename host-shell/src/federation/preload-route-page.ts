import { loadMainLayout } from '../shell/load-main-layout';
import { loadPage } from './load-page';
import { matchPageRoute } from '@utsav/contracts';

interface Loaders {
  load?: typeof loadPage;
  loadLayout?: () => Promise<unknown>;
}

/**
 * Starts fetching the page of the address the app opened on (its remote's manifest, entry and
 * page chunk) at boot, alongside the session check, instead of after it, and once it is here lets
 * the page start its data calls: a signed-in page no longer waits for sign-in, the profile check
 * and the layout before its code, then its data, are even requested.
 * A guarded page's signed-in layout (top bar, tabs) starts loading at the same time.
 * A failure is left for the page itself to show, with Retry.
 */
export function preloadRoutePage(
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  { load = loadPage, loadLayout = loadMainLayout }: Loaders = {},
): void {
  const match = matchPageRoute(pathname);
  if (!match) return;
  const { route, params } = match;
  if (route.guarded) loadLayout().catch(() => undefined);
  load(route)
    .then((page) => page.preload?.({ params, search: new URLSearchParams(search) }))
    .catch(() => undefined);
}
