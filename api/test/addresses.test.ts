import { ADDRESS_MAX_PER_CONSUMER, addressListSchema, addressSchema, bookingSchema, cartSchema } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import {
  bookingPayload,
  expectContract,
  FIXTURE_ADDRESS,
  inDays,
  insertCatalogFixture,
  onboardConsumer,
  type CatalogFixture,
  type FixtureMenu,
} from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let catalog: CatalogFixture;
let menu: FixtureMenu;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  menu = catalog.providerA.menus[0];
});
afterAll(() => server.close());

const addressesUrl = (user: TestUser) => `${server.url}/users/consumer/${user.uid}/addresses`;
const list = (user: TestUser) => request(addressesUrl(user), { token: user.idToken });
const add = (user: TestUser, json: unknown) => request(addressesUrl(user), { token: user.idToken, json });
const put = (user: TestUser, id: string, json: unknown) => request(`${addressesUrl(user)}/${id}`, { method: 'PUT', token: user.idToken, json });
const remove = (user: TestUser, id: string) => request(`${addressesUrl(user)}/${id}`, { method: 'DELETE', token: user.idToken });

async function saved(user: TestUser, change: Record<string, unknown> = {}) {
  const response = await add(user, { ...FIXTURE_ADDRESS, ...change });
  expect(response.status).toBe(201);
  return addressSchema.parse(response.body);
}

const book = (user: TestUser, change: Record<string, unknown>, headers: Record<string, string> = { nocart: 'true' }) =>
  request(`${server.url}/bookings`, { token: user.idToken, json: bookingPayload(user, menu, change), headers });

const cartItem = (user: TestUser, addressId?: string) =>
  request(`${server.url}/cart/items`, {
    token: user.idToken,
    json: { serviceId: menu.serviceId, menuId: menu.id, preferredDateRange: { from: inDays(30), to: inDays(30) }, preferredTime: { start: '10:00', end: '12:00' }, addressId },
  });

const bookingCount = async (user: TestUser) =>
  (await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE consumer_uid = $1', [user.uid]))[0]!.n;

describe('saved addresses: /users/consumer/:uid/addresses', () => {
  test('add, list (newest first), edit and delete; text is trimmed and a PIN code typed with a space is kept as digits', async () => {
    const user = await signInWithPhone();
    expect(expectContract(addressListSchema, (await list(user)).body)).toEqual([]);

    const created = await add(user, { label: 'Home', line1: '  12 MG Road ', line2: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560 038', addressId: 'planted' });
    expect(created.status).toBe(201);
    const home = expectContract(addressSchema, created.body);
    expect(home).toEqual({
      addressId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      label: 'Home',
      line1: '12 MG Road',
      line2: 'Indiranagar',
      landmark: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const work = await saved(user, { label: 'Work', line1: '7 Park Street', line2: '', city: 'Kolkata', state: 'West Bengal', pincode: '700016' });
    expect((await list(user)).body).toEqual([work, home]);

    const edited = await put(user, home.addressId, { ...FIXTURE_ADDRESS, landmark: 'Opposite the metro', pincode: '560001' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ addressId: home.addressId, landmark: 'Opposite the metro', pincode: '560001', createdAt: home.createdAt });

    expect((await remove(user, work.addressId)).status).toBe(204);
    expect((await list(user)).body).toEqual([edited.body]);
    expect(await remove(user, work.addressId)).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    expect(await put(user, work.addressId, FIXTURE_ADDRESS)).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    expect(await put(user, 'not-a-uuid', FIXTURE_ADDRESS)).toMatchObject({ status: 404, body: errorSaying('Address not found') });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a 5-digit PIN code', { pincode: '56003' }, 'pincode: Enter a 6-digit PIN code'],
    ['a PIN code with letters', { pincode: '56A038' }, 'pincode: Enter a 6-digit PIN code'],
    ['a PIN code starting with 0', { pincode: '060038' }, 'pincode: A PIN code does not start with 0'],
    ['no PIN code', { pincode: undefined }, 'pincode: Enter a 6-digit PIN code'],
    ['no house and street', { line1: '   ' }, 'line1: House, street and area is required'],
    ['no city', { city: '' }, 'city: City is required'],
    ['a state that is not India\'s', { state: 'Narnia' }, 'state: Choose a state or union territory'],
    ['an unknown label', { label: 'Palace' }, 'label: Choose Home, Work or Other'],
    ['a line over 120 characters', { line2: 'x'.repeat(121) }, 'line2: Address line 2 must be at most 120 characters'],
    ['a PIN code of another state (Bengaluru\'s, said to be in Delhi)', { state: 'Delhi', pincode: '560001' }, 'pincode: This PIN code is not in Delhi.'],
    ['a Delhi PIN code said to be in Karnataka', { state: 'Karnataka', pincode: '110001' }, 'pincode: This PIN code is not in Karnataka.'],
  ])('%s: 400 with a message a person can read, nothing saved', async (_what, change, message) => {
    const user = await signInWithPhone();
    const response = await add(user, { ...FIXTURE_ADDRESS, ...change });
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect((await list(user)).body).toEqual([]);
  });

  test(`at most ${ADDRESS_MAX_PER_CONSUMER} per consumer: the next is a 409, also when they arrive at once`, async () => {
    const user = await signInWithPhone();
    const answers = await Promise.all(Array.from({ length: ADDRESS_MAX_PER_CONSUMER + 2 }, (_, i) => add(user, { ...FIXTURE_ADDRESS, line1: `${i + 1} MG Road` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(ADDRESS_MAX_PER_CONSUMER);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(2);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: errorSaying('You can save at most 10 addresses. Delete one to add another.') });
    expect((await list(user)).body).toHaveLength(ADDRESS_MAX_PER_CONSUMER);
  });

  test("only the owner: another user's uid is 403, another user's address id is 404 and stays as it was", async () => {
    const [owner, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
    const address = await saved(owner);
    expect((await request(addressesUrl(owner), { token: other.idToken })).status).toBe(403);
    expect((await request(addressesUrl(owner), { token: other.idToken, json: FIXTURE_ADDRESS })).status).toBe(403);
    expect(await put(other, address.addressId, { ...FIXTURE_ADDRESS, line1: 'Taken' })).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    expect(await remove(other, address.addressId)).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    expect((await list(owner)).body).toEqual([address]);
    expect((await request(addressesUrl(owner))).status).toBe(401);
  });
});

describe('bookings and cart items are for one of the consumer\'s saved addresses', () => {
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [user, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
    await Promise.all([onboardConsumer(server.database, user), onboardConsumer(server.database, other)]);
  });

  test('a booking without an address: 400 "Choose where the service should happen", nothing booked', async () => {
    const before = await bookingCount(user);
    for (const addressId of [undefined, '', '   ']) {
      const response = await book(user, { addressId });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('addressId: Choose where the service should happen');
    }
    expect(await bookingCount(user)).toBe(before);
  });

  test("a booking at someone else's, an unknown or a malformed address id: 404, nothing booked", async () => {
    const theirs = await saved(other);
    const before = await bookingCount(user);
    for (const addressId of [theirs.addressId, randomUUID(), 'home']) {
      expect(await book(user, { addressId })).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    }
    expect(await bookingCount(user)).toBe(before);
  });

  test('the booking keeps a copy of the service title, provider name and address: a later edit or delete changes none of it', async () => {
    const address = await saved(user, { label: 'Other', line1: '4 Lake View', line2: '', landmark: 'Near the temple', city: 'Udaipur', state: 'Rajasthan', pincode: '313001' });
    const created = await book(user, { addressId: address.addressId });
    expect(created.status).toBe(201);
    const booking = expectContract(bookingSchema, created.body);
    const copy = { label: 'Other', line1: '4 Lake View', line2: '', landmark: 'Near the temple', city: 'Udaipur', state: 'Rajasthan', pincode: '313001' };
    expect(booking).toMatchObject({ serviceTitle: 'Lens Studio Photography', providerName: 'Lens Studio', address: copy });

    expect((await put(user, address.addressId, { ...FIXTURE_ADDRESS, line1: '99 New Street' })).status).toBe(200);
    await server.database.query("UPDATE services SET title = 'Renamed' WHERE id = $1", [menu.serviceId]);
    await server.database.query("UPDATE providers SET name = 'Renamed' WHERE id = $1", [catalog.providerA.id]);
    try {
      const afterEdit = await request(`${server.url}/bookings/${booking.bookingId}`, { token: user.idToken });
      expect(afterEdit.body).toMatchObject({ serviceTitle: 'Lens Studio Photography', providerName: 'Lens Studio', address: copy });
      expect((await remove(user, address.addressId)).status).toBe(204);
      const afterDelete = await request(`${server.url}/bookings/user/${user.uid}`, { token: user.idToken });
      expect((afterDelete.body as unknown as { bookingId: string }[]).find((entry) => entry.bookingId === booking.bookingId)).toMatchObject({ address: copy });
    } finally {
      await server.database.query("UPDATE services SET title = 'Lens Studio Photography' WHERE id = $1", [menu.serviceId]);
      await server.database.query("UPDATE providers SET name = 'Lens Studio' WHERE id = $1", [catalog.providerA.id]);
    }
  });

  test('a booking made before addresses reads with address null (and the names the migration filled in)', async () => {
    const created = expectContract(bookingSchema, (await book(user, {})).body);
    await server.database.query(
      `UPDATE bookings SET address_label = NULL, address_line1 = NULL, address_line2 = NULL, address_landmark = NULL,
         address_city = NULL, address_state = NULL, address_pincode = NULL WHERE id = $1`,
      [created.bookingId],
    );
    const read = await request(`${server.url}/bookings/${created.bookingId}`, { token: user.idToken });
    expect(expectContract(bookingSchema, read.body)).toMatchObject({ address: null, serviceTitle: 'Lens Studio Photography', providerName: 'Lens Studio' });
  });

  test("a cart item without an address is a 400; at someone else's a 404; the cart shows the item's address as it is now", async () => {
    const fresh = await signInWithPhone();
    await onboardConsumer(server.database, fresh);
    expect(await cartItem(fresh)).toMatchObject({ status: 400, body: errorSaying('addressId: Choose where the service should happen') });
    expect(await cartItem(fresh, (await saved(other)).addressId)).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    expect(cartSchema.parse((await request(`${server.url}/cart`, { token: fresh.idToken })).body).items).toEqual([]);

    const address = await saved(fresh, { label: 'Work', line1: '1 Residency Road' });
    const cart = expectContract(cartSchema, (await cartItem(fresh, address.addressId)).body);
    expect(cart.items).toEqual([
      expect.objectContaining({ addressId: address.addressId, address: { label: 'Work', line1: '1 Residency Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' } }),
    ]);
    await put(fresh, address.addressId, { ...FIXTURE_ADDRESS, label: 'Work', line1: '2 Residency Road' });
    const reread = cartSchema.parse((await request(`${server.url}/cart`, { token: fresh.idToken })).body);
    expect(reread.items[0]!.address).toMatchObject({ line1: '2 Residency Road' });

    // an address a cart item is for cannot be deleted (the item would lose its place)
    expect(await remove(fresh, address.addressId)).toMatchObject({
      status: 409,
      body: errorSaying('An item in your cart is for this address. Remove that item first, or edit the address instead.'),
    });
  });

  test("a booking from a cart item is for the item's address: another address is a 409 with nothing booked and the item kept", async () => {
    const fresh = await signInWithPhone();
    await onboardConsumer(server.database, fresh);
    const [home, work] = [await saved(fresh), await saved(fresh, { label: 'Work', line1: '8 Brigade Road' })];
    const cart = cartSchema.parse((await cartItem(fresh, home.addressId)).body);
    const item = cart.items[0]!;
    const payload = { addressId: work.addressId, cartItemId: item.cartItemId, preferredDateRange: item.preferredDateRange, preferredTime: item.preferredTime };

    const refused = await request(`${server.url}/bookings`, { token: fresh.idToken, json: bookingPayload(fresh, menu, payload) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/another address/);
    expect(await bookingCount(fresh)).toBe(0);
    expect(cartSchema.parse((await request(`${server.url}/cart`, { token: fresh.idToken })).body).items).toHaveLength(1);

    const booked = await request(`${server.url}/bookings`, { token: fresh.idToken, json: bookingPayload(fresh, menu, { ...payload, addressId: home.addressId }) });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ address: { label: 'Home', line1: FIXTURE_ADDRESS.line1 } });
    expect(cartSchema.parse((await request(`${server.url}/cart`, { token: fresh.idToken })).body).items).toEqual([]);
    // with the item booked, the address can go; the booking keeps its copy
    expect((await remove(fresh, home.addressId)).status).toBe(204);
    expect((await request(`${server.url}/bookings/${String(booked.body.bookingId)}`, { token: fresh.idToken })).body).toMatchObject({
      address: { line1: FIXTURE_ADDRESS.line1 },
    });
  });
});
