import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageHeadOf, PagePreload, PageRoute } from '@utsav/contracts';
import { RemoteUnavailableError } from './errors';

export interface PageModule {
  default: ComponentType;
  /** starts the page's data calls before it renders (see @utsav/contracts preload) */
  preload?: PagePreload;
  /** the page's own head, from its preload's answers (a route with `ownHead`: the server writes it; PageHeadOf) */
  head?: PageHeadOf;
  remoteUnavailable?: RemoteUnavailableError;
}

/** Loads a page module exposed by a remote, e.g. catalog/Home. */
export async function loadPage(route: Pick<PageRoute, 'remote' | 'module'>): Promise<PageModule> {
  const id = `${route.remote}/${route.module.slice(2)}`;
  let page: PageModule | null;
  try {
    page = await loadRemote<PageModule>(id);
  } catch (error) {
    throw new RemoteUnavailableError(route.remote, error);
  }
  if (!page?.default) throw new RemoteUnavailableError(route.remote);
  return page;
}
