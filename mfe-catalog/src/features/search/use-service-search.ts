import { catalogResources } from '@utsav/contracts/resources';
import { SEARCH_PAGE_SIZE, type ServiceSearchResult } from '@utsav/contracts/schemas';
import { type ApiStatus, rupeesToPaise, toast, useApi } from '@utsav/contracts';
import { PICTURE_SIZES, prefetchWithCovers } from '../../shared/covers';
import { sortOf, type Browse } from './browse-address';
import { translateCatalog } from '../../i18n';

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

/** One page of a browse, as the API is asked for it. */
function pageOf(browse: Browse) {
  const { q, category, city, minPrice, maxPrice, page } = browse;
  return catalogResources.search({
    q: q || undefined,
    category,
    city,
    sort: sortOf(browse),
    // the address carries rupees, the API takes paise
    minPrice: paise(minPrice),
    maxPrice: paise(maxPrice),
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  });
}

/** Asks for the address's page before the Search page renders (its `preload`). */
export function preloadSearch(browse: Browse): void {
  prefetchWithCovers(pageOf(browse), (answer) => answer.results, PICTURE_SIZES.grid);
}

/**
 * GET /services for what the address shows: words and/or filters, a sort and a page (no words and no
 * filter lists the catalog). Every answer is the one of the browse it was asked for (its key names it).
 */
export function useServiceSearch(browse: Browse): ServiceSearch {
  const answer = useApi(pageOf(browse), { onError: onSearchError });
  const total = answer.data?.total ?? 0;
  return {
    status: answer.status,
    browse,
    results: answer.data?.results ?? [],
    total,
    pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
    retry: answer.retry,
  };
}
