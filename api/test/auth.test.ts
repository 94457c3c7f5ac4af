import net from 'node:net';
import { buildApp } from '../src/app';
import { tokenErrorToHttp } from '../src/auth';
import { PROJECT_ID, signInWithPhone, withClaims, type TestUser } from './support/auth-emulator';
import { request, startTestServer, testConfig, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let user: TestUser;
const profileUrl = () => `${server.url}/users/consumer/${user.uid}`;

beforeAll(async () => {
  [server, user] = await Promise.all([startTestServer(), signInWithPhone()]);
});
afterAll(() => server.close());

describe('the auth guard answers 401', () => {
  test('without an Authorization header', async () => {
    const response = await request(profileUrl());
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.body).toEqual(errorSaying('Sign in required: send Authorization: Bearer <Firebase ID token>.'));
  });

  test.each([
    ['a Basic credential', 'Basic dXNlcjpwYXNz'],
    ['Bearer without a token', 'Bearer '],
    ['a bare token without the scheme', 'eyJhbGciOiJub25lIn0.e30.'],
  ])('for %s', async (_label, header) => {
    const response = await request(profileUrl(), { headers: { Authorization: header } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorSaying('The Authorization header must be "Bearer <Firebase ID token>".'));
  });

  test('for a garbage token', async () => {
    const response = await request(profileUrl(), { token: 'not-a-jwt' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorSaying('Invalid ID token. Please sign in again.'));
  });

  test('for a token issued for another Firebase project', async () => {
    const foreign = withClaims(user.idToken, {
      aud: 'someone-elses-project',
      iss: 'https://securetoken.google.com/someone-elses-project',
    });
    const response = await request(profileUrl(), { token: foreign });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorSaying('Invalid ID token. Please sign in again.'));
  });

  test('for a tampered token (subject swapped for a user that does not exist)', async () => {
    const tampered = withClaims(user.idToken, { sub: 'forged-uid', user_id: 'forged-uid' });
    const response = await request(`${server.url}/users/consumer/forged-uid`, { token: tampered });
    expect(response.status).toBe(401);
    // emulator tokens are unsigned, so it is the revocation check's user lookup that finds no such user
    // (real Firebase refuses the signature first: 'Invalid ID token')
    expect(response.body).toEqual(errorSaying('This account no longer exists. Please sign in again.'));
  });

  test('for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = withClaims(user.idToken, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
    const response = await request(profileUrl(), { token: expired });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorSaying('Your session has expired. Please sign in again.'));
  });
});

test('a real emulator token passes the guard', async () => {
  const response = await request(profileUrl(), { token: user.idToken });
  expect(response.status).toBe(404); // past the guard: this new user simply has no profile yet
  expect(response.body).toEqual(errorSaying('Profile not found'));
});

test('the token was issued for the project the API checks', () => {
  const payload = JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  expect(payload).toMatchObject({ aud: PROJECT_ID, sub: user.uid, phone_number: user.phone });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('503, not 401, when the Auth backend cannot be reached', async () => {
  const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await closedPort()}` });
  const app = await buildApp({ db: server.database, config, logger: false });
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await request(`${url}/users/consumer/${user.uid}`, { token: user.idToken });
    expect(response.status).toBe(503);
    expect(response.body).toEqual(errorSaying('Sign-in could not be checked right now. Please try again.'));
  } finally {
    await app.close();
  }
});

test('firebase-admin error codes map to 401 or 503', () => {
  expect(tokenErrorToHttp({ code: 'auth/id-token-expired' }).statusCode).toBe(401);
  expect(tokenErrorToHttp({ code: 'auth/argument-error' }).statusCode).toBe(401);
  expect(tokenErrorToHttp({ code: 'auth/user-disabled' }).statusCode).toBe(401);
  expect(tokenErrorToHttp({ code: 'auth/id-token-revoked' }).statusCode).toBe(401);
  expect(tokenErrorToHttp({ code: 'auth/user-not-found' }).statusCode).toBe(401);
  expect(tokenErrorToHttp({ code: 'auth/internal-error' }).statusCode).toBe(503);
  expect(tokenErrorToHttp({ code: 'app/network-error' }).statusCode).toBe(503);
  expect(tokenErrorToHttp(new Error('boom')).statusCode).toBe(503);
});
