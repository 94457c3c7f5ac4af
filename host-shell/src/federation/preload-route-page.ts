import { matchPath } from '@utsav/contracts/router';
import { PAGE_ROUTES } from '@utsav/contracts';
import { loadPage } from './load-page';

/**
 * Starts fetching the page of the address the app opened on (its remote's manifest, entry and
 * page chunk) at boot, alongside the session check, instead of after it: a signed-in page no
 * longer waits for sign-in, the profile check and the layout before its code is even requested.
 * A failure is left for the page itself to show, with Retry.
 */
export function preloadRoutePage(pathname: string, load = loadPage): void {
  const route = PAGE_ROUTES.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  if (route) load(route).catch(() => undefined);
}
