import {
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SERVICE_CATEGORIES,
  serviceListResponseSchema,
  serviceSearchResponseSchema,
  type ServiceSearchResponse,
  type ServiceSearchResult,
} from '@utsav/contracts/schemas';
import { SEED_SERVICE_COUNT } from '../src/catalog/seed/seed-catalog';
import { getBadRequest, getOk } from './support/catalog';
import { startTestServer, type TestServer } from './support/test-server';

/** Browsing GET /services (issue 15): listing without words, sorts, the price range, paging, and 400s. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seedCatalog: true });
});
afterAll(() => server.close());

function search(params: Record<string, string | number | undefined>): Promise<ServiceSearchResponse> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  return getOk(`${server.url}/services?${query}`, serviceSearchResponseSchema);
}

/** every result of a search, page by page (50 at a time) */
async function everything(params: Record<string, string | number | undefined>): Promise<ServiceSearchResult[]> {
  const results: ServiceSearchResult[] = [];
  for (let offset = 0; ; offset += SEARCH_MAX_PAGE_SIZE) {
    const page = await search({ ...params, limit: SEARCH_MAX_PAGE_SIZE, offset });
    results.push(...page.results);
    if (offset + SEARCH_MAX_PAGE_SIZE >= page.total) return results;
  }
}

/** the stored order columns of some services, by id */
async function facts(ids: string[]) {
  const rows = await server.database.query<{ id: string; popularity: number; created_at: string }>(
    'SELECT id::text AS id, popularity, created_at::text AS created_at FROM services WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const isSorted = <T>(values: T[], compare: (a: T, b: T) => number) =>
  values.every((value, index) => index === 0 || compare(values[index - 1] as T, value) <= 0);

describe('an empty query lists the catalog', () => {
  test.each([{}, { q: '' }, { q: '   ' }, { q: '!!!' }, { q: 'the of and' }, { city: '  ' }])(
    '%j lists every service, a page at a time, most popular first',
    async (params) => {
      const page = await search(params);
      expect(page).toMatchObject({ total: SEED_SERVICE_COUNT, limit: SEARCH_PAGE_SIZE, offset: 0 });
      expect(page.results).toHaveLength(SEARCH_PAGE_SIZE);
      const popularity = await facts(page.results.map((result) => result.serviceId));
      const scores = page.results.map((result) => popularity.get(result.serviceId)?.popularity ?? 0);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    },
  );

  test('paging the whole catalog gives every service once, and the total on every page', async () => {
    const seen = new Set<string>();
    for (let offset = 0; offset < SEED_SERVICE_COUNT; offset += 40) {
      const page = await search({ limit: 40, offset });
      expect(page).toMatchObject({ total: SEED_SERVICE_COUNT, limit: 40, offset });
      expect(page.results).toHaveLength(Math.min(40, SEED_SERVICE_COUNT - offset));
      for (const result of page.results) seen.add(result.serviceId);
    }
    expect(seen.size).toBe(SEED_SERVICE_COUNT);
    expect(await search({ offset: SEED_SERVICE_COUNT })).toEqual({
      results: [],
      total: SEED_SERVICE_COUNT,
      limit: SEARCH_PAGE_SIZE,
      offset: SEED_SERVICE_COUNT,
    });
  });

  test('relevance without words lists as popular (the same answer)', async () => {
    expect(await search({ sort: 'relevance' })).toEqual(await search({}));
    expect(await search({ sort: 'relevance', category: 'Makeup' })).toEqual(await search({ sort: 'popular', category: 'Makeup' }));
  });
});

describe('sorts', () => {
  test('newest: by created_at, newest first; the first is GET /services/latest’s', async () => {
    const results = await everything({ sort: 'newest' });
    expect(results).toHaveLength(SEED_SERVICE_COUNT);
    const created = await facts(results.map((result) => result.serviceId));
    const times = results.map((result) => Date.parse(created.get(result.serviceId)!.created_at));
    expect(isSorted(times, (a, b) => b - a)).toBe(true);
    const latest = await getOk(`${server.url}/services/latest?limit=1`, serviceListResponseSchema);
    expect(results[0]?.serviceId).toBe(latest.results[0]?.serviceId);
  });

  test('price low to high and high to low, on the starting price', async () => {
    const low = await everything({ sort: 'price_asc', category: 'Photography' });
    expect(low.length).toBeGreaterThanOrEqual(10);
    expect(isSorted(low.map((result) => result.price), (a, b) => a - b)).toBe(true);
    const high = await everything({ sort: 'price_desc', category: 'Photography' });
    expect(high.map((result) => result.price)).toEqual(low.map((result) => result.price).reverse());
    expect(new Set(high.map((result) => result.serviceId))).toEqual(new Set(low.map((result) => result.serviceId)));
  });

  test('rating: best rated first, unrated last', async () => {
    const results = await everything({ sort: 'rating' });
    const ratings = results.map((result) => result.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(ratings.at(-1)).toBe(-1);
  });

  test('a sort applies to search words too: "wedding" by price keeps the same matches, cheapest first', async () => {
    const byRelevance = await everything({ q: 'wedding' });
    const byPrice = await everything({ q: 'wedding', sort: 'price_asc' });
    expect(byPrice).toHaveLength(byRelevance.length);
    expect(new Set(byPrice.map((result) => result.serviceId))).toEqual(new Set(byRelevance.map((result) => result.serviceId)));
    expect(isSorted(byPrice.map((result) => result.price), (a, b) => a - b)).toBe(true);
    // relevance is the default with words
    expect(await search({ q: 'wedding', sort: 'relevance' })).toEqual(await search({ q: 'wedding' }));
  });
});

describe('price range (paise, on the starting price)', () => {
  test('minPrice and maxPrice keep services whose starting price is within, both ends included', async () => {
    const all = await everything({ sort: 'price_asc' });
    const prices = all.map((result) => result.price);
    const min = prices[Math.floor(prices.length / 4)]!;
    const max = prices[Math.floor((prices.length * 3) / 4)]!;
    const within = await everything({ minPrice: min, maxPrice: max, sort: 'price_asc' });
    expect(within.map((result) => result.price)).toEqual(prices.filter((price) => price >= min && price <= max));
    expect(within.some((result) => result.price === min)).toBe(true);
    expect(within.some((result) => result.price === max)).toBe(true);
    expect((await search({ minPrice: min, maxPrice: max })).total).toBe(within.length);
  });

  test('one bound alone, with a category, a city and words', async () => {
    const cheap = await everything({ maxPrice: 100_000 }); // ₹1,000
    expect(cheap.length).toBeGreaterThan(0);
    for (const result of cheap) expect(result.price).toBeLessThanOrEqual(100_000);
    const dear = await everything({ minPrice: 50_000_000, category: 'Venues', city: 'jaipur' });
    for (const result of dear) {
      expect(result).toMatchObject({ category: 'Venues', location: { city: 'Jaipur' } });
      expect(result.price).toBeGreaterThanOrEqual(50_000_000);
    }
    const words = await everything({ q: 'makeup', minPrice: 1_000_000 });
    expect(words.length).toBeGreaterThan(0);
    for (const result of words) expect(result.price).toBeGreaterThanOrEqual(1_000_000);
    expect(words.length).toBeLessThan((await everything({ q: 'makeup' })).length);
  });

  test('a range nothing is in finds nothing; min equal to max is a range of one price', async () => {
    expect((await search({ minPrice: 0, maxPrice: 1 })).total).toBe(0);
    const [first] = (await search({ sort: 'price_asc', limit: 1 })).results;
    const exact = await everything({ minPrice: first!.price, maxPrice: first!.price });
    expect(exact.length).toBeGreaterThanOrEqual(1);
    for (const result of exact) expect(result.price).toBe(first!.price);
  });

  test('every category and every filter combine', async () => {
    for (const category of SERVICE_CATEGORIES) {
      const page = await search({ category, city: 'Pune', sort: 'popular' });
      expect(page.total).toBeGreaterThan(0);
      for (const result of page.results) expect(result).toMatchObject({ category, location: { city: 'Pune' } });
    }
  });
});

describe('the answers are cached under everything they depend on', () => {
  test('the same search answers from the cache; another sort, range or page is another answer', async () => {
    const url = (query: string) => `${server.url}/services?${query}`;
    await fetch(url('sort=newest&maxPrice=5000000'));
    const again = await fetch(url('sort=newest&maxPrice=5000000'));
    expect(again.headers.get('x-cache')).toBe('hit');
    const bodies = await Promise.all(
      ['sort=newest&maxPrice=5000000', 'sort=popular&maxPrice=5000000', 'sort=newest&maxPrice=2000000', 'sort=newest&maxPrice=5000000&offset=20'].map(
        async (query) => JSON.stringify(await (await fetch(url(query))).json()),
      ),
    );
    expect(new Set(bodies).size).toBe(4);
    // no sort is the sort it stands for: one cache entry
    await fetch(url('category=Facial'));
    expect((await fetch(url('category=Facial&sort=popular'))).headers.get('x-cache')).toBe('hit');
  });
});

describe('bad browse parameters are a 400 with a message', () => {
  test.each([
    ['an unknown sort', 'sort=cheapest', /^sort: sort must be one of relevance, popular, newest, price_asc, price_desc, rating/],
    ['a sort in the wrong case', 'sort=Newest', /^sort: /],
    ['minPrice not a number', 'minPrice=cheap', /^minPrice: minPrice must be a number of paise/],
    ['minPrice negative', 'minPrice=-100', /^minPrice: minPrice must be between 0 and/],
    ['maxPrice not whole', 'maxPrice=99.5', /^maxPrice: maxPrice must be a whole number of paise/],
    ['maxPrice too high', 'maxPrice=1000000001', /^maxPrice: maxPrice must be between 0 and 1000000000 paise/],
    ['min above max', 'minPrice=500000&maxPrice=100000', /^minPrice: minPrice must not be more than maxPrice/],
    ['min above max with words', 'q=wedding&minPrice=2&maxPrice=1', /^minPrice: minPrice must not be more than maxPrice/],
    ['sort given twice', 'sort=newest&sort=rating', /^sort: /],
  ])('%s', async (_label, query, message) => {
    expect(await getBadRequest(`${server.url}/services?${query}`)).toMatch(message);
  });
});

describe('GET /services/popular?category= (Recommended For You)', () => {
  const popular = (query: string) => getOk(`${server.url}/services/popular?${query}`, serviceListResponseSchema);

  test('the category’s best first', async () => {
    const { results } = await popular('category=Makeup&limit=4');
    expect(results).toHaveLength(4);
    for (const result of results) expect(result.category).toBe('Makeup');
    const all = await everything({ category: 'Makeup', sort: 'popular' });
    const withEnoughReviews = all.filter((result) => result.reviewCount >= 10);
    expect(results.map((result) => result.serviceId)).toEqual(withEnoughReviews.slice(0, 4).map((result) => result.serviceId));
  });

  test('topped up from the overall popular list when the category has fewer', async () => {
    const [inCategory] = await server.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM services WHERE category = 'Tutoring' AND review_count >= 10",
    );
    const limit = 20;
    expect(inCategory!.n).toBeLessThan(limit);
    const { results } = await popular(`category=Tutoring&limit=${limit}`);
    expect(results).toHaveLength(limit);
    const tutoring = results.slice(0, inCategory!.n);
    for (const result of tutoring) expect(result.category).toBe('Tutoring');
    const rest = results.slice(inCategory!.n);
    const overall = (await popular(`limit=${limit}`)).results.filter((result) => result.category !== 'Tutoring');
    expect(rest.map((result) => result.serviceId)).toEqual(overall.slice(0, rest.length).map((result) => result.serviceId));
  });

  test('an unknown category is a 400', async () => {
    expect(await getBadRequest(`${server.url}/services/popular?category=Wedding`)).toMatch(/^category: Unknown category/);
  });
});
