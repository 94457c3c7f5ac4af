import { createHash } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { SESSION_READS_ONLY } from '../src/auth/auth-plugin';
import {
  END_SESSION_WITH_SESSION,
  RECENT_SIGN_IN_S,
  SESSION_COOKIE_MAX_AGE_MS,
  SESSION_FROM_ID_TOKEN_ONLY,
  SIGN_IN_NOT_RECENT,
} from '../src/auth/session-routes';
import { MAX_LIVE_SESSIONS_PER_USER } from '../src/auth/server-sessions';
import { PROJECT_ID, signInWithPhone, withClaims, type TestUser } from './support/auth-emulator';
import { FIXTURE_ADDRESS } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorAnswer, errorSaying } from './support/error-answers';

const REVOKED = 'Your session was ended (signed out everywhere or the account was deleted). Please sign in again.';
const INVALID = 'Invalid session cookie. Please sign in again.';

/** The API as it runs (30 s token cache), another instance on the same database, and one that asks Firebase on every request. */
let server: TestServer;
let sibling: { url: string };
let uncached: TestServer;
let admin: Auth;

beforeAll(async () => {
  [server, uncached] = await Promise.all([startTestServer(), startTestServer({ AUTH_TOKEN_CACHE_MS: 0 })]);
  sibling = await server.startInstance();
  admin = getAuth(getApps().find((app) => app.name === 'session-suite') ?? initializeApp({ projectId: PROJECT_ID }, 'session-suite'));
});
afterAll(async () => {
  await Promise.all([server.close(), uncached.close()]);
});

async function mint(baseUrl: string, user: TestUser): Promise<string> {
  const answer = await request(`${baseUrl}/auth/session-cookie`, { method: 'POST', token: user.idToken });
  expect(answer.status).toBe(200);
  return answer.body.sessionCookie as string;
}

const asSession = (sessionCookie: string, more: { method?: string; json?: unknown } = {}) => ({
  ...more,
  headers: { Authorization: `Session ${sessionCookie}` },
});

/** The user's ID token as if they had signed in `secondsAgo` (emulator tokens are unsigned: firebase-admin takes the claims). */
function signedInAgo(user: TestUser, secondsAgo: number): string {
  return withClaims(user.idToken, { auth_time: Math.floor(Date.now() / 1000) - secondsAgo });
}

/** Revocation compares whole seconds: waits until the second of the user's sign-in (and their sessions' making) is over. */
const pastThisSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

test('a recent sign-in makes a session: a random id, of which the database keeps only a hash, never cached by anyone', async () => {
  const user = await signInWithPhone();
  const answer = await request(`${server.url}/auth/session-cookie`, { method: 'POST', token: user.idToken });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toEqual({ consumerId: user.uid, sessionCookie: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), maxAgeSeconds: SESSION_COOKIE_MAX_AGE_MS / 1000 });
  const id = answer.body.sessionCookie as string;
  const rows = await server.database.query<{ id_hash: string; uid: string; lifetime_s: number; revoked_at: Date | null }>(
    `SELECT id_hash, uid, extract(epoch FROM expires_at - created_at)::int AS lifetime_s, revoked_at FROM server_sessions WHERE uid = $1`,
    [user.uid],
  );
  expect(rows).toEqual([{ id_hash: createHash('sha256').update(id).digest('base64url'), uid: user.uid, lifetime_s: SESSION_COOKIE_MAX_AGE_MS / 1000, revoked_at: null }]);
  expect(JSON.stringify(rows)).not.toContain(id);
});

test('only a sign-in of the last five minutes makes a session; an older one is told to sign in again', async () => {
  const user = await signInWithPhone();
  const recent = await request(`${server.url}/auth/session-cookie`, { method: 'POST', token: signedInAgo(user, RECENT_SIGN_IN_S - 30) });
  expect(recent.status).toBe(200);
  for (const old of [RECENT_SIGN_IN_S + 30, 3 * 24 * 3600]) {
    const answer = await request(`${server.url}/auth/session-cookie`, { method: 'POST', token: signedInAgo(user, old) });
    expect([old, answer.status, answer.body]).toEqual([old, 401, errorAnswer(SIGN_IN_NOT_RECENT)]);
  }
  const [{ count }] = (await server.database.query<{ count: number }>('SELECT count(*)::int AS count FROM server_sessions WHERE uid = $1', [user.uid])) as [{ count: number }];
  expect(count).toBe(1);
});

test('the session signs its user in for reads of their own data only', async () => {
  const [user, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
  const sessionCookie = await mint(server.url, user);
  expect((await request(`${server.url}/cart`, asSession(sessionCookie))).body).toMatchObject({ consumerId: user.uid });
  // the other instance knows it too (the record is in the shared database)
  expect((await request(`${sibling.url}/cart`, asSession(sessionCookie))).body).toMatchObject({ consumerId: user.uid });
  const someoneElse = await request(`${server.url}/users/consumer/${other.uid}`, asSession(sessionCookie));
  expect(someoneElse).toMatchObject({ status: 403, body: errorSaying('You can only access your own account.') });
});

test('the session cannot write: every change with it is 401 before anything is looked up, and nothing changes', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(server.url, user);
  const writes: Array<[string, string, unknown]> = [
    ['POST', `/users/consumer/${user.uid}`, { name: 'Hijacked', email: 'h@example.in', phone: user.phone }],
    ['PUT', `/users/consumer/${user.uid}/settings`, { notifications: { email: false, sms: false, push: false } }],
    ['POST', `/users/consumer/${user.uid}/addresses`, FIXTURE_ADDRESS],
    ['POST', '/cart/items', {}],
    ['DELETE', `/users/consumer/${user.uid}`, undefined],
    ['DELETE', '/auth/sessions', undefined],
    ['POST', '/auth/session-cookie', undefined],
    ['POST', '/checkout', { expectedTotal: 0 }],
  ];
  for (const [method, path, json] of writes) {
    const answer = await request(`${server.url}${path}`, asSession(sessionCookie, { method, json }));
    expect([method, path, answer.status, answer.body]).toEqual([method, path, 401, errorAnswer(SESSION_READS_ONLY)]);
  }
  // a made-up session is refused the same way: the answer tells nothing about the session
  const forged = await request(`${server.url}/cart/items`, asSession('x'.repeat(43), { method: 'POST', json: {} }));
  expect(forged).toMatchObject({ status: 401, body: { code: SESSION_READS_ONLY } });
  // nothing was made or deleted: no profile, the session still reads
  expect((await request(`${server.url}/users/consumer/${user.uid}`, { token: user.idToken })).status).toBe(404);
  expect((await request(`${server.url}/auth/session`, asSession(sessionCookie))).status).toBe(200);
  // HEAD reads too
  expect((await fetch(`${server.url}/cart`, { method: 'HEAD', headers: { Authorization: `Session ${sessionCookie}` } })).status).toBe(200);
});

test('a session cannot make another one, and a made-up one is refused', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(server.url, user);
  const again = await request(`${server.url}/auth/session-cookie`, { method: 'POST', ...asSession(sessionCookie) });
  expect(again.status).toBe(401);
  for (const forged of ['abc', user.idToken, `${sessionCookie}x`, `${sessionCookie.slice(0, -1)}${sessionCookie.endsWith('A') ? 'B' : 'A'}`]) {
    const answer = await request(`${uncached.url}/cart`, asSession(forged));
    expect([forged.slice(0, 12), answer.status, answer.body]).toEqual([forged.slice(0, 12), 401, errorSaying(INVALID)]);
  }
  const withToken = await request(`${server.url}/auth/session-cookie`, { method: 'POST', headers: { Authorization: `Session ${user.idToken}` } });
  expect(withToken.status).toBe(401);
  expect(errorAnswer(SESSION_FROM_ID_TOKEN_ONLY).message).toContain('Bearer');
});

test('signing out ends that session at once on every instance; a copy taken before is refused; the other devices stay signed in', async () => {
  const user = await signInWithPhone();
  const [thisDevice, otherDevice] = [await mint(server.url, user), await mint(server.url, user)];
  const copy = thisDevice;
  for (const url of [server.url, sibling.url]) expect((await request(`${url}/cart`, asSession(copy))).status).toBe(200);

  const ended = await request(`${server.url}/auth/session`, asSession(thisDevice, { method: 'DELETE' }));
  expect(ended).toMatchObject({ status: 200, body: { consumerId: user.uid, sessionsEnded: 1 } });
  expect(ended.headers.get('cache-control')).toBe('no-store');

  // the sibling had just verified it (its token cache is on): the record is read on every use, so it refuses too
  for (const url of [server.url, sibling.url]) {
    const after = await request(`${url}/auth/session`, asSession(copy));
    expect([url, after.status, after.body]).toEqual([url, 401, errorSaying(REVOKED)]);
  }
  expect((await request(`${server.url}/cart`, asSession(otherDevice))).status).toBe(200);
  // ending it again: it is already over (401, the host treats it as signed out)
  expect((await request(`${server.url}/auth/session`, asSession(copy, { method: 'DELETE' }))).status).toBe(401);
  // an ID token names no session to end
  const withToken = await request(`${server.url}/auth/session`, { method: 'DELETE', token: user.idToken });
  expect(withToken).toMatchObject({ status: 400, body: { code: END_SESSION_WITH_SESSION } });
  const [row] = await server.database.query<{ revoked: boolean; seen: boolean }>(
    'SELECT revoked_at IS NOT NULL AS revoked, last_seen_at >= created_at AS seen FROM server_sessions WHERE id_hash = $1',
    [createHash('sha256').update(copy).digest('base64url')],
  );
  expect(row).toEqual({ revoked: true, seen: true });
});

test('sign out of all devices: every session of the user and their sign-in (the ID token) end; another user is untouched', async () => {
  const [user, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
  const sessions = [await mint(server.url, user), await mint(server.url, user)];
  const othersSession = await mint(server.url, other);
  await pastThisSecond();
  const answer = await request(`${server.url}/auth/sessions`, { method: 'DELETE', token: user.idToken });
  expect(answer).toMatchObject({ status: 200, body: { consumerId: user.uid, sessionsEnded: 2 } });
  for (const session of sessions) {
    for (const url of [server.url, sibling.url]) expect((await request(`${url}/cart`, asSession(session))).status).toBe(401);
  }
  expect(await request(`${server.url}/cart`, { token: user.idToken })).toMatchObject({ status: 401, body: { message: REVOKED } });
  expect((await admin.getUser(user.uid)).tokensValidAfterTime).toBeDefined();
  expect((await request(`${server.url}/cart`, asSession(othersSession))).status).toBe(200);
  expect((await request(`${server.url}/cart`, { token: other.idToken })).status).toBe(200);
});

test('revoking the user in Firebase (an operator, another server) ends their sessions too', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(uncached.url, user);
  expect((await request(`${uncached.url}/cart`, asSession(sessionCookie))).status).toBe(200);
  await pastThisSecond();
  await admin.revokeRefreshTokens(user.uid);
  const after = await request(`${uncached.url}/cart`, asSession(sessionCookie));
  expect(after).toMatchObject({ status: 401, body: { message: REVOKED } });
});

test('deleting the account ends its sessions at once, even where it was cached, and deletes their records', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(server.url, user);
  expect((await request(`${server.url}/cart`, asSession(sessionCookie))).status).toBe(200);
  await pastThisSecond();
  expect((await request(`${server.url}/users/consumer/${user.uid}`, { method: 'DELETE', token: user.idToken })).status).toBe(204);
  const after = await request(`${server.url}/cart`, asSession(sessionCookie));
  expect(after.status).toBe(401);
  expect(await server.database.query('SELECT 1 FROM server_sessions WHERE uid = $1', [user.uid])).toEqual([]);
});

test(`a user keeps at most ${MAX_LIVE_SESSIONS_PER_USER} live sessions: the oldest end first`, async () => {
  const user = await signInWithPhone();
  const first = await mint(server.url, user);
  for (let i = 0; i < MAX_LIVE_SESSIONS_PER_USER; i++) await mint(server.url, user);
  expect((await request(`${server.url}/cart`, asSession(first))).status).toBe(401);
  const [{ live }] = (await server.database.query<{ live: number }>(
    'SELECT count(*)::int AS live FROM server_sessions WHERE uid = $1 AND revoked_at IS NULL',
    [user.uid],
  )) as [{ live: number }];
  expect(live).toBe(MAX_LIVE_SESSIONS_PER_USER);
});

test('GET /auth/session names the user of a session (or ID token), for the host server before it renders', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(server.url, user);
  for (const credential of [asSession(sessionCookie), { token: user.idToken }]) {
    const answer = await request(`${server.url}/auth/session`, credential);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({ consumerId: user.uid, phone: user.phone });
  }
  const stranger = await request(`${uncached.url}/auth/session`, asSession('abc'));
  expect(stranger).toMatchObject({ status: 401, body: { message: INVALID } });
});
