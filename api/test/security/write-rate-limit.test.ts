import { DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE, loadConfig } from '../../src/config';
import { signInWithPhone, type TestUser } from '../support/auth-emulator';
import { request, startTestServer, type TestServer } from '../support/test-server';
import { errorSaying } from '../support/error-answers';

const BUDGET = 3;
const settingsUrl = (server: TestServer, user: TestUser) => `${server.url}/users/consumer/${user.uid}/settings`;
const settingsBody = { notifications: { email: true, sms: false, push: true } };

/** A write that passes the auth guard (and answers 404: these users have no profile, which is fine here). */
const write = (server: TestServer, user: TestUser) =>
  request(settingsUrl(server, user), { method: 'PUT', token: user.idToken, json: settingsBody });

describe('WRITE_RATE_LIMIT_PER_MINUTE', () => {
  test('defaults to 120; 0 turns the limit off; anything else is a start-up error', () => {
    expect(DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE).toBe(120);
    expect(loadConfig({}).WRITE_RATE_LIMIT_PER_MINUTE).toBe(120);
    expect(loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: ' 30 ' }).WRITE_RATE_LIMIT_PER_MINUTE).toBe(30);
    expect(loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '0' }).WRITE_RATE_LIMIT_PER_MINUTE).toBe(0);
    expect(() => loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow('WRITE_RATE_LIMIT_PER_MINUTE must be a whole number of requests');
    expect(() => loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow('WRITE_RATE_LIMIT_PER_MINUTE must be a whole number of requests');
  });
});

describe(`with a budget of ${BUDGET} writes a minute`, () => {
  let server: TestServer;
  let asha: TestUser;
  let ravi: TestUser;

  beforeAll(async () => {
    [server, asha, ravi] = await Promise.all([startTestServer({ WRITE_RATE_LIMIT_PER_MINUTE: BUDGET }), signInWithPhone(), signInWithPhone()]);
  });
  afterAll(() => server.close());

  test('the writes over the budget get 429 with a message and Retry-After; reads, other users and public routes are not limited', async () => {
    for (let i = 0; i < BUDGET; i++) {
      const allowed = await write(server, asha);
      expect(allowed.status).toBe(404);
      expect(allowed.headers.get('x-ratelimit-remaining')).toBe(String(BUDGET - i - 1));
    }

    const refused = await write(server, asha);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorSaying(expect.stringMatching(/^Too many changes in a short time \(at most 3 a minute\)\. Please try again in (\d+ seconds?|1 minute)\.$/)));
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);

    // any write route shares the one budget: the cart too
    const cart = await request(`${server.url}/cart/items/00000000-0000-4000-8000-000000000000`, { method: 'DELETE', token: asha.idToken });
    expect(cart.status).toBe(429);

    // reads stay open
    for (let i = 0; i < BUDGET + 2; i++) {
      expect((await request(`${server.url}/cart`, { token: asha.idToken })).status).toBe(200);
    }
    // the budget is per user, not per address (all of these come from 127.0.0.1)
    expect((await write(server, ravi)).status).toBe(404);
    // no token: refused by the guard (401), which the limit does not hide
    expect((await request(settingsUrl(server, asha), { method: 'PUT', json: settingsBody })).status).toBe(401);
    // the webhook is public (its own HMAC): not counted against anyone
    for (let i = 0; i < BUDGET + 2; i++) {
      expect((await request(`${server.url}/payment/webhook`, { method: 'POST', json: {} })).status).toBe(400);
    }
  });
});

test('0 turns the limit off', async () => {
  const [server, user] = await Promise.all([startTestServer({ WRITE_RATE_LIMIT_PER_MINUTE: 0 }), signInWithPhone()]);
  try {
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await write(server, user)).status);
    expect(statuses).toEqual(new Array(8).fill(404));
  } finally {
    await server.close();
  }
});
