import {
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  serviceSearchResponseSchema,
  type ServiceSearchResponse,
} from '@utsav/contracts/schemas';
import { getBadRequest, getOk } from './support/catalog';
import { startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

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

const categoriesOf = (response: ServiceSearchResponse, top = response.results.length) =>
  response.results.slice(0, top).map((result) => result.category);

describe('relevance', () => {
  test('"wedding photographer": the top results are photographers', async () => {
    const response = await search({ q: 'wedding photographer' });
    expect(response.total).toBeGreaterThanOrEqual(10);
    expect(categoriesOf(response, 10)).toEqual(new Array(10).fill('Photography'));
  });

  test.each(['photgraphy', 'photgrapher', 'fotography', 'photograpy'])('typo "%s" still finds photography', async (q) => {
    const response = await search({ q });
    expect(categoriesOf(response, 5)).toEqual(new Array(5).fill('Photography'));
  });

  test.each([
    ['phot', 'Photography'],
    ['mak', 'Makeup'],
    ['cater', 'Catering'],
    ['mass', 'Massage'],
    ['tuto', 'Tutoring'],
  ])('prefix "%s" finds %s', async (q, category) => {
    const response = await search({ q });
    expect(categoriesOf(response, 5)).toEqual(new Array(5).fill(category));
  });

  test('stems: "caterers" finds catering, "photographers" finds photography', async () => {
    expect(categoriesOf(await search({ q: 'caterers' }), 5)).toEqual(new Array(5).fill('Catering'));
    expect(categoriesOf(await search({ q: 'photographers' }), 5)).toEqual(new Array(5).fill('Photography'));
  });

  test.each(['jaipur', 'Mumbai', 'KOCHI'])('a city name "%s" finds that city’s services, only', async (q) => {
    const response = await search({ q, limit: SEARCH_MAX_PAGE_SIZE });
    expect(response.total).toBeGreaterThanOrEqual(8);
    const city = q[0]?.toUpperCase() + q.slice(1).toLowerCase();
    for (const result of response.results) expect(result.location.city).toBe(city);
  });

  test('"bridal makeup pune" ranks Pune’s bridal makeup first, then makeup elsewhere', async () => {
    const response = await search({ q: 'bridal makeup pune' });
    const [first] = response.results;
    expect(first).toMatchObject({ category: 'Makeup', location: { city: 'Pune', state: 'Maharashtra' } });
    expect(first?.title.toLowerCase()).toContain('bridal');
    expect(categoriesOf(response, 5)).toEqual(new Array(5).fill('Makeup'));
  });

  test('a word the catalog does not know is not required ("wedding xyzzy" finds weddings), alone it finds nothing', async () => {
    expect((await search({ q: 'wedding xyzzy' })).total).toBeGreaterThan(0);
    expect(await search({ q: 'xyzzy' })).toEqual({ results: [], total: 0, limit: SEARCH_PAGE_SIZE, offset: 0 });
  });

  test('the description counts too: "airbrush" finds makeup artists', async () => {
    expect(categoriesOf(await search({ q: 'airbrush' }))).toContain('Makeup');
  });

  test('results carry the search shape: mainImage, rating (null without reviews), price in paise', async () => {
    const response = await search({ q: 'wedding', limit: SEARCH_MAX_PAGE_SIZE });
    for (const result of response.results) {
      expect(result.mainImage).toMatchObject({ width: 800, height: 600 });
      expect(result.mainImage.url).toMatch(/^\/media\/services\/[0-9a-f-]{36}-480\.webp$/);
      expect(Number.isInteger(result.price)).toBe(true);
      if (result.rating === null) expect(result.reviewCount).toBe(0);
    }
  });
});

describe('filters', () => {
  test('category with a query keeps only that category', async () => {
    const response = await search({ q: 'wedding', category: 'Venues', limit: SEARCH_MAX_PAGE_SIZE });
    expect(response.total).toBeGreaterThan(0);
    expect(new Set(categoriesOf(response))).toEqual(new Set(['Venues']));
  });

  test('city with a query keeps only that city (any letter case)', async () => {
    const response = await search({ q: 'bridal', city: 'pune', limit: SEARCH_MAX_PAGE_SIZE });
    expect(response.total).toBeGreaterThan(0);
    for (const result of response.results) expect(result.location.city).toBe('Pune');
  });

  test('an empty query with a category lists the whole category (sort=rating: best rated first)', async () => {
    const response = await search({ category: 'Photography', sort: 'rating', limit: SEARCH_MAX_PAGE_SIZE });
    expect(response.total).toBeGreaterThanOrEqual(10);
    expect(response.results).toHaveLength(response.total);
    expect(new Set(categoriesOf(response))).toEqual(new Set(['Photography']));
    const ratings = response.results.map((result) => result.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  test('an empty query with a city lists that city; with both, both apply', async () => {
    const byCity = await search({ city: 'Chennai', limit: SEARCH_MAX_PAGE_SIZE });
    expect(byCity.total).toBeGreaterThanOrEqual(10);
    for (const result of byCity.results) expect(result.location.city).toBe('Chennai');
    const both = await search({ city: 'Chennai', category: 'Makeup' });
    expect(both.total).toBeGreaterThan(0);
    for (const result of both.results) expect(result).toMatchObject({ category: 'Makeup', location: { city: 'Chennai' } });
  });

  test('an unknown city finds nothing', async () => {
    expect((await search({ city: 'Atlantis' })).total).toBe(0);
    expect((await search({ q: 'wedding', city: 'Atlantis' })).total).toBe(0);
  });
});

describe('empty query', () => {
  // it used to answer nothing; since issue 15 it lists the catalog (catalog-browse.test.ts says how)
  test.each([{}, { q: '' }, { q: '   ' }, { q: '!!!' }, { q: '🙂' }, { q: 'the of and' }, { city: '  ' }])(
    '%j with no filter lists the whole catalog',
    async (params) => {
      const page = await search(params);
      expect(page.total).toBeGreaterThanOrEqual(150);
      expect(page.results).toHaveLength(SEARCH_PAGE_SIZE);
    },
  );
});

describe('paging', () => {
  test('limit, offset and total are consistent and pages never repeat a service', async () => {
    const whole = await search({ q: 'wedding', limit: SEARCH_MAX_PAGE_SIZE });
    expect(whole.total).toBeGreaterThan(25);
    const seen: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 7) {
      const page = await search({ q: 'wedding', limit: 7, offset });
      expect(page).toMatchObject({ total: whole.total, limit: 7, offset });
      expect(page.results).toHaveLength(Math.min(7, whole.total - offset));
      seen.push(...page.results.map((result) => result.serviceId));
    }
    expect(seen).toHaveLength(whole.total);
    expect(new Set(seen).size).toBe(whole.total);
    // the pages, end to end, are the same ranking as one big page
    expect(seen.slice(0, SEARCH_MAX_PAGE_SIZE)).toEqual(whole.results.map((result) => result.serviceId));
  });

  test('category listings page the same way', async () => {
    const first = await search({ category: 'Catering', limit: 5 });
    const second = await search({ category: 'Catering', limit: 5, offset: 5 });
    const ids = [...first.results, ...second.results].map((result) => result.serviceId);
    expect(new Set(ids).size).toBe(10);
    expect(second.total).toBe(first.total);
  });

  test('the default page is 20; a page past the end is empty but still tells the total', async () => {
    const page = await search({ q: 'wedding' });
    expect(page).toMatchObject({ limit: SEARCH_PAGE_SIZE, offset: 0 });
    expect(page.results).toHaveLength(SEARCH_PAGE_SIZE);
    const past = await search({ q: 'wedding', offset: 5_000 });
    expect(past).toEqual({ results: [], total: page.total, limit: SEARCH_PAGE_SIZE, offset: 5_000 });
  });
});

describe('bad parameters are a 400 with a message', () => {
  test.each([
    ['q longer than 100 characters', `q=${'a'.repeat(101)}`, /at most 100 characters/],
    ['limit 0', 'q=wedding&limit=0', /^limit: /],
    ['limit over the maximum', `q=wedding&limit=${SEARCH_MAX_PAGE_SIZE + 1}`, /^limit: /],
    ['limit not a number', 'q=wedding&limit=ten', /^limit: /],
    ['limit not whole', 'q=wedding&limit=2.5', /^limit: /],
    ['negative offset', 'q=wedding&offset=-1', /^offset: /],
    ['offset not a number', 'q=wedding&offset=x', /^offset: /],
    ['unknown category', 'category=Plumbing', /^category: Unknown category/],
    ['category in the wrong case', 'category=photography', /^category: Unknown category/],
    ['q given twice', 'q=a&q=b', /^q: /],
  ])('%s', async (_label, query, message) => {
    expect(await getBadRequest(`${server.url}/services?${query}`)).toMatch(message);
  });

  test('100 characters (after trimming) is still fine', async () => {
    await search({ q: `  ${'wedding '.repeat(12).slice(0, 100)}  ` });
  });
});

describe('hostile search text is only text', () => {
  const HOSTILE = [
    "'",
    '"',
    '\\',
    "' OR 1=1 --",
    "'; DROP TABLE services; --",
    'wedding%',
    '%_%',
    '_',
    'photo & | ! ( ) : * < >',
    '!!!wedding',
    'wedding:*',
    "wedding' & 'x",
    '<->',
    'a <-> b <2> c',
    '(((((',
    'wedding\\',
    '\\x00',
    'null',
    'undefined',
    '{"$gt": ""}',
    '😀🎉💍📸',
    '❤️ wedding',
    'मुंबई शादी फोटोग्राफर',
    'ｗｅｄｄｉｎｇ', // full-width letters
    'e\u0301e\u0301e\u0301', // combining accents
    '\u200b\u200d\ufeff', // zero-width characters
    "O'Brien's photography",
    'a'.repeat(100),
    'wedding '.repeat(12).trim().slice(0, 100),
    Array.from({ length: 50 }, (_, i) => String.fromCharCode(33 + i)).join(''),
  ];

  test.each(HOSTILE)('%j answers 200 with a valid page', async (q) => {
    const response = await search({ q });
    expect(response.total).toBeGreaterThanOrEqual(0);
  });

  test.each([
    ['NUL in q', `q=wedding%00photo`],
    ['NUL in city', `q=wedding&city=Pu%00ne`],
    ['control characters', `q=%01%02%1b%7f&city=%0a%0d`],
    ['a lone percent sign', 'q=%25'],
    ['broken UTF-8', 'q=%ED%A0%80%C3'],
    ['SQL in the city', `q=wedding&city=${encodeURIComponent("Pune' OR '1'='1")}`],
    ['SQL in the category', `category=${encodeURIComponent("Makeup' OR '1'='1")}`],
  ])('%s never errors', async (_label, query) => {
    const response = await fetch(`${server.url}/services?${query}`);
    expect([200, 400]).toContain(response.status);
    const body: unknown = await response.json();
    if (response.status === 200) serviceSearchResponseSchema.parse(body);
    else expect(body).toEqual({ ...errorSaying(expect.any(String)), issues: expect.any(Array) });
  });

  test('the catalog is intact afterwards', async () => {
    const [row] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM services');
    expect(row?.n).toBeGreaterThanOrEqual(150);
  });
});
