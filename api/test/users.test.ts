import { consumerProfileSchema } from '@utsav/contracts/schemas';
import { EMULATOR_ORIGIN, signInWithPhone, type TestUser } from './support/auth-emulator';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorAnswer, errorSaying } from './support/error-answers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const profileUrl = (uid: string) => `${server.url}/users/consumer/${uid}`;

/** What the onboarding form sends: strings from inputs, a chosen service. */
const formData = (user: TestUser) => ({
  name: '  Asha Verma ',
  email: 'asha@example.in',
  age: '29',
  gender: 'female',
  phone: user.phone,
  profilePhoto: 'https://cdn.example.in/u/asha.jpg',
  service: 'Facial',
  skippedService: false,
});

test('GET before onboarding is 404 Profile not found', async () => {
  const user = await signInWithPhone();
  const response = await request(profileUrl(user.uid), { token: user.idToken });
  expect(response.status).toBe(404);
  expect(response.body).toEqual(errorSaying('Profile not found'));
});

test('POST creates the profile (201) and GET reads it back', async () => {
  const user = await signInWithPhone();
  const created = await request(profileUrl(user.uid), { token: user.idToken, json: formData(user) });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({
    uid: user.uid,
    name: 'Asha Verma',
    email: 'asha@example.in',
    age: 29,
    gender: 'female',
    phone: user.phone,
    profilePhoto: 'https://cdn.example.in/u/asha.jpg',
    service: 'Facial',
    skippedService: false,
    createdAt: expect.any(String),
    notifications: { email: true, sms: false, push: true, whatsapp: false }, // spec §9 defaults, WhatsApp opt-in (PUT …/settings changes them)
    language: null, // until the user chooses one (PUT …/language)
  });
  expect(consumerProfileSchema.safeParse(created.body).success).toBe(true);
  expect(Math.abs(Date.parse(String(created.body.createdAt)) - Date.now())).toBeLessThan(60_000);

  const read = await request(profileUrl(user.uid), { token: user.idToken });
  expect(read.status).toBe(200);
  expect(read.body).toEqual(created.body);
});

test('POST again updates (200), keeps createdAt, and keeps the photo unless told otherwise', async () => {
  const user = await signInWithPhone();
  const first = await request(profileUrl(user.uid), { token: user.idToken, json: formData(user) });
  expect(first.status).toBe(201);

  const { profilePhoto: _omitted, ...withoutPhoto } = formData(user);
  const updated = await request(profileUrl(user.uid), {
    token: user.idToken,
    json: { ...withoutPhoto, name: 'Asha V.', age: 30, service: '', skippedService: true },
  });
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject({
    uid: user.uid,
    name: 'Asha V.',
    age: 30,
    service: null,
    skippedService: true,
    profilePhoto: 'https://cdn.example.in/u/asha.jpg',
    createdAt: first.body.createdAt,
  });

  const photoRemoved = await request(profileUrl(user.uid), {
    token: user.idToken,
    json: { ...formData(user), profilePhoto: null },
  });
  expect(photoRemoved.status).toBe(200);
  expect(photoRemoved.body.profilePhoto).toBeNull();

  const read = await request(profileUrl(user.uid), { token: user.idToken });
  expect(read.body).toEqual(photoRemoved.body);
});

describe("the phone is the token's verified number: read-only", () => {
  const storedPhone = async (uid: string) =>
    (await server.database.query<{ phone: string }>('SELECT phone FROM consumers WHERE uid = $1', [uid]))[0]?.phone;

  test.each<[string, unknown]>([
    ["someone else's number", '+919999999999'],
    ['a malformed number', 'call me'],
    ['null', null],
    ['nothing', undefined],
  ])("a POST with %s as phone stores the token's", async (_label, phone) => {
    const user = await signInWithPhone();
    const created = await request(profileUrl(user.uid), { token: user.idToken, json: { ...formData(user), phone } });
    expect(created.status).toBe(201);
    expect(created.body.phone).toBe(user.phone);
    expect(await storedPhone(user.uid)).toBe(user.phone);
  });

  test('an update cannot change it either', async () => {
    const user = await signInWithPhone();
    expect((await request(profileUrl(user.uid), { token: user.idToken, json: formData(user) })).status).toBe(201);
    const updated = await request(profileUrl(user.uid), { token: user.idToken, json: { ...formData(user), name: 'Asha V.', phone: '+919999999999' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Asha V.', phone: user.phone });
    expect(await storedPhone(user.uid)).toBe(user.phone);
  });

  test('a sign-in whose number is not an Indian mobile number cannot save a profile: 400, nothing stored', async () => {
    for (const phone of ['+14155550123', '+915123456789']) {
      const user = await signInWithPhone(phone);
      const response = await request(profileUrl(user.uid), { token: user.idToken, json: formData(user) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorAnswer('profile.notIndianMobile'));
      expect(response.body.message).toBe(
        'Your sign-in number is not an Indian mobile number: sign in with a 10-digit mobile number starting with 6, 7, 8 or 9 to save a profile.',
      );
      expect(await storedPhone(user.uid)).toBeUndefined();
    }
  });

  test('a sign-in without a phone number (an anonymous account) cannot save a profile: 403', async () => {
    const signUp = await fetch(`${EMULATOR_ORIGIN}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    });
    const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
    const response = await request(profileUrl(localId), { token: idToken, json: { ...formData({ uid: localId, phone: '+919999999999', idToken }) } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(errorSaying('Your sign-in has no verified phone number: sign in with your phone to save a profile.'));
    expect(await storedPhone(localId)).toBeUndefined();
  });
});

test('a name in any script is a name (a letter is a letter in Devanagari too)', async () => {
  const user = await signInWithPhone();
  const response = await request(profileUrl(user.uid), { token: user.idToken, json: { ...formData(user), name: 'आशा वर्मा' } });
  expect(response.status).toBe(201);
  expect(response.body.name).toBe('आशा वर्मा');
});

test('unknown fields are ignored, including attempts to set uid or createdAt', async () => {
  const user = await signInWithPhone();
  const response = await request(profileUrl(user.uid), {
    token: user.idToken,
    json: {
      ...formData(user),
      uid: 'someone-else',
      createdAt: '2001-01-01T00:00:00.000Z',
      isAdmin: true,
      extra: 'x',
      // settings are saved only through PUT …/settings
      notifications: { email: false, sms: true, push: false },
    },
  });
  expect(response.status).toBe(201);
  expect(response.body.uid).toBe(user.uid);
  expect(response.body.createdAt).not.toBe('2001-01-01T00:00:00.000Z');
  expect(Object.keys(response.body).sort()).toEqual(
    ['age', 'createdAt', 'email', 'gender', 'language', 'name', 'notifications', 'phone', 'profilePhoto', 'service', 'skippedService', 'uid'],
  );
  expect(response.body.notifications).toEqual({ email: true, sms: false, push: true, whatsapp: false });
});

describe('validation failures are 400 with a readable message and nothing is saved', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signInWithPhone();
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a blank name', { name: '   ' }, 'name: Full name is required'],
    ['a name over 100 characters', { name: 'a'.repeat(101) }, 'name: Full name must be at most 100 characters'],
    ['a name without a letter', { name: ' 12345 ' }, 'name: Full name must contain at least one letter'],
    ['a missing email', { email: undefined }, 'email: Email is required'],
    ['an invalid email', { email: 'asha@' }, 'email: Please enter a valid email'],
    ['a missing age', { age: '' }, 'age: Age is required'],
    ['an age of 0', { age: 0 }, 'age: Age must be at least 1'],
    ['an age over 120', { age: '121' }, 'age: Age must be at most 120'],
    ['a fractional age', { age: 29.5 }, 'age: Age must be a whole number'],
    ['a non-numeric age', { age: 'twenty' }, 'age: Age must be a number'],
    ['an unknown gender', { gender: 'robot' }, 'gender: Gender must be male, female or other'],
    ['a missing gender', { gender: undefined }, 'gender: Gender is required'],
    ['a non-web photo address', { profilePhoto: 'javascript:alert(1)' }, 'profilePhoto: Profile photo must be a web address (http or https)'],
    ['a service not on the list', { service: 'Yoga' }, 'service: Please choose a service from the list'],
    ['neither a service nor a skip', { service: '', skippedService: false }, 'service: Choose a service or skip this step'],
    ['a non-boolean skippedService', { skippedService: 'yes' }, 'skippedService: skippedService must be true or false'],
  ])('%s', async (_label, change, message) => {
    const response = await request(profileUrl(user.uid), { token: user.idToken, json: { ...formData(user), ...change } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.issues).toEqual([{ path: message.split(':')[0], message: message.split(': ')[1] }]);
  });

  test('several problems are reported together', async () => {
    const response = await request(profileUrl(user.uid), { token: user.idToken, json: { name: 'Asha' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'email: Email is required; age: Age is required; gender: Gender is required',
    );
  });

  test('a body that is not an object', async () => {
    const response = await request(profileUrl(user.uid), { token: user.idToken, json: ['Asha'] });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The profile must be a JSON object');
  });

  test('no body at all', async () => {
    const response = await request(profileUrl(user.uid), { method: 'POST', token: user.idToken });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The profile must be a JSON object');
  });

  test('after all those attempts there is still no profile', async () => {
    const response = await request(profileUrl(user.uid), { token: user.idToken });
    expect(response.status).toBe(404);
  });
});

describe('malformed requests', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signInWithPhone();
  });

  test('bad JSON is 400', async () => {
    const response = await request(profileUrl(user.uid), {
      token: user.idToken,
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "Asha",',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorSaying('Request body is not valid JSON'));
  });

  test('an empty body declared as JSON is 400', async () => {
    const response = await request(profileUrl(user.uid), {
      token: user.idToken,
      headers: { 'Content-Type': 'application/json' },
      body: '',
    });
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });

  test('a body that is not JSON is 415', async () => {
    const response = await request(profileUrl(user.uid), {
      token: user.idToken,
      headers: { 'Content-Type': 'text/plain' },
      body: 'name=Asha',
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual(errorSaying('Unsupported Content-Type: send application/json'));
  });

  test('a body over the 1 MiB limit is 413', async () => {
    const response = await request(profileUrl(user.uid), {
      token: user.idToken,
      json: { ...formData(user), padding: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(errorSaying('Request body is too large (limit 1048576 bytes)'));
  });
});

describe('owner only', () => {
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [owner, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
    const created = await request(profileUrl(owner.uid), { token: owner.idToken, json: formData(owner) });
    expect(created.status).toBe(201);
  });

  test("reading another user's profile is 403", async () => {
    const response = await request(profileUrl(owner.uid), { token: other.idToken });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(errorSaying('You can only access your own account.'));
  });

  test("writing another user's profile is 403 and changes nothing", async () => {
    const response = await request(profileUrl(owner.uid), {
      token: other.idToken,
      json: { ...formData(other), name: 'Intruder' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(errorSaying('You can only access your own account.'));
    const read = await request(profileUrl(owner.uid), { token: owner.idToken });
    expect(read.body.name).toBe('Asha Verma');
  });

  test('the owner check runs before validation, so strangers learn nothing', async () => {
    const response = await request(profileUrl(owner.uid), { token: other.idToken, json: { name: '' } });
    expect(response.status).toBe(403);
  });
});
