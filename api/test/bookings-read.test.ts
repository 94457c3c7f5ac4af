import { bookingListSchema, bookingSchema, type Booking } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { failBookingPayment, transitionBooking } from '../src/bookings/booking-transitions';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, bookingPayload, expectContract, inDays, insertCatalogFixture, onboardConsumer, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let catalog: CatalogFixture;
let asha: TestUser;
let ravi: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  [asha, ravi] = await Promise.all([signInWithPhone(), signInWithPhone()]);
});
afterAll(() => server.close());

async function createBooking(user: TestUser, change: Record<string, unknown> = {}): Promise<Booking> {
  await onboardConsumer(server.database, user);
  const response = await request(`${server.url}/bookings`, {
    token: user.idToken,
    json: bookingPayload(user, catalog.providerA.menus[0], change),
    headers: { nocart: 'true' },
  });
  expect(response.status).toBe(201);
  return bookingSchema.parse(response.body);
}
const accept = (bookingId: string) => transitionBooking(server.database, { bookingId, action: 'accept', actor: 'test' });

describe('GET /bookings/user/:uid', () => {
  test('a new user has none: []', async () => {
    const fresh = await signInWithPhone();
    const response = await request(`${server.url}/bookings/user/${fresh.uid}`, { token: fresh.idToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  test('the user’s own bookings only, newest first, each shaped as the contract', async () => {
    const first = await createBooking(asha, { preferredDateRange: { from: inDays(3), to: inDays(3) } });
    const second = await createBooking(asha, { preferredDateRange: { from: inDays(1), to: inDays(2) } });
    const third = await createBooking(asha, { note: 'third' });
    await createBooking(ravi);
    const response = await request(`${server.url}/bookings/user/${asha.uid}`, { token: asha.idToken });
    expect(response.status).toBe(200);
    const list = expectContract(bookingListSchema, response.body);
    // by when they were made, not by event date
    expect(list.map((booking) => booking.bookingId)).toEqual([third.bookingId, second.bookingId, first.bookingId]);
    expect(list[0]).toEqual(third);
  });

  test('someone else’s list: 403', async () => {
    const response = await request(`${server.url}/bookings/user/${ravi.uid}`, { token: asha.idToken });
    expect(response).toMatchObject({ status: 403, body: errorSaying('You can only access your own account.') });
  });

  test('no token: 401', async () => {
    expect((await request(`${server.url}/bookings/user/${asha.uid}`)).status).toBe(401);
  });
});

describe('GET /bookings/:bid', () => {
  test('the owner reads it', async () => {
    const booking = await createBooking(asha, { note: 'Mehendi on day one' });
    const response = await request(`${server.url}/bookings/${booking.bookingId}`, { token: asha.idToken });
    expect(response.status).toBe(200);
    expect(expectContract(bookingSchema, response.body)).toEqual(booking);
  });

  test('someone else’s booking: 403', async () => {
    const booking = await createBooking(ravi);
    const response = await request(`${server.url}/bookings/${booking.bookingId}`, { token: asha.idToken });
    expect(response).toMatchObject({ status: 403, body: errorSaying('You can only see and change your own bookings.') });
  });

  test.each([randomUUID(), 'not-a-uuid', '123', "x'; DROP TABLE bookings; --", 'a'.repeat(200)])(
    'unknown or malformed id %s: 404 Booking not found',
    async (bid) => {
      const response = await request(`${server.url}/bookings/${encodeURIComponent(bid)}`, { token: asha.idToken });
      expect(response).toEqual(expect.objectContaining({ status: 404, body: errorSaying('Booking not found') }));
    },
  );

  test('no token: 401', async () => {
    const booking = await createBooking(asha);
    expect((await request(`${server.url}/bookings/${booking.bookingId}`)).status).toBe(401);
  });
});

describe('POST /bookings/:bid/cancel', () => {
  const cancel = (bookingId: string, user: TestUser = asha) =>
    request(`${server.url}/bookings/${bookingId}/cancel`, { method: 'POST', token: user.idToken });

  test('an accepted booking: 200 cancelled, with its history', async () => {
    const booking = await createBooking(asha);
    await accept(booking.bookingId);
    const response = await cancel(booking.bookingId);
    expect(response.status).toBe(200);
    expect(expectContract(bookingSchema, response.body)).toEqual({ ...booking, status: 'cancelled' });
    expect((await request(`${server.url}/bookings/${booking.bookingId}`, { token: asha.idToken })).body.status).toBe('cancelled');
    expect(await bookingEvents(server.database, booking.bookingId)).toEqual([
      { from_status: null, to_status: 'requested', actor: asha.uid, reason: 'requested by the consumer' },
      { from_status: 'requested', to_status: 'accepted', actor: 'test', reason: null },
      { from_status: 'accepted', to_status: 'cancelled', actor: asha.uid, reason: 'cancelled by the consumer' },
    ]);
  });

  test('twice: 409 the second time', async () => {
    const booking = await createBooking(asha);
    await accept(booking.bookingId);
    expect((await cancel(booking.bookingId)).status).toBe(200);
    const again = await cancel(booking.bookingId);
    expect(again).toMatchObject({ status: 409, body: errorSaying('Only an accepted or confirmed booking can be cancelled (this one is cancelled).') });
  });

  test('a requested or declined booking: 409, unchanged (a request is withdrawn instead); one whose payment failed can be cancelled', async () => {
    const requested = await createBooking(asha);
    expect(await cancel(requested.bookingId)).toMatchObject({
      status: 409,
      body: errorSaying('Only an accepted or confirmed booking can be cancelled (this one is requested).'),
    });

    const declined = await createBooking(asha);
    await transitionBooking(server.database, { bookingId: declined.bookingId, action: 'decline', actor: 'test' });
    expect(await cancel(declined.bookingId)).toMatchObject({
      status: 409,
      body: errorSaying('Only an accepted or confirmed booking can be cancelled (this one is declined by the provider).'),
    });

    const failed = await createBooking(asha);
    await accept(failed.bookingId);
    await failBookingPayment(server.database, failed.bookingId);
    expect(await cancel(failed.bookingId)).toMatchObject({ status: 200, body: { status: 'cancelled' } });

    const statuses = await server.database.query<{ status: string }>(
      'SELECT status FROM bookings WHERE id = ANY($1::uuid[]) ORDER BY created_at',
      [[requested.bookingId, declined.bookingId, failed.bookingId]],
    );
    expect(statuses.map((row) => row.status)).toEqual(['requested', 'failed', 'cancelled']);
  });

  test('someone else’s booking: 403, unchanged', async () => {
    const booking = await createBooking(ravi);
    await accept(booking.bookingId);
    expect(await cancel(booking.bookingId, asha)).toMatchObject({ status: 403 });
    expect((await request(`${server.url}/bookings/${booking.bookingId}`, { token: ravi.idToken })).body.status).toBe('accepted');
  });

  test('unknown or malformed: 404; no token: 401', async () => {
    expect((await cancel(randomUUID())).status).toBe(404);
    expect((await cancel('nope')).status).toBe(404);
    const booking = await createBooking(asha);
    expect((await request(`${server.url}/bookings/${booking.bookingId}/cancel`, { method: 'POST' })).status).toBe(401);
  });
});
