import { consumerProfileSchema, DEFAULT_NOTIFICATIONS } from '@utsav/contracts/schemas';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  [server, owner, other] = await Promise.all([startTestServer(), signInWithPhone(), signInWithPhone()]);
  const created = await request(profileUrl(owner.uid), { token: owner.idToken, json: profileForm(owner) });
  expect(created.status).toBe(201);
});
afterAll(() => server.close());

const profileUrl = (uid: string) => `${server.url}/users/consumer/${uid}`;
const settingsUrl = (uid: string) => `${profileUrl(uid)}/settings`;
const put = (uid: string, json: unknown, token: string | undefined = owner.idToken) =>
  request(settingsUrl(uid), { method: 'PUT', token, json });

const profileForm = (user: TestUser) => ({
  name: 'Asha Verma',
  email: 'asha@example.in',
  age: 29,
  gender: 'female',
  phone: user.phone,
  service: 'Facial',
  skippedService: false,
});

test('a new profile has the spec §9 defaults: email on, SMS off, push on; WhatsApp off (opt-in)', async () => {
  const user = await signInWithPhone();
  const created = await request(profileUrl(user.uid), { token: user.idToken, json: profileForm(user) });
  expect(created.status).toBe(201);
  expect(created.body.notifications).toEqual({ email: true, sms: false, push: true, whatsapp: false });
  expect(created.body.notifications).toEqual(DEFAULT_NOTIFICATIONS);

  const read = await request(profileUrl(user.uid), { token: user.idToken });
  expect(read.status).toBe(200);
  expect(read.body.notifications).toEqual(DEFAULT_NOTIFICATIONS);
  expect(consumerProfileSchema.parse(read.body)).toEqual(read.body);
});

test('PUT stores the settings, answers the profile, and GET and a profile update keep them', async () => {
  const notifications = { email: false, sms: true, push: false, whatsapp: true };
  const saved = await put(owner.uid, { notifications });
  expect(saved.status).toBe(200);
  expect(consumerProfileSchema.parse(saved.body)).toEqual(saved.body);
  expect(saved.body).toMatchObject({ uid: owner.uid, name: 'Asha Verma', notifications });

  const read = await request(profileUrl(owner.uid), { token: owner.idToken });
  expect(read.body).toEqual(saved.body);

  // re-saving the onboarding form does not reset them
  const updated = await request(profileUrl(owner.uid), { token: owner.idToken, json: { ...profileForm(owner), name: 'Asha V.' } });
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject({ name: 'Asha V.', notifications });

  const back = await put(owner.uid, { notifications: DEFAULT_NOTIFICATIONS });
  expect(back.body.notifications).toEqual(DEFAULT_NOTIFICATIONS);
});

test('unknown fields are ignored', async () => {
  const saved = await put(owner.uid, { notifications: { email: true, sms: true, push: true, fax: true }, theme: 'dark', name: 'Hacker' });
  expect(saved.status).toBe(200);
  expect(saved.body.notifications).toEqual({ email: true, sms: true, push: true, whatsapp: false });
  expect(saved.body.name).not.toBe('Hacker');
  expect(saved.body).not.toHaveProperty('theme');
});

test('WhatsApp round trip: on, then a client older than its switch (no whatsapp) keeps it, then off', async () => {
  const on = await put(owner.uid, { notifications: { email: true, sms: false, push: true, whatsapp: true } });
  expect(on.status).toBe(200);
  expect(on.body.notifications).toEqual({ email: true, sms: false, push: true, whatsapp: true });
  expect((await request(profileUrl(owner.uid), { token: owner.idToken })).body.notifications).toMatchObject({ whatsapp: true });
  // an older release of My Account sends the three it knows: the stored WhatsApp setting stays
  const older = await put(owner.uid, { notifications: { email: false, sms: true, push: true } });
  expect(older.status).toBe(200);
  expect(older.body.notifications).toEqual({ email: false, sms: true, push: true, whatsapp: true });
  const off = await put(owner.uid, { notifications: { email: true, sms: false, push: true, whatsapp: false } });
  expect(off.body.notifications).toEqual(DEFAULT_NOTIFICATIONS);
  expect(consumerProfileSchema.parse(off.body)).toEqual(off.body);
});

describe('bad input is 400 with a message, and changes nothing', () => {
  test.each([
    ['no notifications', {}, /^notifications: /],
    ['a missing switch', { notifications: { email: true, push: true } }, /^notifications\.sms: sms must be true or false$/],
    ['a string for a boolean', { notifications: { email: 'yes', sms: false, push: true } }, /^notifications\.email: email must be true or false$/],
    ['a string for WhatsApp', { notifications: { email: true, sms: false, push: true, whatsapp: 'on' } }, /^notifications\.whatsapp: whatsapp must be true or false$/],
    ['null for WhatsApp', { notifications: { email: true, sms: false, push: true, whatsapp: null } }, /^notifications\.whatsapp: whatsapp must be true or false$/],
    ['null', null, /.+/],
    ['an array', [], /.+/],
  ])('%s', async (_label, body, message) => {
    const before = await request(profileUrl(owner.uid), { token: owner.idToken });
    const response = await put(owner.uid, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(response.body.issues).toEqual(expect.any(Array));
    const after = await request(profileUrl(owner.uid), { token: owner.idToken });
    expect(after.body.notifications).toEqual(before.body.notifications);
  });

  test('a body that is not JSON', async () => {
    const response = await request(settingsUrl(owner.uid), {
      method: 'PUT',
      token: owner.idToken,
      headers: { 'Content-Type': 'application/json' },
      body: '{"notifications":',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorSaying('Request body is not valid JSON'));
  });
});

test('another user’s settings: 403, and nothing changes', async () => {
  const before = await request(profileUrl(owner.uid), { token: owner.idToken });
  const response = await put(owner.uid, { notifications: { email: false, sms: false, push: false } }, other.idToken);
  expect(response.status).toBe(403);
  expect(response.body).toEqual(errorSaying('You can only access your own account.'));
  const after = await request(profileUrl(owner.uid), { token: owner.idToken });
  expect(after.body.notifications).toEqual(before.body.notifications);
});

test('no token: 401', async () => {
  const response = await put(owner.uid, { notifications: DEFAULT_NOTIFICATIONS }, '');
  expect(response.status).toBe(401);
  expect(response.body.message).toMatch(/^Sign in required/);
});

test('no profile yet: 404 Profile not found', async () => {
  const response = await put(other.uid, { notifications: DEFAULT_NOTIFICATIONS }, other.idToken);
  expect(response.status).toBe(404);
  expect(response.body).toEqual(errorSaying('Profile not found'));
  // and the PUT did not create one
  expect((await request(profileUrl(other.uid), { token: other.idToken })).status).toBe(404);
});
