import { useCallback, useEffect, useRef, useState } from 'react';
import { searchServices } from '@utsav/contracts/catalog';
import { SEARCH_PAGE_SIZE, type ServiceCategory, type ServiceSearchResult } from '@utsav/contracts/schemas';
import { notifyError } from '../../shared/notify';
import { type ApiStatus, preloadAnswer, useApi } from '@utsav/contracts';
import { warmingCovers } from '../../shared/covers';

export const SEARCH_FAILED = 'Failed to fetch services';

interface FirstPage {
  query: string;
  category: ServiceCategory | undefined;
  results: ServiceSearchResult[];
  total: number;
}

interface MorePages {
  /** the first page these follow; a new search or a retry leaves them behind */
  base: FirstPage;
  results: ServiceSearchResult[];
  total: number;
  /** the server sent an empty page: stop offering more even if total says otherwise */
  exhausted: boolean;
}

export interface ServiceSearch {
  status: ApiStatus;
  /** the query and category the shown results are for */
  query: string;
  category: ServiceCategory | undefined;
  results: ServiceSearchResult[];
  total: number;
  canLoadMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

function onSearchError() {
  notifyError(SEARCH_FAILED);
}

function merge(shown: ServiceSearchResult[], page: ServiceSearchResult[]): ServiceSearchResult[] {
  const seen = new Set(shown.map((service) => service.serviceId));
  return [...shown, ...page.filter((service) => !seen.has(service.serviceId))];
}

/** A search's first page, with the key its preloaded answer is kept under. */
function firstPage(query: string, category: ServiceCategory | undefined) {
  return {
    key: `catalog/search?q=${encodeURIComponent(query)}&category=${category ?? ''}`,
    call: async (signal?: AbortSignal): Promise<FirstPage> => {
      const page = await searchServices({ q: query || undefined, category, limit: SEARCH_PAGE_SIZE, offset: 0 }, signal);
      return { query, category, results: page.results, total: page.total };
    },
  };
}

/** Asks for a search's first page before its page renders (the Search page's `preload`). */
export function preloadSearch(query: string, category: ServiceCategory | undefined): void {
  if (query === '' && category === undefined) return;
  const { key, call } = firstPage(query, category);
  preloadAnswer(key, () => warmingCovers(call(), (page) => page.results));
}

/**
 * GET /services for a query and/or category, with 'Load more' paging by offset. No call at all
 * for an empty query without a category. Every answer is tied to the search it was asked for.
 */
export function useServiceSearch(query: string, category: ServiceCategory | undefined): ServiceSearch {
  const enabled = query !== '' || category !== undefined;
  const { key, call } = firstPage(query, category);
  const first = useApi<FirstPage>(call, [query, category], { enabled, onError: onSearchError, preloaded: key });

  const base = first.data;
  const [more, setMore] = useState<MorePages | null>(null);
  const [loadingFor, setLoadingFor] = useState<FirstPage | null>(null);
  const moreRequest = useRef<AbortController | null>(null);

  // A new search (or leaving the page) cancels a 'Load more' still on its way.
  useEffect(() => () => moreRequest.current?.abort(), [base]);

  const current = more && more.base === base ? more : null;
  const results = base ? (current ? merge(base.results, current.results) : base.results) : [];
  const total = current?.total ?? base?.total ?? 0;

  const loadMore = useCallback(() => {
    if (!base) return;
    moreRequest.current?.abort();
    const controller = new AbortController();
    moreRequest.current = controller;
    setLoadingFor(base);
    searchServices({ q: base.query || undefined, category: base.category, limit: SEARCH_PAGE_SIZE, offset: results.length }, controller.signal)
      .then((page) => {
        if (controller.signal.aborted) return;
        setMore((previous) => ({
          base,
          results: [...(previous && previous.base === base ? previous.results : []), ...page.results],
          total: page.total,
          exhausted: page.results.length === 0,
        }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) return;
        onSearchError();
      })
      .finally(() => {
        if (moreRequest.current === controller) {
          moreRequest.current = null;
          setLoadingFor(null);
        }
      });
  }, [base, results.length]);

  return {
    status: first.status,
    query: base?.query ?? query,
    category: base ? base.category : category,
    results,
    total,
    canLoadMore: first.status === 'success' && results.length < total && !current?.exhausted,
    loadingMore: loadingFor !== null && loadingFor === base,
    loadMore,
    retry: first.retry,
  };
}
