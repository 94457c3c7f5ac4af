import { searchServices } from '@utsav/contracts/catalog';
import { SEARCH_PAGE_SIZE, type ServiceSearchResult } from '@utsav/contracts/schemas';
import { type ApiStatus, preloadAnswer, rupeesToPaise, toast, useApi } from '@utsav/contracts';
import { PICTURE_SIZES, warmingCovers } from '../../shared/covers';
import { sortOf, type Browse } from './browse-address';
import { translateCatalog } from '../../i18n';

interface Answer {
  browse: Browse;
  results: ServiceSearchResult[];
  total: number;
}

export interface ServiceSearch {
  status: ApiStatus;
  /** what the shown results are for */
  browse: Browse;
  results: ServiceSearchResult[];
  total: number;
  /** pages in all (at least 1) */
  pages: number;
  retry: () => void;
}

function onSearchError() {
  toast.error(translateCatalog('services.fetchFailed'), { dedupe: true });
}

const paise = (rupees: number | undefined) => (rupees === undefined ? undefined : rupeesToPaise(rupees));

/** One page of a browse, with the key its preloaded answer is kept under. */
function pageOf(browse: Browse) {
  const { q, category, city, minPrice, maxPrice, page } = browse;
  const sort = sortOf(browse);
  return {
    key: `catalog/search?${JSON.stringify([q, category, city, sort, minPrice, maxPrice, page])}`,
    call: async (signal?: AbortSignal): Promise<Answer> => {
      const answer = await searchServices(
        {
          q: q || undefined,
          category,
          city,
          sort,
          // the address carries rupees, the API takes paise
          minPrice: paise(minPrice),
          maxPrice: paise(maxPrice),
          limit: SEARCH_PAGE_SIZE,
          offset: (page - 1) * SEARCH_PAGE_SIZE,
        },
        signal,
      );
      return { browse, results: answer.results, total: answer.total };
    },
  };
}

/** Asks for the address's page before the Search page renders (its `preload`). */
export function preloadSearch(browse: Browse): void {
  const { key, call } = pageOf(browse);
  preloadAnswer(key, () => warmingCovers(call(), (answer) => answer.results, PICTURE_SIZES.grid));
}

/**
 * GET /services for what the address shows: words and/or filters, a sort and a page (no words and no
 * filter lists the catalog). Every answer is tied to the browse it was asked for.
 */
export function useServiceSearch(browse: Browse): ServiceSearch {
  const { key, call } = pageOf(browse);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names everything `call` reads (both are made by pageOf() from the same browse)
  const answer = useApi<Answer>(call, [key], { onError: onSearchError, preloaded: key });
  const total = answer.data?.total ?? 0;
  return {
    status: answer.status,
    browse: answer.data?.browse ?? browse,
    results: answer.data?.results ?? [],
    total,
    pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
    retry: answer.retry,
  };
}
