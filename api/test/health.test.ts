import { expectedDatabaseKind } from './support/test-database';
import { request, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('GET /health answers ok after asking the database', async () => {
  const response = await request(`${server.url}/health`);
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ok', database: expectedDatabaseKind() });
});

test('an unknown route is a JSON 404', async () => {
  const response = await request(`${server.url}/no/such/route?x=1`);
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ message: 'Not found: GET /no/such/route' });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${server.url}/users/consumer/someone`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,environment,nocart',
      },
    });

  test('allows the app origins with the headers the spec sends', async () => {
    const response = await preflight('http://localhost:3004');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3004');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/, */);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'environment', 'nocart']));
  });

  test('does not allow other origins', async () => {
    const response = await preflight('http://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${server.url}/health`, { headers: { Origin: 'http://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });
});
