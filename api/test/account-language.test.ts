import { consumerProfileSchema } from '@utsav/contracts/schemas';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

/** Issue 20: the language a user chose is kept with their profile, so it follows them to every device. */

let server: TestServer;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  [server, owner, other] = await Promise.all([startTestServer(), signInWithPhone(), signInWithPhone()]);
  const created = await request(profileUrl(owner.uid), {
    token: owner.idToken,
    json: { name: 'Asha Verma', email: 'asha@example.in', age: 29, gender: 'female', phone: owner.phone, service: 'Facial', skippedService: false },
  });
  expect(created.status).toBe(201);
});
afterAll(() => server.close());

const profileUrl = (uid: string) => `${server.url}/users/consumer/${uid}`;
const put = (uid: string, json: unknown, token: string | undefined = owner.idToken) => request(`${profileUrl(uid)}/language`, { method: 'PUT', token, json });

test('a new profile has no language until its user chooses one; PUT keeps the choice, GET and a profile update keep it', async () => {
  const before = await request(profileUrl(owner.uid), { token: owner.idToken });
  expect(before.body.language).toBeNull();

  const saved = await put(owner.uid, { language: 'hi-IN' });
  expect(saved.status).toBe(200);
  expect(consumerProfileSchema.parse(saved.body)).toEqual(saved.body);
  expect(saved.body).toMatchObject({ uid: owner.uid, name: 'Asha Verma', language: 'hi-IN' });
  expect((await request(profileUrl(owner.uid), { token: owner.idToken })).body.language).toBe('hi-IN');

  const back = await put(owner.uid, { language: 'en-IN' });
  expect(back.body.language).toBe('en-IN');
});

test('a language Utsav does not speak, or no language: 400 saying which it speaks, and nothing changes', async () => {
  for (const body of [{ language: 'fr-FR' }, { language: 'hi' }, {}, { language: null }]) {
    const response = await put(owner.uid, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/language must be one of en-IN, hi-IN/);
  }
  expect((await request(profileUrl(owner.uid), { token: owner.idToken })).body.language).toBe('en-IN');
});

test('another user’s language: 403; no token: 401; no profile yet: 404', async () => {
  expect((await put(owner.uid, { language: 'hi-IN' }, other.idToken)).status).toBe(403);
  expect((await put(owner.uid, { language: 'hi-IN' }, '')).status).toBe(401);
  const none = await put(other.uid, { language: 'hi-IN' }, other.idToken);
  expect(none.status).toBe(404);
  expect(none.body).toEqual(errorSaying('Profile not found'));
  expect((await request(profileUrl(owner.uid), { token: owner.idToken })).body.language).toBe('en-IN');
});
