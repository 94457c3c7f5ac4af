import {
  menuResponseSchema,
  serviceDetailSchema,
  serviceListResponseSchema,
  serviceSearchResponseSchema,
  type ServiceDetail,
  type ServiceListItem,
} from '@utsav/contracts/schemas';
import { getBadRequest, getNotFound, getOk } from './support/catalog';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seedCatalog: true });
});
afterAll(() => server.close());

const popular = (query = '') => getOk(`${server.url}/services/popular${query}`, serviceListResponseSchema);
const latest = (query = '') => getOk(`${server.url}/services/latest${query}`, serviceListResponseSchema);
const detail = (id: string) => getOk(`${server.url}/services/${encodeURIComponent(id)}`, serviceDetailSchema);

function expectListItem(item: ServiceListItem): void {
  expect(item.images.mainImage).toMatchObject({ width: 800, height: 600 });
  expect(item.images.workSamples.length).toBeGreaterThanOrEqual(2);
  expect(item.price).toBeGreaterThan(0);
}

describe('GET /services/popular', () => {
  test('defaults to 4 (the Home page’s list), best rated among services with enough reviews', async () => {
    const { results } = await popular();
    expect(results).toHaveLength(4);
    results.forEach(expectListItem);
    for (const item of results) {
      expect(item.reviewCount).toBeGreaterThanOrEqual(10);
      expect(item.rating).toBeGreaterThanOrEqual(4.3);
    }
  });

  test('a Bayesian order: a few perfect reviews do not beat many excellent ones', async () => {
    const { results } = await popular('?limit=20');
    expect(results).toHaveLength(20);
    const score = (item: ServiceListItem) => ((item.rating ?? 0) * item.reviewCount + 4 * 20) / (item.reviewCount + 20);
    const scores = results.map(score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // the first four of a longer list are the default list
    expect(results.slice(0, 4)).toEqual((await popular()).results);
  });

  test.each(['?limit=1', '?limit=7', '?limit=20'])('%s gives that many', async (query) => {
    expect((await popular(query)).results).toHaveLength(Number(query.split('=')[1]));
  });

  test.each(['?limit=0', '?limit=21', '?limit=-1', '?limit=abc', '?limit=2.5', '?limit='])('%s is a 400', async (query) => {
    expect(await getBadRequest(`${server.url}/services/popular${query}`)).toMatch(/^limit: limit must be/);
  });
});

describe('GET /services/latest', () => {
  test('defaults to 2 (the Home page’s list), newest first', async () => {
    const { results } = await latest();
    expect(results).toHaveLength(2);
    results.forEach(expectListItem);
    const [newest] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM services ORDER BY created_at DESC LIMIT 1');
    expect(results[0]?.serviceId).toBe(newest?.id);
  });

  test('?limit=20 lists 20 by created_at, newest first', async () => {
    const { results } = await latest('?limit=20');
    expect(results).toHaveLength(20);
    const rows = await server.database.query<{ id: string }>('SELECT id::text AS id FROM services ORDER BY created_at DESC, id LIMIT 20');
    expect(results.map((item) => item.serviceId)).toEqual(rows.map((row) => row.id));
  });

  test.each(['?limit=0', '?limit=21', '?limit=1e9'])('%s is a 400', async (query) => {
    await getBadRequest(`${server.url}/services/latest${query}`);
  });
});

describe('GET /services/{id}', () => {
  let service: ServiceDetail;
  beforeAll(async () => {
    const { results } = await getOk(`${server.url}/services?q=wedding+photography`, serviceSearchResponseSchema);
    service = await detail(results[0]?.serviceId ?? '');
  });

  test('the whole service: images, averageRating, provider and its menus by price', async () => {
    expect(service.category).toBe('Photography');
    expect(service.provider.name.length).toBeGreaterThan(0);
    expect(service.menus.length).toBeGreaterThanOrEqual(2);
    expect(service.menus.map((menu) => menu.price)).toEqual([...service.menus.map((menu) => menu.price)].sort((a, b) => a - b));
    expect(service.price).toBe(service.menus[0]?.price);
    for (const menu of service.menus) expect(menu.items.length).toBeGreaterThanOrEqual(2);
  });

  test("the provider's travel terms (issue 39): in the detail when the provider has given some, null otherwise", async () => {
    const [row] = await server.database.query<{ id: string; travel_terms: string }>(
      `SELECT s.id::text AS id, p.travel_terms FROM services s JOIN providers p ON p.id = s.provider_id
       WHERE p.travel_terms IS NOT NULL ORDER BY s.id LIMIT 1`,
    );
    expect(row?.travel_terms).toMatch(/^Travels /);
    const travelling = await detail(row!.id);
    expect(travelling.provider.travelTerms).toBe(row!.travel_terms);
    const [none] = await server.database.query<{ id: string }>(
      'SELECT s.id::text AS id FROM services s JOIN providers p ON p.id = s.provider_id WHERE p.travel_terms IS NULL ORDER BY s.id LIMIT 1',
    );
    expect((await detail(none!.id)).provider.travelTerms).toBeNull();
  });

  test('the same service as search and lists show it', async () => {
    const { results } = await getOk(`${server.url}/services?q=${encodeURIComponent(service.title)}`, serviceSearchResponseSchema);
    const found = results.find((result) => result.serviceId === service.serviceId);
    expect(found).toMatchObject({
      title: service.title,
      price: service.price,
      rating: service.averageRating,
      reviewCount: service.reviewCount,
      mainImage: service.images.mainImage,
      location: service.location,
    });
  });

  test.each([
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '123',
    "1' OR '1'='1",
    '%00',
    'ØØØ',
    'a'.repeat(200),
    '00000000-0000-4000-8000-00000000000G',
  ])('unknown id %j is a 404 { total: 0, message: "Service not found" }', async (id) => {
    expect(await getNotFound(`${server.url}/services/${encodeURIComponent(id)}`)).toEqual({ total: 0, message: 'Service not found' });
  });

  test('"popular" and "latest" are lists, not service ids', async () => {
    await popular();
    await latest();
    // the same words elsewhere in the path are ids like any other
    await getNotFound(`${server.url}/services/Popular`);
  });
});

describe('GET /menus/{menuId}', () => {
  test('answers { data, isCustom, total: 1 } for every menu of a service', async () => {
    const { results } = await getOk(`${server.url}/services?category=Makeup`, serviceSearchResponseSchema);
    const service = await detail(results[0]?.serviceId ?? '');
    for (const menu of service.menus) {
      const response = await getOk(`${server.url}/menus/${menu.menuId}`, menuResponseSchema);
      expect(response).toEqual({ data: menu, isCustom: menu.isCustom, total: 1 });
    }
  });

  test('a custom menu carries its options', async () => {
    const [row] = await server.database.query<{ id: string }>(
      `SELECT m.id::text AS id FROM menus m JOIN menu_custom_options o ON o.menu_id = m.id
       WHERE m.is_custom AND o.extra_photos_enabled ORDER BY m.id LIMIT 1`,
    );
    const response = await getOk(`${server.url}/menus/${row?.id}`, menuResponseSchema);
    expect(response.isCustom).toBe(true);
    expect(response.data.isCustom).toBe(true);
    expect(response.data.customOptions?.extraPhotos.enabled).toBe(true);
    expect(response.data.customOptions?.extraPhotos.price).toBeGreaterThan(0);
    expect(typeof response.data.customOptions?.supportsRevisions).toBe('boolean');
  });

  test('a plain menu has no options', async () => {
    const [row] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM menus WHERE NOT is_custom ORDER BY id LIMIT 1');
    const response = await getOk(`${server.url}/menus/${row?.id}`, menuResponseSchema);
    expect(response).toMatchObject({ isCustom: false, data: { isCustom: false, customOptions: null } });
  });

  test.each(['00000000-0000-4000-8000-000000000000', 'nope', "'; --", ' '])('unknown menu %j is a 404 { total: 0 }', async (id) => {
    expect(await getNotFound(`${server.url}/menus/${encodeURIComponent(id)}`)).toEqual({ total: 0, message: 'Menu not found' });
  });

  test('a service id is not a menu id', async () => {
    const { results } = await popular();
    await getNotFound(`${server.url}/menus/${results[0]?.serviceId}`);
  });
});

test('the catalog is public: no token needed, and CORS lets the app read it', async () => {
  const response = await fetch(`${server.url}/services/popular`, { headers: { Origin: 'http://localhost:3001' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
});
