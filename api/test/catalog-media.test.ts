import { serviceDetailSchema, serviceListResponseSchema, SERVICE_CATEGORIES } from '@utsav/contracts/schemas';
import { getOk } from './support/catalog';
import { startTestServer, type TestServer } from './support/test-server';

const PUBLIC_API_URL = 'https://api.utsav.example';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_API_URL }, { seedCatalog: true });
});
afterAll(() => server.close());

/** The image urls are public addresses (PUBLIC_API_URL); the test reaches the same path on its server. */
const local = (url: string) => url.replace(PUBLIC_API_URL, server.url);

async function imagesOfAService(category?: string) {
  const [row] = await server.database.query<{ id: string }>(
    `SELECT id::text AS id FROM services WHERE $1::text IS NULL OR category = $1 ORDER BY id LIMIT 1`,
    [category ?? null],
  );
  const service = await getOk(`${server.url}/services/${row?.id}`, serviceDetailSchema);
  return [service.images.mainImage, ...service.images.workSamples];
}

test('image urls are absolute, on PUBLIC_API_URL', async () => {
  const { results } = await getOk(`${server.url}/services/latest?limit=20`, serviceListResponseSchema);
  for (const image of results.flatMap((item) => [item.images.mainImage, ...item.images.workSamples])) {
    expect(image.url).toMatch(/^https:\/\/api\.utsav\.example\/media\/services\/[0-9a-f-]{36}\.svg$/);
    expect(image.alt.length).toBeGreaterThan(5);
  }
});

test('an image is a small SVG of its stored size, with safe, long-lived caching', async () => {
  const [main, sample] = await imagesOfAService();
  for (const image of [main, sample]) {
    const response = await fetch(local(image?.url ?? ''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await response.text();
    expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="${image?.width}" height="${image?.height}"`));
    expect(svg).not.toMatch(/<script|href=|url\((?!#)|on\w+=/i);
  }
});

test('the same image is the same bytes every time; different images differ', async () => {
  const images = await imagesOfAService();
  const bodies = await Promise.all(images.map(async (image) => (await fetch(local(image.url))).text()));
  expect(new Set(bodies).size).toBe(images.length);
  expect(await (await fetch(local(images[0]?.url ?? ''))).text()).toBe(bodies[0]);
});

test('every category has its own look, the main image carries the provider’s initials', async () => {
  const looks = new Set<string>();
  for (const category of SERVICE_CATEGORIES) {
    const [main] = await imagesOfAService(category);
    const svg = await (await fetch(local(main?.url ?? ''))).text();
    looks.add(/stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1] ?? '');
    expect(svg).toMatch(/<text [^>]+>\p{Lu}{1,2}<\/text>/u);
  }
  expect(looks.size).toBe(SERVICE_CATEGORIES.length);
});

test('HEAD works too', async () => {
  const [main] = await imagesOfAService();
  const response = await fetch(local(main?.url ?? ''), { method: 'HEAD' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
});

test.each(['00000000-0000-4000-8000-000000000000.svg', 'not-an-id.svg', '..%2F..%2Fpackage.json', '%2e%2e%2fx.svg'])(
  'unknown image %s is a JSON 404',
  async (name) => {
    const response = await fetch(`${server.url}/media/services/${name}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Image not found' });
  },
);

test('an image id with another extension, or a service id, is not an image', async () => {
  const [main] = await imagesOfAService();
  const id = /([0-9a-f-]{36})\.svg$/.exec(main?.url ?? '')?.[1];
  expect((await fetch(`${server.url}/media/services/${id}.png`)).status).toBe(404);
  expect((await fetch(`${server.url}/media/services/${id}`)).status).toBe(404);
  const [service] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM services LIMIT 1');
  expect((await fetch(`${server.url}/media/services/${service?.id}.svg`)).status).toBe(404);
});

/** The first and last stop of an SVG's gradient: the picture's colours. */
const coloursOf = (svg: string) => [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((match) => match[1]).join(' ');
/** The SVG with its numbers taken out: what stays is its composition (which shapes, how many). */
const compositionOf = (svg: string) => svg.replace(/-?\d+(\.\d+)?/g, '0').replace(/#[0-9a-f]{6}/g, '#');

test('issue 39: a service’s work samples are distinct pictures, in colour and in composition, each with its own words', async () => {
  const [row] = await server.database.query<{ id: string }>(
    `SELECT service_id::text AS id FROM service_images WHERE role = 'sample' GROUP BY service_id HAVING count(*) >= 4 ORDER BY service_id LIMIT 1`,
  );
  const service = await getOk(`${server.url}/services/${row?.id}`, serviceDetailSchema);
  const samples = service.images.workSamples;
  expect(samples.length).toBeGreaterThanOrEqual(4);
  expect(new Set(samples.map((image) => image.url)).size).toBe(samples.length);
  expect(new Set(samples.map((image) => image.alt)).size).toBe(samples.length);
  const svgs = await Promise.all([service.images.mainImage, ...samples].map(async (image) => (await fetch(local(image.url))).text()));
  // every picture of the service in colours of its own, the main image's too
  expect(new Set(svgs.map(coloursOf)).size).toBe(svgs.length);
  // and the samples not one drawing moved about: at least four compositions among the first four
  expect(new Set(svgs.slice(1, 5).map(compositionOf)).size).toBe(4);
  for (const svg of svgs) expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
});
