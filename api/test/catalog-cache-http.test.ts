import { serviceDetailSchema, serviceSearchResponseSchema } from '@utsav/contracts/schemas';
import { CATALOG_CACHE_CONTROL } from '../src/catalog/cached-reply';
import { getOk } from './support/catalog';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seedCatalog: true });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

/** A service with its main image, written straight to the database (as a seed would, not through the API). */
async function insertService(title: string, id?: string): Promise<string> {
  const [provider] = await server.database.query<{ id: string }>('INSERT INTO providers (name) VALUES ($1) RETURNING id::text AS id', [`${title} Studio`]);
  const [service] = await server.database.query<{ id: string }>(
    `INSERT INTO services (id, provider_id, title, description, category, city, state)
     VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, 'Candid coverage', 'Photography', 'Goa', 'Goa') RETURNING id::text AS id`,
    [id ?? null, provider!.id, title],
  );
  await server.database.query(
    "INSERT INTO service_images (service_id, role, position, width, height, alt) VALUES ($1, 'main', 0, 800, 600, 'A photo')",
    [service!.id],
  );
  return service!.id;
}

describe('catalog answers are cached and revalidated', () => {
  test('a repeated search is served from the cache, with the same body, ETag and Cache-Control', async () => {
    const first = await get('/services?q=candid%20photographer');
    const second = await get('/services?q=Candid++Photographer');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    const body = serviceSearchResponseSchema.parse(await first.json());
    expect(body.total).toBeGreaterThan(0);
    expect(await second.json()).toEqual(body);
  });

  test('gzipped for a client that takes it, the same JSON, varying on Origin and Accept-Encoding', async () => {
    // fetch itself asks for gzip unless told otherwise
    const plain = await get('/services?q=wedding', { Origin: 'http://localhost:3000', 'Accept-Encoding': 'identity' });
    const gzipped = await get('/services?q=wedding', { Origin: 'http://localhost:3000', 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(gzipped.headers.get('vary')).toBe('Origin, Accept-Encoding');
    // fetch unzips it
    expect(await gzipped.json()).toEqual(await plain.json());
  });

  test('If-None-Match with the ETag is a 304 without a body; another tag gets the answer', async () => {
    const { headers } = await get('/services/popular');
    const etag = headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await get('/services/popular', { 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const changed = await get('/services/popular', { 'If-None-Match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  test('a 404 is not cached: once the service exists, its page is there at once', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect((await get(`/services/${id}`)).status).toBe(404);
    await insertService('Nowhere Yet Photography', id);
    expect((await getOk(`${server.url}/services/${id}`, serviceDetailSchema)).title).toBe('Nowhere Yet Photography');
  });

  test('a catalog change (here from outside the API) shows within about a second', async () => {
    const search = () => getOk(`${server.url}/services?q=zanzibarish`, serviceSearchResponseSchema);
    expect((await search()).total).toBe(0);
    const serviceId = await insertService('Zanzibarish Photography');
    const deadline = Date.now() + 5_000;
    let total = 0;
    while (total === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      total = (await search()).total;
    }
    expect(total).toBe(1);
    // the service's own page, never asked for before, is there at once
    expect((await getOk(`${server.url}/services/${serviceId}`, serviceDetailSchema)).title).toBe('Zanzibarish Photography');
  });
});
