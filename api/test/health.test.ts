import { buildApp } from '../src/app';
import { signInWithPhone } from './support/auth-emulator';
import { expectedDatabaseKind } from './support/test-database';
import { request, startTestServer, testConfig, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

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
  expect(response.body).toEqual(errorSaying('Not found: GET /no/such/route'));
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

describe('when the database fails', () => {
  test('/health is 503 and other routes give a logged 500 "Internal error", never the details', async () => {
    const user = await signInWithPhone();
    const logLines: string[] = [];
    const app = await buildApp({
      db: server.database,
      config: testConfig(),
      logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } },
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      await server.database.close(); // the database goes away under a running API

      const health = await request(`${url}/health`);
      expect(health.status).toBe(503);
      expect(health.body).toEqual(errorSaying('Database unavailable'));

      const profile = await request(`${url}/users/consumer/${user.uid}`, { token: user.idToken });
      expect(profile.status).toBe(500);
      expect(profile.body).toEqual(errorSaying('Internal error'));
      expect(logLines.some((line) => line.includes('unexpected error'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
