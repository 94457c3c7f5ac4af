import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from '@utsav/contracts/router';
import { paths } from '@utsav/contracts';
import {
  PRICE_FILTER_MAX,
  SEARCH_PAGE_SIZE,
  SERVICE_CATEGORIES,
  SERVICE_CITIES,
  SERVICE_SORTS,
  type ServiceCategory,
  type ServiceCity,
  type ServiceSort,
} from '@utsav/contracts/schemas';

/** The highest price the page's range takes, in whole rupees (the API's limit). */
export const PRICE_MAX_RUPEES = PRICE_FILTER_MAX / 100;
/** The API pages up to offset 10 000. */
const MAX_PAGE = Math.floor(10_000 / SEARCH_PAGE_SIZE) + 1;

/** What the Search page shows, read from its address (every control lives there; see paths.search). */
export interface Browse {
  /** trimmed search text */
  q: string;
  category: ServiceCategory | undefined;
  city: ServiceCity | undefined;
  /** as the address says; sortOf() gives the one that applies */
  sort: ServiceSort | undefined;
  /** whole rupees */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** from 1 */
  page: number;
}

export function toCategory(value: string | null): ServiceCategory | undefined {
  return SERVICE_CATEGORIES.find((category) => category === value);
}

const toCity = (value: string | null): ServiceCity | undefined =>
  SERVICE_CITIES.find((city) => city.toLowerCase() === value?.trim().toLowerCase());

const toSort = (value: string | null): ServiceSort | undefined => SERVICE_SORTS.find((sort) => sort === value);

/** A whole number from min to max, or undefined for anything else. */
function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * The address's browse state; what it cannot use is left out (an unknown category or city, a bad price,
 * a range whose minimum is above its maximum, a page out of reach), so a hand-edited address still works.
 */
export function browseOf(params: URLSearchParams): Browse {
  let minPrice = wholeNumber(params.get('minPrice'), 0, PRICE_MAX_RUPEES);
  let maxPrice = wholeNumber(params.get('maxPrice'), 0, PRICE_MAX_RUPEES);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) minPrice = maxPrice = undefined;
  return {
    q: (params.get('q') ?? '').trim(),
    category: toCategory(params.get('category')),
    city: toCity(params.get('city')),
    sort: toSort(params.get('sort')),
    minPrice,
    maxPrice,
    page: wholeNumber(params.get('page'), 1, MAX_PAGE) ?? 1,
  };
}

/** The sort that applies: relevance needs words, so without any the list is by popularity. */
export function sortOf({ q, sort }: Pick<Browse, 'q' | 'sort'>): ServiceSort {
  if (q === '') return sort === undefined || sort === 'relevance' ? 'popular' : sort;
  return sort ?? 'relevance';
}

/** The address that shows `browse` (through paths.search, the one way to build it). */
export const browsePath = (browse: Browse): string => paths.search({ ...browse, q: browse.q || undefined });

/** How many filters (category, city, price range) narrow the list. */
export const filterCount = ({ category, city, minPrice, maxPrice }: Browse) =>
  [category, city, minPrice ?? maxPrice].filter((value) => value !== undefined).length;

export interface BrowseAddress {
  browse: Browse;
  /**
   * Shows `change` applied to what is shown, from page 1 unless it names a page: a new history entry, so
   * Back restores the previous state (`replace` for the text as it is typed).
   */
  go: (change: Partial<Browse>, options?: { replace?: boolean }) => void;
}

export function useBrowseAddress(): BrowseAddress {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.toString();
  const browse = useMemo(() => browseOf(new URLSearchParams(search)), [search]);

  // go() keeps its identity; it reads the latest state
  const latest = useRef({ browse, navigate });
  useEffect(() => {
    latest.current = { browse, navigate };
  });

  const go = useCallback((change: Partial<Browse>, options: { replace?: boolean } = {}) => {
    latest.current.navigate(browsePath({ ...latest.current.browse, page: 1, ...change }), { replace: options.replace });
  }, []);

  return { browse, go };
}
