import {
  SERVICE_CATEGORIES,
  SERVICE_CITIES,
  serviceDetailSchema,
  serviceSearchResponseSchema,
  type ServiceDetail,
} from '@utsav/contracts/schemas';
import { CITIES } from '../src/catalog/seed/cities';
import { generateCatalog } from '../src/catalog/seed/generate-catalog';
import { SEED_NAME, SEED_SERVICE_COUNT, seedCatalogIfEmpty } from '../src/catalog/seed/seed-catalog';
import { getOk } from './support/catalog';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let details: ServiceDetail[];

const CITY_STATES: Record<string, string> = {
  Mumbai: 'Maharashtra',
  Delhi: 'Delhi',
  Bengaluru: 'Karnataka',
  Hyderabad: 'Telangana',
  Chennai: 'Tamil Nadu',
  Kolkata: 'West Bengal',
  Pune: 'Maharashtra',
  Jaipur: 'Rajasthan',
  Ahmedabad: 'Gujarat',
  Lucknow: 'Uttar Pradesh',
  Kochi: 'Kerala',
  Chandigarh: 'Chandigarh',
  Indore: 'Madhya Pradesh',
  Goa: 'Goa',
};

/** the starting price of a service, in rupees, as the brief has it per category */
const STARTING_PRICE_RUPEES: Partial<Record<string, [number, number]>> = {
  Haircut: [300, 1_500],
  Venues: [1_50_000, 15_00_000],
  Photography: [25_000, 3_00_000],
  Makeup: [3_000, 80_000],
  Catering: [40_000, 12_00_000],
};

const count = async (sql: string) => {
  const [row] = await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`);
  return row?.n ?? 0;
};

beforeAll(async () => {
  server = await startTestServer({}, { seedCatalog: true });
  // every service through the API: a category listing each, 50 at a time
  const ids: string[] = [];
  for (const category of SERVICE_CATEGORIES) {
    for (let offset = 0; ; offset += 50) {
      const page = await getOk(
        `${server.url}/services?category=${encodeURIComponent(category)}&limit=50&offset=${offset}`,
        serviceSearchResponseSchema,
      );
      ids.push(...page.results.map((result) => result.serviceId));
      if (offset + 50 >= page.total) break;
    }
  }
  details = [];
  for (const id of ids) details.push(await getOk(`${server.url}/services/${id}`, serviceDetailSchema));
}, 60_000);
afterAll(() => server.close());

test('the first start seeds at least 150 services, and every one is reachable by its category', async () => {
  expect(SEED_SERVICE_COUNT).toBeGreaterThanOrEqual(150);
  expect(await count('services')).toBe(SEED_SERVICE_COUNT);
  expect(details).toHaveLength(SEED_SERVICE_COUNT);
  expect(new Set(details.map((service) => service.serviceId)).size).toBe(SEED_SERVICE_COUNT);
});

test('every category has services, in at least 12 cities, each with its right state', () => {
  for (const category of SERVICE_CATEGORIES) {
    expect(details.filter((service) => service.category === category).length).toBeGreaterThanOrEqual(10);
  }
  const cities = new Set(details.map((service) => service.location.city));
  expect(cities.size).toBeGreaterThanOrEqual(12);
  for (const { location } of details) expect(CITY_STATES[location.city]).toBe(location.state);
});

test('the seed’s cities are exactly the contracts’ SERVICE_CITIES (the Search page’s city filter), each with services', () => {
  expect(CITIES.map((city) => city.city)).toEqual([...SERVICE_CITIES]);
  expect(new Set(details.map((service) => service.location.city))).toEqual(new Set(SERVICE_CITIES));
});

test('the stored starting price is the cheapest menu, and follows menu changes (migration 011’s triggers)', async () => {
  const mismatched = await count(
    `services s WHERE s.start_price IS DISTINCT FROM (SELECT min(m.price) FROM menus m WHERE m.service_id = s.id)`,
  );
  expect(mismatched).toBe(0);
  const [service] = details;
  const cheapest = service!.menus[0]!;
  const starting = () =>
    server.database.query<{ price: number | null }>('SELECT start_price AS price FROM services WHERE id = $1', [service!.serviceId]);
  await server.database.query('UPDATE menus SET price = 1 WHERE id = $1', [cheapest.menuId]);
  expect(await starting()).toEqual([{ price: 1 }]);
  await server.database.query('UPDATE menus SET price = $2 WHERE id = $1', [cheapest.menuId, cheapest.price]);
  expect(await starting()).toEqual([{ price: cheapest.price }]);
  const [copy] = await server.database.query<{ id: string }>(
    `INSERT INTO menus (service_id, name, description, service_type, price, expected_delivery_time)
     VALUES ($1, 'Tiny', 'A test menu', 'test', 7, 'Same day') RETURNING id::text AS id`,
    [service!.serviceId],
  );
  expect(await starting()).toEqual([{ price: 7 }]);
  await server.database.query('DELETE FROM menus WHERE id = $1', [copy!.id]);
  expect(await starting()).toEqual([{ price: cheapest.price }]);
});

// the seed aims each service at 3.2–5.0; the average is then the mean of whole-star reviews, so a service with one
// or two reviews can land on 3.0
test('ratings are 3.0–5.0 with review counts; some services have no reviews yet', () => {
  const unrated = details.filter((service) => service.averageRating === null);
  expect(unrated.length).toBeGreaterThan(0);
  for (const service of unrated) expect(service.reviewCount).toBe(0);
  for (const service of details.filter((entry) => entry.averageRating !== null)) {
    expect(service.averageRating).toBeGreaterThanOrEqual(3);
    expect(service.averageRating).toBeLessThanOrEqual(5);
    expect(service.reviewCount).toBeGreaterThan(0);
  }
});

test('each service has a provider, a believable title and description, a main image and 2–5 work samples', () => {
  for (const service of details) {
    expect(service.provider.name.length).toBeGreaterThan(3);
    expect(service.title.length).toBeGreaterThan(10);
    expect(service.description.split('. ').length).toBeGreaterThanOrEqual(2);
    expect(service.currency).toBe('INR');
    expect(service.images.mainImage).toMatchObject({ width: 800, height: 600 });
    expect(service.images.mainImage.alt).toContain(service.provider.name);
    expect(service.images.workSamples.length).toBeGreaterThanOrEqual(2);
    expect(service.images.workSamples.length).toBeLessThanOrEqual(5);
    for (const sample of service.images.workSamples) expect(sample).toMatchObject({ width: 600, height: 600 });
    // no placeholders left unfilled
    expect(`${service.title} ${service.description}`).not.toMatch(/[{}]/);
  }
});

test('2–4 menus per service, by price, with 2–6 items adding up to the menu price; the service price is the cheapest', () => {
  for (const service of details) {
    expect(service.menus.length).toBeGreaterThanOrEqual(2);
    expect(service.menus.length).toBeLessThanOrEqual(4);
    const prices = service.menus.map((menu) => menu.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(service.price).toBe(Math.min(...prices));
    for (const menu of service.menus) {
      expect(menu.serviceId).toBe(service.serviceId);
      expect(menu.items.length).toBeGreaterThanOrEqual(2);
      expect(menu.items.length).toBeLessThanOrEqual(6);
      expect(menu.items.reduce((sum, item) => sum + item.quantity * item.price, 0)).toBe(menu.price);
      expect(menu.serviceType).not.toBe('');
      expect(menu.expectedDeliveryTime).not.toBe('');
      expect(menu.isCustom).toBe(menu.customOptions !== null);
    }
  }
});

test('some menus are custom, with extra-photo and revision options', () => {
  const custom = details.flatMap((service) => service.menus.filter((menu) => menu.isCustom));
  expect(custom.length).toBeGreaterThan(10);
  expect(custom.some((menu) => menu.customOptions?.extraPhotos.enabled && menu.customOptions.extraPhotos.price > 0)).toBe(true);
  expect(custom.some((menu) => menu.customOptions?.supportsRevisions)).toBe(true);
  for (const menu of custom) {
    if (!menu.customOptions?.extraPhotos.enabled) expect(menu.customOptions?.extraPhotos.price).toBe(0);
  }
});

test('prices fit their category (integer paise)', () => {
  for (const service of details) {
    expect(Number.isInteger(service.price)).toBe(true);
    const range = STARTING_PRICE_RUPEES[service.category];
    if (!range) continue;
    expect(service.price / 100).toBeGreaterThanOrEqual(range[0]);
    expect(service.price / 100).toBeLessThanOrEqual(range[1]);
  }
});

test('services were created over several months', async () => {
  const [span] = await server.database.query<{ days: number }>(
    `SELECT extract(epoch FROM max(created_at) - min(created_at))::float8 / 86400 AS days FROM services`,
  );
  expect(span?.days).toBeGreaterThan(120);
});

test('seeding again changes nothing (only an empty catalog is seeded)', async () => {
  const before = await count('services');
  const menus = await count('menus');
  expect(await seedCatalogIfEmpty(server.database)).toBeNull();
  expect(await count('services')).toBe(before);
  expect(await count('menus')).toBe(menus);
});

test('the seed is deterministic: same seed, same catalog', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const first = generateCatalog({ seed: SEED_NAME, count: 30, now });
  const again = generateCatalog({ seed: SEED_NAME, count: 30, now });
  expect(again).toEqual(first);
  // and the stored catalog is the generated one
  expect(details.map((service) => service.serviceId).sort()).toEqual(
    generateCatalog({ seed: SEED_NAME, count: SEED_SERVICE_COUNT, now }).map((service) => service.id).sort(),
  );
});
