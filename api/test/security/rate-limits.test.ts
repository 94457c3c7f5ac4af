import { DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE, DEFAULT_PUBLIC_READ_RATE_LIMIT_PER_MINUTE, loadConfig, type Config } from '../../src/config';
import { signInWithPhone, type TestUser } from '../support/auth-emulator';
import { request, startTestServer, type TestServer } from '../support/test-server';
import { errorSaying } from '../support/error-answers';

/** The test client (127.0.0.1) plays the proxy: the addresses below are the "clients" behind it. */
const BEHIND_A_PROXY: Partial<Config> = { TRUST_PROXY: ['loopback'] };
const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const BUDGET = 3;

/** A 429 in the house format, with a Retry-After of at most the one-minute window. */
function expectTooMany(response: Awaited<ReturnType<typeof request>>, message: RegExp): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual(errorSaying(expect.stringMatching(message)));
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

async function withServer(overrides: Partial<Config>, run: (server: TestServer) => Promise<void>, seedCatalog = false): Promise<void> {
  const server = await startTestServer(overrides, { seedCatalog });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

describe('settings', () => {
  test('PUBLIC_READ_RATE_LIMIT_PER_MINUTE and AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: 600 and 30 by default, 0 turns them off', () => {
    expect([DEFAULT_PUBLIC_READ_RATE_LIMIT_PER_MINUTE, DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE]).toEqual([600, 30]);
    expect(loadConfig({})).toMatchObject({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: 600, AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: 30, TRUST_PROXY: [] });
    expect(loadConfig({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0', AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: ' 5 ' })).toMatchObject({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: 0, AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: 5 });
    expect(() => loadConfig({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow('PUBLIC_READ_RATE_LIMIT_PER_MINUTE must be a whole number of requests');
    expect(() => loadConfig({ AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow('AUTH_FAILURE_RATE_LIMIT_PER_MINUTE must be a whole number of requests');
  });

  test('TRUST_PROXY: a list of addresses; "true" and hop counts are refused at start', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.4 ' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.4']);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY must list the proxies\' addresses or CIDRs');
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow('TRUST_PROXY must list the proxies\' addresses or CIDRs');
  });
});

describe(`public reads: ${BUDGET} a minute per IP`, () => {
  const TOO_MANY_READS = /^Too many requests from your network in a short time \(at most 3 a minute\)\. Please try again in (\d+ seconds?|1 minute)\.$/;

  test('the read over the budget gets 429 with Retry-After; other IPs, /health and signed-in reads are not affected', async () => {
    const user = await signInWithPhone();
    await withServer({ ...BEHIND_A_PROXY, PUBLIC_READ_RATE_LIMIT_PER_MINUTE: BUDGET }, async ({ url }) => {
      const paths = ['/services?q=photo', '/services/latest?limit=1', '/offers'];
      for (const [i, path] of paths.entries()) {
        const allowed = await request(`${url}${path}`, { headers: from('203.0.113.7') });
        expect([path, allowed.status, allowed.headers.get('x-ratelimit-remaining')]).toEqual([path, 200, String(BUDGET - i - 1)]);
      }
      // any public read shares the budget, HEAD included
      expectTooMany(await request(`${url}/payment/config`, { headers: from('203.0.113.7') }), TOO_MANY_READS);
      expect((await fetch(`${url}/services`, { method: 'HEAD', headers: from('203.0.113.7') })).status).toBe(429);

      expect((await request(`${url}/services`, { headers: from('198.51.100.9') })).status).toBe(200);
      for (let i = 0; i < BUDGET + 2; i++) {
        expect((await request(`${url}/health`, { headers: from('203.0.113.7') })).status).toBe(200);
        expect((await request(`${url}/cart`, { token: user.idToken, headers: from('203.0.113.7') })).status).toBe(200);
      }
    }, true);
  });

  test('with no trusted proxy (the default), X-Forwarded-For is ignored: a client cannot pick a fresh address per request', async () => {
    await withServer({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: BUDGET }, async ({ url }) => {
      for (let i = 0; i < BUDGET; i++) expect((await request(`${url}/offers`, { headers: from(`203.0.113.${i}`) })).status).toBe(200);
      expectTooMany(await request(`${url}/offers`, { headers: from('203.0.113.99') }), TOO_MANY_READS);
    });
  });

  test('0 turns the limit off', async () => {
    await withServer({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: 0 }, async ({ url }) => {
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await request(`${url}/offers`)).status);
      expect(statuses).toEqual(new Array(8).fill(200));
    });
  });
});

describe(`rejected tokens: ${BUDGET} a minute per IP`, () => {
  const TOO_MANY_FAILURES = /^Too many sign-in failures from your network\. Please try again in \d+ seconds?\.$/;
  let user: TestUser;
  beforeAll(async () => {
    user = await signInWithPhone();
  });

  test('after the budget a rejected token from that IP gets 429; a valid token still works there, and other IPs keep their own budget', async () => {
    await withServer({ ...BEHIND_A_PROXY, AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: BUDGET }, async ({ url }) => {
      const profile = `${url}/users/consumer/${user.uid}`;
      const attacker = from('203.0.113.66');
      // a forged token, a malformed header, a token of the wrong shape: each a rejected credential
      for (const authorization of ['Bearer forged.token.value', 'Basic dXNlcjpwYXNz', `Bearer ${user.idToken.slice(0, -4)}abcd`]) {
        const rejected = await request(profile, { headers: { ...attacker, Authorization: authorization } });
        expect([authorization.slice(0, 12), rejected.status]).toEqual([authorization.slice(0, 12), 401]);
      }
      expectTooMany(await request(profile, { headers: { ...attacker, Authorization: 'Bearer another.forged.one' } }), TOO_MANY_FAILURES);
      expectTooMany(await request(profile, { headers: { ...attacker, Authorization: 'Basic dXNlcjpwYXNz' } }), TOO_MANY_FAILURES);
      // a valid token is never refused for others' failures: someone behind the same address (a carrier's NAT)
      // signs in as usual (404: this user has no profile yet), writes included
      expect((await request(profile, { token: user.idToken, headers: attacker })).status).toBe(404);
      expect((await request(`${url}/cart/items`, { method: 'POST', token: user.idToken, headers: attacker, json: {} })).status).toBe(400);
      // and is not counted: the address is still over its budget for rejected ones only
      expectTooMany(await request(profile, { headers: { ...attacker, Authorization: 'Bearer forged.again' } }), TOO_MANY_FAILURES);

      // another address has its own budget: its mistake is a 401, not a 429
      expect((await request(profile, { headers: { ...from('198.51.100.20'), Authorization: 'Bearer forged.token.value' } })).status).toBe(401);
      expect((await request(profile, { token: user.idToken, headers: from('198.51.100.20') })).status).toBe(404);
      // public reads are not signed-in requests; a signed-out request (no token) is the usual 401
      expect((await request(`${url}/offers`, { headers: attacker })).status).toBe(200);
      expect((await request(profile, { headers: attacker })).status).toBe(401);
    });
  });

  test('a request without a token (a signed-out page) is a 401 that is not counted', async () => {
    await withServer({ ...BEHIND_A_PROXY, AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: BUDGET }, async ({ url }) => {
      for (let i = 0; i < BUDGET + 3; i++) expect((await request(`${url}/cart`, { headers: from('203.0.113.5') })).status).toBe(401);
      expect((await request(`${url}/cart`, { token: user.idToken, headers: from('203.0.113.5') })).status).toBe(200);
    });
  });

  test('0 turns the limit off', async () => {
    await withServer({ AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: 0 }, async ({ url }) => {
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await request(`${url}/cart`, { headers: { Authorization: 'Bearer forged' } })).status);
      expect(statuses).toEqual(new Array(8).fill(401));
      expect((await request(`${url}/cart`, { token: user.idToken })).status).toBe(200);
    });
  });
});
