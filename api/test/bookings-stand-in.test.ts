import { bookingSchema, type Booking } from '@utsav/contracts/schemas';
import { standInPollMs } from '@utsav/stand-ins/src/provider-stand-in';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import {
  bookingEvents,
  bookingPayload,
  inDays,
  insertCatalogFixture,
  makeProviderOwner,
  onboardConsumer,
  type CatalogFixture,
  type FixtureMenu,
} from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let user: TestUser;
beforeAll(async () => {
  user = await signInWithPhone();
});

async function createBooking(server: TestServer, menu: FixtureMenu): Promise<Booking> {
  await onboardConsumer(server.database, user);
  const response = await request(`${server.url}/bookings`, {
    token: user.idToken,
    json: bookingPayload(user, menu),
    headers: { nocart: 'true' },
  });
  expect(response.status).toBe(201);
  return bookingSchema.parse(response.body);
}
const statusOf = async (server: TestServer, bookingId: string) =>
  (await request(`${server.url}/bookings/${bookingId}`, { token: user.idToken })).body.status;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the poll interval: half the delay, between 50 ms and 1 s', () => {
  expect(standInPollMs(5000)).toBe(1000);
  expect(standInPollMs(200)).toBe(100);
  expect(standInPollMs(10)).toBe(50);
});

describe('with PROVIDER_AUTO_ACCEPT_MS=200', () => {
  let server: TestServer;
  let catalog: CatalogFixture;
  beforeAll(async () => {
    server = await startTestServer({ PROVIDER_AUTO_ACCEPT_MS: 200 });
    catalog = await insertCatalogFixture(server.database);
  });
  afterAll(() => server.close());

  test('a request becomes accepted once it is PROVIDER_AUTO_ACCEPT_MS old, through the state machine, as provider-stand-in', async () => {
    const booking = await createBooking(server, catalog.providerA.menus[0]);
    expect(booking.status).toBe('requested');
    const started = Date.now();
    while ((await statusOf(server, booking.bookingId)) !== 'accepted') {
      if (Date.now() - started > 10_000) throw new Error('not accepted within 10 s');
      await sleep(25);
    }
    expect((await bookingEvents(server.database, booking.bookingId)).at(-1)).toEqual({
      from_status: 'requested',
      to_status: 'accepted',
      actor: 'provider-stand-in',
      reason: null,
    });
    // never before the request was that old (the database's own clock: no wall-time race in the test)
    const [ages] = await server.database.query<{ waited_ms: number }>(
      `SELECT (extract(epoch FROM (accepted.at - requested.at)) * 1000)::float8 AS waited_ms
       FROM booking_events requested JOIN booking_events accepted USING (booking_id)
       WHERE booking_id = $1 AND requested.to_status = 'requested' AND accepted.to_status = 'accepted'`,
      [booking.bookingId],
    );
    expect(ages!.waited_ms).toBeGreaterThanOrEqual(200);
  });

  test('the bookings of a provider with an account are left to that provider', async () => {
    const owner = await signInWithPhone();
    await makeProviderOwner(server.database, catalog.providerB.id, owner.uid);
    const booking = await createBooking(server, catalog.providerB.menus[0]);
    await sleep(800);
    expect(await statusOf(server, booking.bookingId)).toBe('requested');
  });

  test('POST /dev/provider-account: a signed-in user takes a provider\'s side; its requests then wait for them, who answers through /provider', async () => {
    const owner = await signInWithPhone();
    const claim = (serviceId: string, who: TestUser = owner) => request(`${server.url}/dev/provider-account`, { token: who.idToken, json: { serviceId } });
    const provider = await insertCatalogFixture(server.database);
    expect(await claim(provider.providerA.serviceId)).toMatchObject({ status: 200, body: { providerId: provider.providerA.id } });
    // again: the same answer; someone else: 409; an unknown service: 404; bad input: 400
    expect((await claim(provider.providerA.serviceId)).status).toBe(200);
    expect(await claim(provider.providerA.serviceId, user)).toMatchObject({ status: 409, body: errorSaying('This provider already has an account.') });
    expect((await claim('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await request(`${server.url}/dev/provider-account`, { token: owner.idToken, json: { serviceId: 7 } })).status).toBe(400);
    expect((await request(`${server.url}/dev/provider-account`, { json: { serviceId: provider.providerA.serviceId } })).status).toBe(401);

    const booking = await createBooking(server, provider.providerA.menus[0]);
    await sleep(800);
    expect(await statusOf(server, booking.bookingId)).toBe('requested');
    const accepted = await request(`${server.url}/provider/bookings/${booking.bookingId}/accept`, { token: owner.idToken, method: 'POST' });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'accepted' } });
  });

  test('new dates proposed for a booking of a provider without an account: the stand-in accepts them where there is room', async () => {
    const booking = await createBooking(server, catalog.providerA.menus[0]);
    while ((await statusOf(server, booking.bookingId)) !== 'accepted') await sleep(25);
    const newDates = { from: inDays(45), to: inDays(45) };
    const proposed = await request(`${server.url}/bookings/${booking.bookingId}/reschedule`, {
      token: user.idToken,
      json: { preferredDateRange: newDates, preferredTime: { start: '10:00', end: '12:00' } },
    });
    expect(proposed.status).toBe(200);
    const started = Date.now();
    let moved: Booking | undefined;
    while (Date.now() - started < 3000) {
      moved = bookingSchema.parse((await request(`${server.url}/bookings/${booking.bookingId}`, { token: user.idToken })).body);
      if (moved.reschedule === undefined) break;
      await sleep(50);
    }
    expect(moved).toMatchObject({ status: 'accepted', preferredDateRange: newDates, preferredTime: { start: '10:00', end: '12:00' } });
    expect((await bookingEvents(server.database, booking.bookingId)).at(-1)).toMatchObject({ actor: 'provider-stand-in', reason: expect.stringMatching(/^moved to /) });
  });

  test('POST /dev/bookings/:bid/finish moves the caller\'s own booking to yesterday (as if it had taken place)', async () => {
    const booking = await createBooking(server, catalog.providerA.menus[0]);
    const finish = (who: TestUser = user) => request(`${server.url}/dev/bookings/${booking.bookingId}/finish`, { token: who.idToken, method: 'POST' });
    expect((await finish(await signInWithPhone())).status).toBe(403);
    const answer = await finish();
    expect(answer).toMatchObject({ status: 200, body: { bookingId: booking.bookingId, date: inDays(-1) } });
    expect((await request(`${server.url}/bookings/${booking.bookingId}`, { token: user.idToken })).body.preferredDateRange).toEqual({ from: inDays(-1), to: inDays(-1) });
    expect((await request(`${server.url}/dev/bookings/00000000-0000-4000-8000-000000000000/finish`, { token: user.idToken, method: 'POST' })).status).toBe(404);
  });

  test('a booking already answered is left as it is', async () => {
    const booking = await createBooking(server, catalog.providerA.menus[1]);
    await server.database.query(
      "UPDATE bookings SET status = 'failed', failure_reason = 'declined' WHERE id = $1",
      [booking.bookingId],
    );
    await sleep(600);
    expect(await statusOf(server, booking.bookingId)).toBe('failed');
  });
});

describe('without PROVIDER_AUTO_ACCEPT_MS', () => {
  let server: TestServer;
  let catalog: CatalogFixture;
  beforeAll(async () => {
    server = await startTestServer({ PROVIDER_AUTO_ACCEPT_MS: undefined });
    catalog = await insertCatalogFixture(server.database);
  });
  afterAll(() => server.close());

  test('no one can take a provider\'s side or move a booking back: there is no /dev/ route', async () => {
    const answer = await request(`${server.url}/dev/provider-account`, { token: user.idToken, json: { serviceId: catalog.providerA.serviceId } });
    expect(answer.status).toBe(404);
    const booking = await createBooking(server, catalog.providerA.menus[0]);
    expect((await request(`${server.url}/dev/bookings/${booking.bookingId}/finish`, { token: user.idToken, method: 'POST' })).status).toBe(404);
  });

  test('requests stay requested', async () => {
    const booking = await createBooking(server, catalog.providerA.menus[0]);
    await sleep(1200);
    expect(await statusOf(server, booking.bookingId)).toBe('requested');
  });
});

test('closing the app stops the stand-in (no poll after close)', async () => {
  // accepts after a minute, polling every second (standInPollMs): the request is far from old enough before the
  // close however slow the machine is (with 100 ms, a loaded machine let it be accepted before the close)
  const server = await startTestServer({ PROVIDER_AUTO_ACCEPT_MS: 60_000 });
  try {
    const catalog = await insertCatalogFixture(server.database);
    const booking = await createBooking(server, catalog.providerA.menus[0]);
    await server.app.close();
    // old enough now: a stand-in still polling would accept it within a poll or two
    await server.database.query("UPDATE bookings SET created_at = now() - interval '2 minutes' WHERE id = $1", [booking.bookingId]);
    await sleep(2 * standInPollMs(60_000) + 500);
    const [row] = await server.database.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [booking.bookingId]);
    expect(row?.status).toBe('requested');
  } finally {
    await server.close();
  }
});
