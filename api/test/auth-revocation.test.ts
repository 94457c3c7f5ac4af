import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { PROJECT_ID, signInWithPhone, type TestUser } from './support/auth-emulator';
import { request, startTestServer, testConfig, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

const REVOKED = 'Your session was ended (signed out everywhere or the account was deleted). Please sign in again.';
const DISABLED = 'This account has been disabled. Please contact support.';
const GONE = 'This account no longer exists. Please sign in again.';

/** Without the token cache (AUTH_TOKEN_CACHE_MS=0): every request asks Firebase. */
let uncached: TestServer;
/** The same database with the default 30 s cache, as the API runs. */
let cached: { app: FastifyInstance; url: string };
/** firebase-admin's admin API against the emulator, as an operator (or another server) would change users. */
let admin: Auth;

beforeAll(async () => {
  uncached = await startTestServer({ AUTH_TOKEN_CACHE_MS: 0 });
  const app = await buildApp({ db: uncached.database, config: testConfig(), logger: false });
  cached = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  // the emulator comes from FIREBASE_AUTH_EMULATOR_HOST (test/setup-env.ts)
  admin = getAuth(getApps().find((candidate) => candidate.name === 'revocation-suite') ?? initializeApp({ projectId: PROJECT_ID }, 'revocation-suite'));
});
afterAll(async () => {
  await cached.app.close();
  await uncached.close();
});

const cart = (baseUrl: string, user: TestUser) => request(`${baseUrl}/cart`, { token: user.idToken });

/**
 * Revocation compares the token's auth_time with the user's validSince, both in whole seconds: a revocation
 * in the second of the sign-in would not cover the token. Waits until that second is over.
 */
async function waitPastAuthTime(user: TestUser): Promise<void> {
  const { auth_time: authTime } = JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time: number };
  const wait = (authTime + 1) * 1000 - Date.now() + 50;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

test('a revoked session: 200 before, 401 with its message after; a server that checked the token just before trusts it for its cache time', async () => {
  const user = await signInWithPhone();
  expect((await cart(uncached.url, user)).status).toBe(200);
  expect((await cart(cached.url, user)).status).toBe(200);

  await waitPastAuthTime(user);
  await admin.revokeRefreshTokens(user.uid);

  const after = await cart(uncached.url, user);
  expect(after.status).toBe(401);
  expect(after.body).toEqual(errorSaying(REVOKED));
  // the cache's documented window (AUTH_TOKEN_CACHE_MS): revoked elsewhere, this process does not know yet
  expect((await cart(cached.url, user)).status).toBe(200);
});

test('a disabled user: 401 with its message', async () => {
  const user = await signInWithPhone();
  expect((await cart(uncached.url, user)).status).toBe(200);
  await admin.updateUser(user.uid, { disabled: true });
  const after = await cart(uncached.url, user);
  expect(after.status).toBe(401);
  expect(after.body).toEqual(errorSaying(DISABLED));
});

test('a user deleted in Firebase: 401 with its message', async () => {
  const user = await signInWithPhone();
  expect((await cart(uncached.url, user)).status).toBe(200);
  await admin.deleteUser(user.uid);
  const after = await cart(uncached.url, user);
  expect(after.status).toBe(401);
  expect(after.body).toEqual(errorSaying(GONE));
});

test('after DELETE of the account its token is 401 at once, even on the server that cached it', async () => {
  const user = await signInWithPhone();
  expect((await cart(cached.url, user)).status).toBe(200);
  expect((await request(`${cached.url}/users/consumer/${user.uid}`, { method: 'DELETE', token: user.idToken })).status).toBe(204);
  const after = await cart(cached.url, user);
  expect(after.status).toBe(401);
  expect(after.body).toEqual(errorSaying(GONE));
});
