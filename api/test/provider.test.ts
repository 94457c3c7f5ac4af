import { bookingSchema, type Booking } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { providerBookingListSchema, providerBookingSchema } from '@utsav/contracts/schemas';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import {
  bookingEvents,
  bookingPayload,
  expectContract,
  insertCatalogFixture,
  listingOwnedBy,
  makeProviderOwner,
  onboardConsumer,
  type CatalogFixture,
  type FixtureMenu,
} from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let catalog: CatalogFixture;
let consumer: TestUser;
let providerA: TestUser;
let providerB: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  [consumer, providerA, providerB] = await Promise.all([signInWithPhone(), signInWithPhone(), signInWithPhone()]);
  await makeProviderOwner(server.database, catalog.providerA.id, providerA.uid);
  await makeProviderOwner(server.database, catalog.providerB.id, providerB.uid);
});
afterAll(() => server.close());

async function createBooking(menu: FixtureMenu = catalog.providerA.menus[0], user: TestUser = consumer): Promise<Booking> {
  await onboardConsumer(server.database, user);
  const response = await request(`${server.url}/bookings`, {
    token: user.idToken,
    json: bookingPayload(user, menu),
    headers: { nocart: 'true' },
  });
  expect(response.status).toBe(201);
  return bookingSchema.parse(response.body);
}
const act = (bookingId: string, action: 'accept' | 'decline', user: TestUser | null, json?: unknown) =>
  request(`${server.url}/provider/bookings/${encodeURIComponent(bookingId)}/${action}`, { method: 'POST', token: user?.idToken, json });
const consumerView = async (bookingId: string) =>
  (await request(`${server.url}/bookings/${bookingId}`, { token: consumer.idToken })).body;

describe('POST /provider/bookings/:bid/accept', () => {
  test('the booking’s provider accepts it: 200, the consumer sees accepted, the history says who', async () => {
    const booking = await createBooking();
    const response = await act(booking.bookingId, 'accept', providerA);
    expect(response.status).toBe(200);
    expect(expectContract(providerBookingSchema, response.body)).toEqual({
      ...booking,
      status: 'accepted',
      // not paid yet: who asked, and no contact
      consumer: { name: 'Asha Verma', phone: null, email: null },
      failureReason: null,
      declineReason: null,
    });
    expect(await consumerView(booking.bookingId)).toEqual({ ...booking, status: 'accepted' });
    expect((await bookingEvents(server.database, booking.bookingId)).at(-1)).toEqual({
      from_status: 'requested',
      to_status: 'accepted',
      actor: providerA.uid,
      reason: null,
    });
  });

  test('accepting twice: 409', async () => {
    const booking = await createBooking();
    expect((await act(booking.bookingId, 'accept', providerA)).status).toBe(200);
    expect(await act(booking.bookingId, 'accept', providerA)).toMatchObject({
      status: 409,
      body: errorSaying('Only a requested booking can be accepted (this one is accepted).'),
    });
  });

  test('two accepts at the same time: one wins, the other is a 409, one event recorded', async () => {
    const booking = await createBooking();
    const answers = await Promise.all([1, 2, 3].map(() => act(booking.bookingId, 'accept', providerA)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const accepted = (await bookingEvents(server.database, booking.bookingId)).filter((event) => event.to_status === 'accepted');
    expect(accepted).toHaveLength(1);
  });

  test('another provider, or the consumer: 403, unchanged', async () => {
    const booking = await createBooking();
    expect(await act(booking.bookingId, 'accept', providerB)).toMatchObject({
      status: 403,
      body: errorSaying('Only the provider of this booking can accept or decline it.'),
    });
    expect((await act(booking.bookingId, 'accept', consumer)).status).toBe(403);
    expect((await consumerView(booking.bookingId)).status).toBe('requested');
  });

  test('a declined or cancelled booking cannot be accepted: 409', async () => {
    const booking = await createBooking();
    expect((await act(booking.bookingId, 'decline', providerA, { reason: 'fully_booked' })).status).toBe(200);
    expect(await act(booking.bookingId, 'accept', providerA)).toMatchObject({
      status: 409,
      body: errorSaying('Only a requested booking can be accepted (this one is declined by the provider).'),
    });
  });

  test('unknown or malformed: 404; no token: 401', async () => {
    expect(await act(randomUUID(), 'accept', providerA)).toMatchObject({ status: 404, body: errorSaying('Booking not found') });
    expect((await act('nope', 'accept', providerA)).status).toBe(404);
    const booking = await createBooking();
    expect((await act(booking.bookingId, 'accept', null)).status).toBe(401);
  });
});

describe('POST /provider/bookings/:bid/decline', () => {
  test('declined with a fixed reason and a note: failed (declined), the code and the note kept with the event', async () => {
    const booking = await createBooking();
    const response = await act(booking.bookingId, 'decline', providerA, { reason: 'other', note: '  Away at a family\u0000 wedding  ' });
    expect(response.status).toBe(200);
    expect(expectContract(providerBookingSchema, response.body)).toMatchObject({ status: 'failed', failureReason: 'declined', declineReason: 'other' });
    expect((await consumerView(booking.bookingId)).status).toBe('failed');
    expect((await bookingEvents(server.database, booking.bookingId)).at(-1)).toEqual({
      from_status: 'requested',
      to_status: 'failed',
      actor: providerA.uid,
      reason: 'Away at a family wedding',
    });
    const [event] = await server.database.query<{ decline_reason: string }>(
      `SELECT decline_reason FROM booking_events WHERE booking_id = $1 AND action = 'decline'`,
      [booking.bookingId],
    );
    expect(event?.decline_reason).toBe('other');
  });

  test('a reason without a note: the code kept, no note', async () => {
    const booking = await createBooking();
    expect((await act(booking.bookingId, 'decline', providerA, { reason: 'fully_booked' })).body).toMatchObject({ declineReason: 'fully_booked' });
    expect((await bookingEvents(server.database, booking.bookingId)).at(-1)?.reason).toBeNull();
  });

  test('the reason is required: no body, no reason, an unknown one or free text is a 400 with a message, nothing declined', async () => {
    const booking = await createBooking();
    for (const body of [undefined, {}, { reason: 'busy' }, { reason: 'Fully booked that week' }, { note: 'Fully booked' }, { reason: null }]) {
      const response = await act(booking.bookingId, 'decline', providerA, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^reason: \S/);
    }
    expect((await consumerView(booking.bookingId)).status).toBe('requested');
  });

  test('after accepting: 409; a note over 500 characters: 400', async () => {
    const booking = await createBooking();
    await act(booking.bookingId, 'accept', providerA);
    expect(await act(booking.bookingId, 'decline', providerA, { reason: 'not_available' })).toMatchObject({
      status: 409,
      body: errorSaying('Only a requested booking can be declined (this one is accepted).'),
    });
    const other = await createBooking();
    expect((await act(other.bookingId, 'decline', providerA, { reason: 'other', note: 'x'.repeat(501) })).status).toBe(400);
  });

  test('another provider, or the consumer: 403, unchanged', async () => {
    const booking = await createBooking();
    expect((await act(booking.bookingId, 'decline', providerB, { reason: 'fully_booked' })).status).toBe(403);
    expect((await act(booking.bookingId, 'decline', consumer, { reason: 'fully_booked' })).status).toBe(403);
    expect((await consumerView(booking.bookingId)).status).toBe('requested');
  });
});

describe('GET /provider/bookings', () => {
  let providerC: TestUser;
  let bookings: Booking[];
  beforeAll(async () => {
    // a provider of its own, so the other tests' bookings do not count
    providerC = await signInWithPhone();
    const cMenu = await listingOwnedBy(server.database, providerC.uid);
    bookings = [];
    for (let i = 0; i < 3; i += 1) bookings.push(await createBooking(cMenu));
    await act(bookings[1]!.bookingId, 'accept', providerC);
  });

  test('the provider’s bookings, newest first, with who asked', async () => {
    const response = await request(`${server.url}/provider/bookings`, { token: providerC.idToken });
    expect(response.status).toBe(200);
    const list = expectContract(providerBookingListSchema, response.body);
    expect(list.map((booking) => booking.bookingId)).toEqual(bookings.map((booking) => booking.bookingId).reverse());
    expect(list.map((booking) => booking.status)).toEqual(['requested', 'accepted', 'requested']);
    // none of them is paid: no contact
    expect(list.map((booking) => booking.consumer)).toEqual(list.map(() => ({ name: 'Asha Verma', phone: null, email: null })));
  });

  test('?status= filters', async () => {
    const requested = await request(`${server.url}/provider/bookings?status=requested`, { token: providerC.idToken });
    expect((requested.body as unknown as Booking[]).map((booking) => booking.bookingId)).toEqual([bookings[2]!.bookingId, bookings[0]!.bookingId]);
    const accepted = await request(`${server.url}/provider/bookings?status=accepted`, { token: providerC.idToken });
    expect((accepted.body as unknown as Booking[]).map((booking) => booking.bookingId)).toEqual([bookings[1]!.bookingId]);
    const cancelled = await request(`${server.url}/provider/bookings?status=cancelled`, { token: providerC.idToken });
    expect(cancelled.body).toEqual([]);
  });

  test('a bad status: 400', async () => {
    const response = await request(`${server.url}/provider/bookings?status=pending`, { token: providerC.idToken });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('status: status must be one of requested, accepted, confirmed, failed, cancelled');
  });

  test('an account that runs no provider: 403; no token: 401', async () => {
    expect(await request(`${server.url}/provider/bookings`, { token: consumer.idToken })).toMatchObject({
      status: 403,
      body: errorSaying('This account does not run a provider.'),
    });
    expect((await request(`${server.url}/provider/bookings`)).status).toBe(401);
  });
});
