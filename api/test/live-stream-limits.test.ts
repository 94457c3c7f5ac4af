import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { PROJECT_ID, signInWithPhone, withClaims, type TestUser } from './support/auth-emulator';
import { openLiveStream, type LiveStream } from './support/live-stream';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

/**
 * The live stream's limits (issue 34, item 4) over real HTTP: its caps hold when streams are opened all at
 * once, and a stream lasts no longer than its credential (revoked, or expired).
 */

const RECHECK_MS = 300;
const MAX_STREAMS = 8;
/** Every request asks Firebase (no token cache): a revocation made elsewhere is seen at the stream's next check. */
let server: TestServer;
/** firebase-admin against the emulator, as an operator or another server revokes a user's sessions */
let admin: Auth;
const streams: LiveStream[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
beforeAll(async () => {
  server = await startTestServer({ AUTH_TOKEN_CACHE_MS: 0 }, { liveStream: { recheckMs: RECHECK_MS, maxStreams: MAX_STREAMS } });
  admin = getAuth(getApps().find((app) => app.name === 'live-limits-suite') ?? initializeApp({ projectId: PROJECT_ID }, 'live-limits-suite'));
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  // the server gives their places back when it sees them go
  await sleep(300);
});
afterAll(() => server.close());

const open = async (user: TestUser, url = server.url, token = user.idToken) => {
  const stream = await openLiveStream(url, user.uid, token);
  streams.push(stream);
  return stream;
};
const count = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** pg's default pool size (api/src/db/database.ts sets none); PGlite has one connection */
const PG_POOL_SIZE = 10;
/**
 * Keeps the API's database busy for `ms` (each of its connections in a transaction that waits), as on a loaded
 * server: a stream's first query waits behind it, so streams opened at once are all between the caps' check and
 * their first answer together. Resolves when the database is free again.
 */
async function busyDatabase(ms: number): Promise<void> {
  const connections = server.database.kind === 'pglite' ? 1 : PG_POOL_SIZE;
  const held = Array.from({ length: connections }, () =>
    server.database.transaction(async (session) => {
      await session.query('SELECT 1');
      await sleep(ms);
    }),
  );
  await Promise.all(held);
}

describe('streams opened in parallel', () => {
  test('one user opens 10 at once: exactly 5 are accepted, the rest refused with 429 and a message', async () => {
    const user = await signInWithPhone();
    const [opened] = await Promise.all([Promise.all(Array.from({ length: 10 }, () => open(user))), busyDatabase(1500)]);
    expect(count(opened.map((stream) => stream.status))).toEqual({ 200: 5, 429: 5 });
    const refused = await fetch(`${server.url}/users/${user.uid}/events`, { headers: { Authorization: `Bearer ${user.idToken}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(errorSaying('Too many live connections: close another tab of Utsav and try again.'));
    // the refused ones took no place: closing the five makes room for five again
    for (const stream of streams.splice(0)) stream.close();
    await sleep(300);
    const again = await Promise.all(Array.from({ length: 6 }, () => open(user)));
    expect(count(again.map((stream) => stream.status))).toEqual({ 200: 5, 429: 1 });
  });

  test(`the process's cap (${MAX_STREAMS} here) holds too: two users open 5 each at once, exactly ${MAX_STREAMS} are accepted, the rest are 503`, async () => {
    const [first, second] = await Promise.all([signInWithPhone(), signInWithPhone()]);
    const [opened] = await Promise.all([Promise.all([first!, second!].flatMap((user) => Array.from({ length: 5 }, () => open(user)))), busyDatabase(1500)]);
    expect(count(opened.map((stream) => stream.status))).toEqual({ 200: MAX_STREAMS, 503: 10 - MAX_STREAMS });
  });
});

describe('a stream lasts no longer than its credential', () => {
  /**
   * Revocation compares the token's auth_time with the user's validSince, both in whole seconds: a revocation in
   * the second of the sign-in would not cover the token. Waits until that second is over.
   */
  async function waitPastAuthTime(user: TestUser): Promise<void> {
    const { auth_time: authTime } = JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time: number };
    const wait = (authTime + 1) * 1000 - Date.now() + 50;
    if (wait > 0) await sleep(wait);
  }

  test('its sessions revoked (sign-out everywhere, elsewhere): the server ends the stream at its next check', async () => {
    const user = await signInWithPhone();
    const stream = await open(user);
    await stream.next((event) => event.event === 'ready');
    await waitPastAuthTime(user);
    // still running after several checks while the credential holds
    await sleep(RECHECK_MS * 3);
    expect(await Promise.race([stream.ended, sleep(0).then(() => 'running')])).toBe('running');

    await admin.revokeRefreshTokens(user.uid);
    const revokedAt = Date.now();
    await expect(stream.ended).resolves.toBe('server');
    expect(Date.now() - revokedAt).toBeLessThan(RECHECK_MS + 2000);
    // and it cannot be opened again with that credential
    expect((await open(user)).status).toBe(401);
  });

  test('the account deleted through the API: the stream ends at its next check', async () => {
    const user = await signInWithPhone();
    const stream = await open(user);
    await stream.next((event) => event.event === 'ready');
    expect((await request(`${server.url}/users/consumer/${user.uid}`, { method: 'DELETE', token: user.idToken })).status).toBe(204);
    await expect(stream.ended).resolves.toBe('server');
  });

  test('its ID token expires: the server ends the stream then, without waiting for a check', async () => {
    // the default check interval (a minute): only the token's expiry can end this stream within the test
    const plain = await startTestServer();
    try {
      const user = await signInWithPhone();
      const expiresAt = (Math.floor(Date.now() / 1000) + 3) * 1000;
      const shortLived = withClaims(user.idToken, { exp: expiresAt / 1000 });
      const stream = await open(user, plain.url, shortLived);
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'ready');
      await expect(stream.ended).resolves.toBe('server');
      const endedAt = Date.now();
      expect(endedAt).toBeGreaterThanOrEqual(expiresAt - 50);
      expect(endedAt).toBeLessThan(expiresAt + 1500);
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await plain.close();
    }
  });
});
