import { HSTS } from '../../src/http/security-headers';
import { signInWithPhone, type TestUser } from '../support/auth-emulator';
import { request, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  [server, user] = await Promise.all([startTestServer({}, { seedCatalog: true }), signInWithPhone()]);
});
afterAll(() => server.close());

/** The house error format: JSON, a readable message, nothing of Fastify's own fields. */
async function expectHouseError(response: Response, status: number, message: string | RegExp): Promise<void> {
  const text = await response.text();
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status, type: expect.stringMatching(/^application\/json/) });
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['code', 'params', 'message']);
  expect(body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
}

describe('security headers', () => {
  const expected = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
  };

  test.each([
    ['a public read', '/health', undefined, 200],
    ['a signed-in read', '/cart', 'token', 200],
    ['a 401', '/cart', undefined, 401],
    ['a 404 of an unknown route', '/no/such/route', undefined, 404],
    ['a catalog 400', '/services?limit=9999', undefined, 400],
  ])('on %s', async (_label, path, auth, status) => {
    const response = await fetch(`${server.url}${path}`, { headers: auth ? { Authorization: `Bearer ${user.idToken}` } : {} });
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(expected)) expect([name, response.headers.get(name)]).toEqual([name, value]);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('server')).toBeNull();
  });

  test('a signed-in answer may not be cached; a public one is left to its route', async () => {
    const signedIn = await fetch(`${server.url}/cart`, { headers: { Authorization: `Bearer ${user.idToken}` } });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const health = await fetch(`${server.url}/health`);
    expect(health.headers.get('cache-control')).toBeNull();
  });

  test("a route's own policy wins (the SVG images keep theirs)", async () => {
    const latest = await request(`${server.url}/services/latest?limit=1`);
    const [service] = latest.body.results as { images: { mainImage: { id: string } } }[];
    const response = await fetch(`${server.url}/media/services/${service!.images.mainImage.id}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  test('on a framework error (a path segment too long)', async () => {
    const response = await fetch(`${server.url}/bookings/${'b'.repeat(300)}`, { headers: { Authorization: `Bearer ${user.idToken}` } });
    expect(response.status).toBe(414);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('Strict-Transport-Security (HSTS)', () => {
  test(`on plain http (localhost, the default PUBLIC_API_URL): none, whatever X-Forwarded-Proto says`, async () => {
    for (const headers of [{}, { 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/health`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  test('when PUBLIC_API_URL is https: on every answer (a 200, a 404, a framework error)', async () => {
    const https = await startTestServer({ PUBLIC_API_URL: 'https://api.utsav.example' });
    try {
      for (const [path, status] of [['/health', 200], ['/no/such/route', 404], ['/services/%E0%A4%A', 400]] as const) {
        const response = await fetch(`${https.url}${path}`);
        expect([path, response.status, response.headers.get('strict-transport-security')]).toEqual([path, status, HSTS]);
      }
    } finally {
      await https.close();
    }
  });

  test('when the request came over https to a trusted proxy (TRUST_PROXY, X-Forwarded-Proto)', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: ['loopback'] });
    try {
      const overHttps = await fetch(`${proxied.url}/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      const overHttp = await fetch(`${proxied.url}/health`, { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

describe("Fastify's own errors answer in the house format", () => {
  const json = (body: string, type = 'application/json') => ({
    method: 'POST',
    headers: { Authorization: `Bearer ${user.idToken}`, 'Content-Type': type },
    body,
  });

  test('a path segment over 256 characters: 414', async () => {
    await expectHouseError(await fetch(`${server.url}/services/${'x'.repeat(257)}`), 414, 'A part of the address is too long (at most 256 characters)');
  });

  test('broken %-encoding in the path: 400', async () => {
    await expectHouseError(await fetch(`${server.url}/services/%E0%A4%A`), 400, 'The address is not valid (malformed %-encoding)');
  });

  test('a body that is not JSON: 400', async () => {
    await expectHouseError(await fetch(`${server.url}/cart/items`, json('{"menuId":')), 400, 'Request body is not valid JSON');
  });

  test('an empty JSON body: 400', async () => {
    await expectHouseError(await fetch(`${server.url}/cart/items`, json('')), 400, /empty/i);
  });

  test('a prototype-poisoning body: 400', async () => {
    await expectHouseError(await fetch(`${server.url}/cart/items`, json('{"__proto__":{"admin":true}}')), 400, 'Request body is not valid JSON');
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])('Content-Type %s: 415', async (type) => {
    await expectHouseError(await fetch(`${server.url}/cart/items`, json('menuId=1', type)), 415, 'Unsupported Content-Type: send application/json');
  });

  test('a body over BODY_LIMIT_BYTES (1 MiB): 413', async () => {
    const big = JSON.stringify({ note: 'x'.repeat(1024 * 1024) });
    await expectHouseError(await fetch(`${server.url}/cart/items`, json(big)), 413, 'Request body is too large (limit 1048576 bytes)');
  });

  test('headers over 16 KiB (Node refuses them before Fastify): 431', async () => {
    await expectHouseError(await fetch(`${server.url}/health`, { headers: { 'X-Padding': 'p'.repeat(20_000) } }), 431, 'The request headers (or the address) are too large');
  });

  test('an address over 16 KiB: 431', async () => {
    await expectHouseError(await fetch(`${server.url}/services?q=${'q'.repeat(20_000)}`), 431, 'The request headers (or the address) are too large');
  });

  test('a NUL character in a JSON body is dropped, wherever it is (PostgreSQL text cannot hold it)', async () => {
    const profile = { name: 'Asha\u0000 Verma', email: 'asha@example.in', age: 30, gender: 'female', phone: user.phone, skippedService: true };
    const response = await fetch(`${server.url}/users/consumer/${user.uid}`, json(JSON.stringify({ ...profile, 'x\u0000': { deep: ['\u0000'] } })));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: 'Asha Verma' });
    const [row] = await server.database.query<{ name: string }>('SELECT name FROM consumers WHERE uid = $1', [user.uid]);
    expect(row).toEqual({ name: 'Asha Verma' });
  });

  test('an unknown route: 404', async () => {
    await expectHouseError(await fetch(`${server.url}/admin`), 404, 'Not found: GET /admin');
  });

  test('a method a route does not have: 404', async () => {
    await expectHouseError(await fetch(`${server.url}/health`, { method: 'DELETE' }), 404, 'Not found: DELETE /health');
  });
});
