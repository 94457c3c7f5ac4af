import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Every JSON answer over 1 KiB is gzipped for a client that takes gzip (@fastify/compress, app.ts); the catalog's
 * come gzipped from its own cache with their own ETag, and are not compressed twice; small answers, files and the
 * live stream are sent as they are.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The raw bytes and headers (fetch would ask for gzip and decompress it by itself). */
function raw(path: string, acceptEncoding?: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; etag: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, etag: res.headers.etag, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a JSON answer over 1 KiB is gzipped when the client takes gzip, and sent as it is when not', async () => {
  const plain = await raw('/openapi.json');
  expect(plain.encoding).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  const gzipped = await raw('/openapi.json', 'gzip, deflate, br');
  expect(gzipped.encoding).toBe('gzip');
  expect(gzipped.vary).toMatch(/accept-encoding/i);
  expect(gunzipSync(gzipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
  expect((await raw('/openapi.json', 'gzip;q=0')).encoding).toBeUndefined();
});

test('a small answer is sent as it is', async () => {
  const health = await raw('/health', 'gzip');
  expect(health.encoding).toBeUndefined();
  expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ status: 'ok' });
});

test("the catalog's answers keep their own gzip and ETag: compressed once", async () => {
  const search = await raw('/services?limit=20', 'gzip');
  expect(search.encoding).toBe('gzip');
  expect(search.etag).toMatch(/-gzip"$/);
  expect(JSON.parse(gunzipSync(search.body).toString('utf8'))).toMatchObject({ results: expect.any(Array) });
  const identity = await raw('/services?limit=20');
  expect(identity.encoding).toBeUndefined();
  expect(identity.etag).toBe(search.etag?.replace('-gzip"', '"'));
});
