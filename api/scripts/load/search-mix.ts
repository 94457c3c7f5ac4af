/**
 * What people send to GET /services, as a rotating mix: words and phrases, prefixes typed so far,
 * misspellings, cities, categories, filters, later pages, searches that find nothing, and browsing without words.
 */
const WORDS = [
  'wedding photographer', 'photography', 'phot', 'candid', 'pre wedding shoot', 'drone', 'bridal makeup pune',
  'makeup', 'mak', 'airbrush', 'mehendi', 'caterers in jaipur', 'kerala sadya catering', 'biryani', 'buffet',
  'venue for 500 guests', 'banquet hall lucknow', 'lawn', 'haircut', 'beard', 'massage kochi', 'ayurvedic massage',
  'facial', 'gold facial', 'nail art', 'pedicure', 'personal trainer delhi', 'yoga', 'tutor maths', 'physics tuition',
  'wedding planner goa', 'destination wedding', 'sangeet', 'decor',
];
const MISSPELLINGS = ['photgrapher', 'fotography', 'cateering', 'makup', 'masage', 'weding planer', 'tutring'];
const CITIES = ['mumbai', 'Delhi', 'bengaluru', 'Hyderabad', 'chennai', 'KOLKATA', 'Ahmedabad', 'indore'];
const NOTHING = ['xyzzy', 'qwertyuiop', 'zzzz plumbing'];

const search = (params: Record<string, string | number>) =>
  `/services?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])))}`;

export const SEARCH_PATHS: readonly string[] = [
  ...WORDS.map((q) => search({ q })),
  ...MISSPELLINGS.map((q) => search({ q })),
  ...CITIES.map((q) => search({ q })),
  ...NOTHING.map((q) => search({ q })),
  search({ q: 'wedding', category: 'Photography' }),
  search({ q: 'bridal', city: 'Pune' }),
  search({ q: 'catering', city: 'Chennai', limit: 10 }),
  search({ q: 'makeup', category: 'Makeup', city: 'Mumbai' }),
  search({ category: 'Venues' }),
  search({ category: 'Manicure/Pedicure' }),
  search({ city: 'Jaipur' }),
  search({ city: 'Chennai', offset: 20 }),
  search({ q: 'wedding photographer', offset: 20 }),
  search({ q: 'photography', offset: 40, limit: 20 }),
  search({ q: 'catering', offset: 100 }),
  search({ q: 'makeup', offset: 9000 }),
  // browsing (issue 15): the catalog without words, sorted, by price
  search({}),
  search({ sort: 'newest', offset: 20 }),
  search({ sort: 'price_desc' }),
  search({ category: 'Makeup', sort: 'price_asc', maxPrice: 5_000_000 }),
  search({ city: 'Pune', minPrice: 1_000_000, maxPrice: 10_000_000, sort: 'rating' }),
  search({ q: 'wedding', sort: 'price_asc' }),
];
