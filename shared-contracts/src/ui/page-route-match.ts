import { matchPath } from '@utsav/contracts/router';
import { PAGE_ROUTES, type PageRoute } from '../domain/routes';

export interface PageRouteMatch {
  route: PageRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/** The page route an address opens (the first of PAGE_ROUTES that matches it whole), or null. */
export function matchPageRoute(pathname: string): PageRouteMatch | null {
  for (const route of PAGE_ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}
