import { paymentBreakdown } from '@utsav/contracts/money';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { signInWithPhone, type TestUser } from '../support/auth-emulator';
import { bookingPayload, FIXTURE_ADDRESS, fixtureAddressId, makeProviderOwner, saveFixtureAddress, type FixtureMenu } from '../support/bookings';
import { photoForm, tinyPng } from '../support/images';
import { bookingIn } from '../support/payments';
import { startSecurityWorld, type SecurityWorld } from '../support/security-fixtures';
import { request } from '../support/test-server';
import { errorSaying } from '../support/error-answers';

/**
 * Fields a client must never set, sent to every write route. Each route either ignores them (what is
 * stored and answered is the server's) or, for a field of its contract naming someone else, refuses with 403.
 */
const PLANTED = '2000-01-01T00:00:00.000Z';
const extras = (victim: TestUser) => ({
  uid: victim.uid,
  id: 'planted-id',
  userId: victim.uid,
  consumerUid: victim.uid,
  status: 'confirmed',
  paymentStatus: 'paid',
  failureReason: 'declined',
  amount: 1,
  price: 1,
  total: 1,
  currency: 'USD',
  createdAt: PLANTED,
  updatedAt: PLANTED,
  role: 'admin',
  isAdmin: true,
});

let world: SecurityWorld;
let caller: TestUser;
let victim: TestUser;
let menu: FixtureMenu;
const api = () => world.stack.server.url;
const db = () => world.stack.server.database;
const recent = (iso: unknown) => Date.now() - Date.parse(String(iso)) < 5 * 60_000;

beforeAll(async () => {
  world = await startSecurityWorld();
  [caller, victim] = await Promise.all([signInWithPhone(), signInWithPhone()]);
  menu = world.catalog.providerA.menus[0];
  await Promise.all([saveFixtureAddress(db(), caller), saveFixtureAddress(db(), victim)]);
}, 60_000);
afterAll(() => world.close());

const profileBody = (user: TestUser) => ({ name: 'Asha Verma', email: 'asha@example.in', age: 30, gender: 'female', phone: user.phone, skippedService: true });

describe('profile', () => {
  test('POST /users/consumer/:uid ignores them, on create and on update', async () => {
    const created = await request(`${api()}/users/consumer/${caller.uid}`, { token: caller.idToken, json: { ...profileBody(caller), ...extras(victim), notifications: { email: false, sms: true, push: false } } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ uid: caller.uid, notifications: { email: true, sms: false, push: true } });
    expect(recent(created.body.createdAt)).toBe(true);
    for (const planted of ['role', 'isAdmin', 'status', 'id', 'userId', 'amount']) expect(created.body).not.toHaveProperty(planted);

    const updated = await request(`${api()}/users/consumer/${caller.uid}`, { token: caller.idToken, json: { ...profileBody(caller), name: 'Asha V', ...extras(victim) } });
    expect(updated).toMatchObject({ status: 200, body: { uid: caller.uid, name: 'Asha V', createdAt: created.body.createdAt } });
    const rows = await db().query<{ uid: string }>('SELECT uid FROM consumers WHERE uid = ANY($1)', [[caller.uid, victim.uid, 'planted-id']]);
    expect(rows).toEqual([{ uid: caller.uid }]);
  });

  test('PUT /users/consumer/:uid/settings changes the notifications and nothing else', async () => {
    const before = await request(`${api()}/users/consumer/${caller.uid}`, { token: caller.idToken });
    const response = await request(`${api()}/users/consumer/${caller.uid}/settings`, {
      method: 'PUT',
      token: caller.idToken,
      json: { notifications: { email: false, sms: true, push: true }, name: 'Someone Else', phone: '+919999999999', age: 99, ...extras(victim) },
    });
    expect(response).toMatchObject({ status: 200, body: { ...before.body, notifications: { email: false, sms: true, push: true } } });
  });

  test('POST /users/consumer/upload/:uid records the photo under the url uid, whatever the form adds', async () => {
    const form = photoForm(tinyPng());
    form.append('uid', victim.uid);
    form.append('userId', victim.uid);
    const response = await fetch(`${api()}/users/consumer/upload/${caller.uid}`, { method: 'POST', headers: { Authorization: `Bearer ${caller.idToken}` }, body: form });
    expect(response.status).toBe(201);
    const rows = await db().query<{ uid: string }>('SELECT uid FROM uploads WHERE uid = ANY($1)', [[caller.uid, victim.uid]]);
    expect(rows).toEqual([{ uid: caller.uid }]);
  });
});

describe('bookings', () => {
  test('POST /bookings: status, amount, ids and dates are the server\'s', async () => {
    const response = await request(`${api()}/bookings`, {
      token: caller.idToken,
      headers: { nocart: 'true' },
      json: { ...bookingPayload(caller, menu), ...extras(victim), consumerId: caller.uid, bookingId: 'planted', menuName: 'Free package', bookingDate: '2000-01-01',
        serviceTitle: 'Planted service', providerName: 'Planted provider', address: { ...FIXTURE_ADDRESS, line1: 'Planted street' } },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'requested', amount: menu.price, currency: 'INR', menuName: menu.name, bookingDate: todayInIndia() });
    // who and where are the database's: the catalog's names and the caller's saved address
    expect(response.body).toMatchObject({ serviceTitle: 'Lens Studio Photography', providerName: 'Lens Studio', address: FIXTURE_ADDRESS });
    expect(response.body.bookingId).not.toBe('planted');
    expect(response.body).not.toHaveProperty('failureReason');
    expect(recent(response.body.createdAt)).toBe(true);
    const [row] = await db().query<{ consumer_uid: string; status: string; amount: number }>('SELECT consumer_uid, status, amount FROM bookings WHERE id = $1', [response.body.bookingId]);
    expect(row).toEqual({ consumer_uid: caller.uid, status: 'requested', amount: menu.price });
  });

  test('POST /bookings for someone else (consumerId): refused, nothing stored', async () => {
    const response = await request(`${api()}/bookings`, { token: caller.idToken, json: bookingPayload(victim, menu) });
    expect(response).toEqual(expect.objectContaining({ status: 403, body: errorSaying('You can only book for yourself.') }));
    const rows = await db().query('SELECT id FROM bookings WHERE consumer_uid = $1', [victim.uid]);
    expect(rows).toEqual([]);
  });

  test('POST /bookings/:bid/cancel ignores a body', async () => {
    const booking = await bookingIn(world.stack.server, caller, menu);
    const response = await request(`${api()}/bookings/${booking.bookingId}/cancel`, { token: caller.idToken, json: extras(victim) });
    expect(response).toMatchObject({ status: 200, body: { status: 'cancelled', amount: menu.price } });
  });

  test('provider accept / decline: the transition decides the status, not the body', async () => {
    const provider = await signInWithPhone();
    await makeProviderOwner(db(), world.catalog.providerB.id, provider.uid);
    const providerMenu = world.catalog.providerB.menus[0];
    const [toAccept, toDecline] = [await bookingIn(world.stack.server, caller, providerMenu, 'requested'), await bookingIn(world.stack.server, caller, providerMenu, 'requested')];
    const accepted = await request(`${api()}/provider/bookings/${toAccept.bookingId}/accept`, { token: provider.idToken, json: extras(victim) });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'accepted', amount: providerMenu.price, failureReason: null } });
    const declined = await request(`${api()}/provider/bookings/${toDecline.bookingId}/decline`, {
      token: provider.idToken,
      json: { ...extras(victim), reason: 'fully_booked', note: 'Fully booked', failureReason: 'payment_failed' },
    });
    expect(declined).toMatchObject({ status: 200, body: { status: 'failed', failureReason: 'declined', amount: providerMenu.price } });
  });
});

describe('cart', () => {
  test('POST /cart/items: price, title and owner are the server\'s', async () => {
    const { preferredDateRange, preferredTime } = bookingPayload(caller, menu);
    const response = await request(`${api()}/cart/items`, {
      token: caller.idToken,
      json: { serviceId: menu.serviceId, menuId: menu.id, preferredDateRange, preferredTime, addressId: fixtureAddressId(caller), ...extras(victim), title: 'Free', consumerId: victim.uid, cartItemId: 'planted', cartId: 'planted' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ consumerId: caller.uid, items: [{ price: menu.price, title: menu.name, currency: 'INR', quantity: 1 }] });
    const [item] = response.body.items as { cartItemId: string }[];
    expect(item!.cartItemId).not.toBe('planted');
    expect(response.body.cartId).not.toBe('planted');
    expect(await db().query('SELECT id FROM carts WHERE consumer_uid = $1', [victim.uid])).toEqual([]);
  });

  test('DELETE /cart/items/:id ignores a body naming someone else', async () => {
    const cart = await request(`${api()}/cart`, { token: caller.idToken });
    const [item] = cart.body.items as { cartItemId: string }[];
    const response = await request(`${api()}/cart/items/${item!.cartItemId}`, { method: 'DELETE', token: caller.idToken, json: extras(victim) });
    expect(response).toMatchObject({ status: 200, body: { consumerId: caller.uid, items: [] } });
  });
});

describe('payments', () => {
  test('POST /payment/create_order: the amount is computed by the server', async () => {
    const booking = await bookingIn(world.stack.server, caller, menu);
    const response = await request(`${api()}/payment/create_order`, { token: caller.idToken, json: { ...extras(victim), userId: caller.uid, bookingId: booking.bookingId } });
    expect(response).toMatchObject({ status: 200, body: { amount: paymentBreakdown(menu.price).payNow, currency: 'INR' } });
  });

  test('POST /payment/create_order for someone else (userId): refused', async () => {
    const booking = await bookingIn(world.stack.server, caller, menu);
    const response = await request(`${api()}/payment/create_order`, { token: caller.idToken, json: { userId: victim.uid, bookingId: booking.bookingId } });
    expect(response).toMatchObject({ status: 403, body: errorSaying('You can only pay for yourself.') });
  });

  test('POST /payment/verify_payment: a planted status or amount does not confirm anything', async () => {
    const booking = await bookingIn(world.stack.server, caller, menu);
    const order = await request(`${api()}/payment/create_order`, { token: caller.idToken, json: { userId: caller.uid, bookingId: booking.bookingId } });
    const response = await request(`${api()}/payment/verify_payment`, {
      token: caller.idToken,
      json: { razorpay_order_id: order.body.id, razorpay_payment_id: 'pay_0000000000000A', razorpay_signature: '0'.repeat(64), ...extras(victim), status: true, bookingId: booking.bookingId },
    });
    expect(response).toMatchObject({ status: 200, body: { status: false } });
    const after = await request(`${api()}/bookings/${booking.bookingId}`, { token: caller.idToken });
    expect(after.body.status).toBe('accepted');
  });
});

test('DELETE /users/consumer/:uid deletes the caller only, whatever the body names', async () => {
  const leaving = await signInWithPhone();
  await request(`${api()}/users/consumer/${victim.uid}`, { token: victim.idToken, json: profileBody(victim) });
  await request(`${api()}/users/consumer/${leaving.uid}`, { token: leaving.idToken, json: profileBody(leaving) });
  const response = await request(`${api()}/users/consumer/${leaving.uid}`, { method: 'DELETE', token: leaving.idToken, json: extras(victim) });
  expect(response.status).toBe(204);
  const rows = await db().query<{ uid: string }>('SELECT uid FROM consumers WHERE uid = ANY($1) ORDER BY uid', [[leaving.uid, victim.uid]]);
  expect(rows).toEqual([{ uid: victim.uid }]);
});
