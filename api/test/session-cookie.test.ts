import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { SESSION_COOKIE_MAX_AGE_MS, SESSION_FROM_ID_TOKEN_ONLY } from '../src/auth/session-routes';
import { PROJECT_ID, signInWithPhone, type TestUser } from './support/auth-emulator';
import { request, startTestServer, type TestServer } from './support/test-server';

const REVOKED = 'Your session was ended (signed out everywhere or the account was deleted). Please sign in again.';
const INVALID = 'Invalid session cookie. Please sign in again.';

/** The API as it runs (30 s token cache), and one that asks Firebase on every request. */
let server: TestServer;
let uncached: TestServer;
let admin: Auth;

beforeAll(async () => {
  [server, uncached] = await Promise.all([startTestServer(), startTestServer({ AUTH_TOKEN_CACHE_MS: 0 })]);
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

const asSession = (sessionCookie: string) => ({ headers: { Authorization: `Session ${sessionCookie}` } });

test('an ID token makes a session cookie for its own user, never cached by anyone', async () => {
  const user = await signInWithPhone();
  const answer = await request(`${server.url}/auth/session-cookie`, { method: 'POST', token: user.idToken });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toEqual({ consumerId: user.uid, sessionCookie: expect.any(String), maxAgeSeconds: SESSION_COOKIE_MAX_AGE_MS / 1000 });
  const decoded = await admin.verifySessionCookie(answer.body.sessionCookie as string);
  expect(decoded.uid).toBe(user.uid);
  // two weeks, as Firebase allows at most
  expect(decoded.exp - decoded.iat).toBe(SESSION_COOKIE_MAX_AGE_MS / 1000);
});

test('the session cookie signs its user in as the ID token does, for their own data only', async () => {
  const [user, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
  const sessionCookie = await mint(server.url, user);
  expect((await request(`${server.url}/cart`, asSession(sessionCookie))).body).toMatchObject({ consumerId: user.uid });
  const someoneElse = await request(`${server.url}/users/consumer/${other.uid}`, asSession(sessionCookie));
  expect(someoneElse).toMatchObject({ status: 403, body: { message: 'You can only access your own account.' } });
});

test('a session cookie cannot make another one, and a made-up one is refused', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(server.url, user);
  const again = await request(`${server.url}/auth/session-cookie`, { method: 'POST', ...asSession(sessionCookie) });
  expect(again).toMatchObject({ status: 401, body: { message: SESSION_FROM_ID_TOKEN_ONLY } });
  for (const forged of ['abc', user.idToken, `${sessionCookie}x`]) {
    const answer = await request(`${uncached.url}/cart`, asSession(forged));
    expect([forged.slice(0, 12), answer.status, answer.body]).toEqual([forged.slice(0, 12), 401, { message: INVALID }]);
  }
});

test('signing out everywhere ends the session cookie', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(uncached.url, user);
  expect((await request(`${uncached.url}/cart`, asSession(sessionCookie))).status).toBe(200);
  // revocation compares whole seconds: revoke after the sign-in's second
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await admin.revokeRefreshTokens(user.uid);
  const after = await request(`${uncached.url}/cart`, asSession(sessionCookie));
  expect(after).toMatchObject({ status: 401, body: { message: REVOKED } });
});

test('deleting the account ends its session cookie at once, even where it was cached', async () => {
  const user = await signInWithPhone();
  const sessionCookie = await mint(server.url, user);
  expect((await request(`${server.url}/cart`, asSession(sessionCookie))).status).toBe(200);
  expect((await request(`${server.url}/users/consumer/${user.uid}`, { method: 'DELETE', token: user.idToken })).status).toBe(204);
  const after = await request(`${server.url}/cart`, asSession(sessionCookie));
  expect(after.status).toBe(401);
});

test('GET /auth/session names the user of a session cookie (or ID token), for the host server before it renders', async () => {
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
