import type { ComponentType } from 'react';
import type { RenderedPage } from '../boot/rendered-page';
import { loadMainLayout } from '../shell/load-main-layout';
import type { FirstPage } from './first-page';
import { loadPage } from './load-page';
import { matchPageRoute } from '@utsav/contracts';

/**
 * What the browser needs to draw the page the server rendered exactly as it is on screen: the page's
 * code (loaded from its remote now, with the signed-in layout's).
 * A page whose remote cannot be loaded is left out: its route shows the remote's error, with Retry.
 */
export async function renderedFirstPage(rendered: RenderedPage, { pathname }: Pick<Location, 'pathname'>): Promise<FirstPage> {
  const match = matchPageRoute(pathname);
  const pages = new Map<string, ComponentType>();
  if (match?.route.guarded) loadMainLayout().catch(() => undefined);
  if (match) {
    const page = await loadPage(match.route).catch(() => null);
    if (page && !page.remoteUnavailable) pages.set(match.route.path, page.default);
  }
  return { pages };
}
