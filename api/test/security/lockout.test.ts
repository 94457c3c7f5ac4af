import http from 'node:http';
import { DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE } from '../../src/config';
import { signInWithPhone, type TestUser } from '../support/auth-emulator';
import { startHostProcess, type HostProcess } from '../support/host-process';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * No one can lock other users out (issue 34, item 2), over real HTTP with real client addresses: client A
 * (127.0.0.2) spends the rejected-token budget with forged tokens, directly and through the host's
 * POST /session; client B (127.0.0.3) still gets in with its valid token, and keeps a budget of its own.
 * The API trusts X-Forwarded-For from the host server alone (TRUST_PROXY=127.0.0.1, the address the host
 * reaches it from), so A cannot pick its address when it talks to the API directly.
 */

const HOST_SERVER = '127.0.0.1';
const A = '127.0.0.2';
const B = '127.0.0.3';
const BUDGET = DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE;
const TOO_MANY_FAILURES = /^Too many sign-in failures from your network\. Please try again in \d+ seconds?\.$/;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { message?: string };
}

/** A request that leaves from `localAddress` (a client of its own address on this machine). */
function from(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; json?: unknown } = {}): Promise<Answer> {
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  const headers = { ...init.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers, localAddress }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Answer['body']) : {} }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const forged = (i: number) => `Bearer forged.token.${i}`;

let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  [a, b] = await Promise.all([signInWithPhone(), signInWithPhone()]);
});

describe('directly at the API', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer({ TRUST_PROXY: [HOST_SERVER], AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: BUDGET });
  });
  afterAll(() => api.close());

  test(`${BUDGET} forged tokens from A, each naming another address in X-Forwarded-For: A is over its budget, B's valid token works`, async () => {
    const cart = `${api.url}/cart`;
    for (let i = 0; i < BUDGET; i++) {
      // A is no proxy the API trusts: the address it claims is ignored, every failure is A's
      const rejected = await from(A, cart, { headers: { Authorization: forged(i), 'X-Forwarded-For': `198.51.100.${i}` } });
      expect([i, rejected.status]).toEqual([i, 401]);
    }
    const refused = await from(A, cart, { headers: { Authorization: forged(BUDGET), 'X-Forwarded-For': '198.51.100.250' } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY_FAILURES);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // B: its valid token works, and its own mistake is a 401 (its budget is its own), not a 429
    expect((await from(B, cart, { headers: { Authorization: `Bearer ${b.idToken}` } })).status).toBe(200);
    expect((await from(B, cart, { headers: { Authorization: forged(0) } })).status).toBe(401);
    // a valid token is not refused even from A's address (someone behind the same NAT), nor counted
    expect((await from(A, cart, { headers: { Authorization: `Bearer ${a.idToken}` } })).status).toBe(200);
    expect((await from(A, cart, { headers: { Authorization: forged(BUDGET + 1) } })).status).toBe(429);
  });
});

describe("through the host's POST /session", () => {
  let api: TestServer;
  let host: HostProcess;
  beforeAll(async () => {
    api = await startTestServer({ TRUST_PROXY: [HOST_SERVER], AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: BUDGET });
    host = await startHostProcess(api.url);
  });
  afterAll(async () => {
    await host.stop();
    await api.close();
  });

  /** POST /session as a page of the host's origin sends it, from `client`'s address. */
  const session = (client: string, idToken: string) => {
    const origin = `http://127.0.0.1:${host.port}`;
    return from(client, `${origin}/session`, { method: 'POST', headers: { Origin: origin }, json: { idToken } });
  };

  test(`${BUDGET} forged tokens from A: A's next is 429, B still gets its session (and its own mistake is a 401)`, async () => {
    for (let i = 0; i < BUDGET; i++) {
      const rejected = await session(A, `forged.token.${i}`);
      expect([i, rejected.status]).toEqual([i, 401]);
    }
    const refused = await session(A, `forged.token.${BUDGET}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY_FAILURES);

    const signedIn = await session(B, b.idToken);
    expect(signedIn.status).toBe(204);
    expect(signedIn.headers['set-cookie']?.some((cookie) => /^__(Host-)?session=[^;]+;/.test(cookie))).toBe(true);
    // the API counted A, not the host server: B's failures are B's
    expect((await session(B, 'forged.token.b')).status).toBe(401);
    // and a valid token from A's address gets its session too
    expect((await session(A, a.idToken)).status).toBe(204);
  });
});
