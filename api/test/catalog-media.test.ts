import sharp from 'sharp';
import { serviceDetailSchema, serviceListResponseSchema, SERVICE_CATEGORIES, type CatalogImage } from '@utsav/contracts/schemas';
import { SERVICE_IMAGE_WIDTHS, serviceImageUrl } from '@utsav/contracts/service-images';
import { getOk } from './support/catalog';
import { startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_API_URL: 'https://api.utsav.example' }, { seedCatalog: true });
});
afterAll(() => server.close());

/** The image urls are paths on the page's origin (the host hands /media/ to the API); the test asks the API itself. */
const local = (url: string) => `${server.url}${url}`;
/** An image's drawing: its SVG, at its stored size. */
const svgOf = (image: Pick<CatalogImage, 'id'>) => `${server.url}/media/services/${image.id}.svg`;

async function imagesOfAService(category?: string) {
  const [row] = await server.database.query<{ id: string }>(
    `SELECT id::text AS id FROM services WHERE $1::text IS NULL OR category = $1 ORDER BY id LIMIT 1`,
    [category ?? null],
  );
  const service = await getOk(`${server.url}/services/${row?.id}`, serviceDetailSchema);
  return [service.images.mainImage, ...service.images.workSamples];
}

test('image urls are paths on the page\'s own origin: a WebP 480 pixels wide, named by the image id', async () => {
  const { results } = await getOk(`${server.url}/services/latest?limit=20`, serviceListResponseSchema);
  for (const image of results.flatMap((item) => [item.images.mainImage, ...item.images.workSamples])) {
    expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(image.url).toBe(`/media/services/${image.id}-480.webp`);
    expect(image.url).toBe(serviceImageUrl(image.id));
    expect(image.alt.length).toBeGreaterThan(5);
  }
});

test.each(['avif', 'webp'] as const)('every offered width is a %s of that width and the stored aspect ratio, cached for good', async (format) => {
  const [main, sample] = await imagesOfAService();
  for (const image of [main!, sample!]) {
    for (const width of SERVICE_IMAGE_WIDTHS) {
      const response = await fetch(local(serviceImageUrl(image.id, width, format)));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(`image/${format}`);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      const metadata = await sharp(body).metadata();
      expect(metadata.format).toBe(format === 'avif' ? 'heif' : 'webp');
      expect(metadata.width).toBe(width);
      expect(metadata.height).toBe(Math.round((width * image.height) / image.width));
      // small: a card's cover is a few KB, the largest size well under 20 KB
      expect(body.length).toBeLessThan(20 * 1024);
    }
  }
});

test('a raster is the same bytes every time, and shows the drawing (its colours), not a blank', async () => {
  const [main] = await imagesOfAService('Photography');
  const url = local(serviceImageUrl(main!.id, 240, 'webp'));
  const [first, again] = await Promise.all([fetch(url), fetch(url)].map(async (answer) => Buffer.from(await (await answer).arrayBuffer())));
  expect(again!.equals(first!)).toBe(true);
  const { channels } = await sharp(first).stats();
  // a gradient with white strokes: every channel spreads over a wide range
  for (const channel of channels.slice(0, 3)) expect(channel.max - channel.min).toBeGreaterThan(60);
});

test.each([
  ['a width not offered', (id: string) => `${id}-500.webp`, 400, 'Images are made 240, 360, 480, 720, 960 pixels wide: ask for one of those widths.'],
  ['a width of 0', (id: string) => `${id}-0.avif`, 400, 'Images are made 240, 360, 480, 720, 960 pixels wide: ask for one of those widths.'],
  ['another format', (id: string) => `${id}-480.png`, 404, 'Image not found'],
  ['an unknown id', () => '00000000-0000-4000-8000-000000000000-480.webp', 404, 'Image not found'],
  ['a width with a sign', (id: string) => `${id}-+480.webp`, 404, 'Image not found'],
])('%s is a JSON %i with a message', async (_case, name, status, message) => {
  const [main] = await imagesOfAService();
  const response = await fetch(`${server.url}/media/services/${name(main!.id)}`);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  expect(await response.json()).toEqual(errorSaying(message));
});

test('the width message is said in the request\'s language', async () => {
  const [main] = await imagesOfAService();
  const response = await fetch(`${server.url}/media/services/${main!.id}-500.webp`, { headers: { 'Accept-Language': 'hi-IN' } });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toMatch(/^इमेज 240, 360, 480, 720, 960 पिक्सेल/);
});

test('HEAD of a raster answers its type and length without a body', async () => {
  const [main] = await imagesOfAService();
  const url = local(serviceImageUrl(main!.id, 360, 'avif'));
  const got = await fetch(url);
  const size = (await got.arrayBuffer()).byteLength;
  const head = await fetch(url, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toBe('image/avif');
  expect(Number(head.headers.get('content-length'))).toBe(size);
});

test('the drawing is a small SVG of its stored size, with safe, long-lived caching', async () => {
  const [main, sample] = await imagesOfAService();
  for (const image of [main, sample]) {
    const response = await fetch(svgOf(image!));
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
  const bodies = await Promise.all(images.map(async (image) => (await fetch(svgOf(image))).text()));
  expect(new Set(bodies).size).toBe(images.length);
  expect(await (await fetch(svgOf(images[0]!))).text()).toBe(bodies[0]);
});

test('every category has its own look, the main image carries the provider’s initials', async () => {
  const looks = new Set<string>();
  for (const category of SERVICE_CATEGORIES) {
    const [main] = await imagesOfAService(category);
    const svg = await (await fetch(svgOf(main!))).text();
    looks.add(/stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1] ?? '');
    expect(svg).toMatch(/<text [^>]+>\p{Lu}{1,2}<\/text>/u);
  }
  expect(looks.size).toBe(SERVICE_CATEGORIES.length);
});

test('HEAD works too', async () => {
  const [main] = await imagesOfAService();
  const response = await fetch(svgOf(main!), { method: 'HEAD' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
});

test.each(['00000000-0000-4000-8000-000000000000.svg', 'not-an-id.svg', '..%2F..%2Fpackage.json', '%2e%2e%2fx.svg'])(
  'unknown image %s is a JSON 404',
  async (name) => {
    const response = await fetch(`${server.url}/media/services/${name}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(errorSaying('Image not found'));
  },
);

test('an image id with another extension, or a service id, is not an image', async () => {
  const [main] = await imagesOfAService();
  const id = main?.id;
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
  const svgs = await Promise.all([service.images.mainImage, ...samples].map(async (image) => (await fetch(svgOf(image))).text()));
  // every picture of the service in colours of its own, the main image's too
  expect(new Set(svgs.map(coloursOf)).size).toBe(svgs.length);
  // and the samples not one drawing moved about: at least four compositions among the first four
  expect(new Set(svgs.slice(1, 5).map(compositionOf)).size).toBe(4);
  for (const svg of svgs) expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
});
