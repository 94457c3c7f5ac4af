/**
 * The catalog's fixed values (categories, cities, sorts, search limits), apart from its schemas: a
 * page that needs only these (Home's categories, Search's controls) does not bring zod with them.
 * Re-exported by ./catalog, where they belong.
 */

export const SERVICE_CATEGORIES = [
  'Photography',
  'Catering',
  'Makeup',
  'Venues',
  'Haircut',
  'Massage',
  'Facial',
  'Manicure/Pedicure',
  'Personal Training',
  'Tutoring',
  'Wedding Planning',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/**
 * The cities the catalog serves (the seed puts services in each; a test holds the seed to this list).
 * Search's city filter offers these; the API still takes any city name and compares it case-blind.
 */
export const SERVICE_CITIES = [
  'Mumbai',
  'Delhi',
  'Bengaluru',
  'Hyderabad',
  'Chennai',
  'Kolkata',
  'Pune',
  'Jaipur',
  'Ahmedabad',
  'Lucknow',
  'Kochi',
  'Chandigarh',
  'Indore',
  'Goa',
] as const;
export type ServiceCity = (typeof SERVICE_CITIES)[number];

/**
 * How GET /services orders its answer. `relevance` needs search words (without any it lists as
 * `popular`); the default is `relevance` with words and `popular` without. Prices are the starting price.
 */
export const SERVICE_SORTS = ['relevance', 'popular', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];
export const SERVICE_SORT_LABELS: Record<ServiceSort, string> = {
  relevance: 'Relevance',
  popular: 'Most popular',
  newest: 'Newest',
  price_asc: 'Lowest price',
  price_desc: 'Highest price',
  rating: 'Top rated',
};

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** The highest price filter GET /services takes: ₹1,00,00,000 (one crore), in paise. */
export const PRICE_FILTER_MAX = 1_000_000_000;
