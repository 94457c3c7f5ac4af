import { matchPath } from '@utsav/contracts/router';
import { PAGE_ROUTES } from '@utsav/contracts';
import { loadMainLayout } from '../shell/load-main-layout';
import { loadPage } from './load-page';

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
  for (const route of PAGE_ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (!match) continue;
    if (route.guarded) loadLayout().catch(() => undefined);
    load(route)
      .then((page) => page.preload?.({ params: match.params, search: new URLSearchParams(search) }))
      .catch(() => undefined);
    return;
  }
}
