import { bookingSchema, LIVE_EVENTS, liveNotificationSchema, providerBookingSchema, type Booking, type ProviderBooking } from '@utsav/contracts/schemas';
import { applyTransition, transitionBooking } from '../src/bookings/booking-transitions';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, makeProviderOwner, type CatalogFixture } from './support/bookings';
import { openLiveStream, type LiveEvent, type LiveStream } from './support/live-stream';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * The live stream (issue 19, item 3) over real HTTP against a real database: a signed-in consumer's
 * stream carries their bookings' changes and their notifications as they commit, resumes from
 * Last-Event-ID, and is theirs alone.
 */

let server: TestServer;
let catalog: CatalogFixture;
let consumer: TestUser;
let owner: TestUser; // runs providerA
const streams: LiveStream[] = [];
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  consumer = await signInWithPhone();
  owner = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(() => server.close());

const open = async (user: TestUser = consumer, lastEventId?: string, uid = user.uid) => {
  const stream = await openLiveStream(server.url, uid, user.idToken, lastEventId);
  streams.push(stream);
  return stream;
};
const accept = (booking: Booking) => request(`${server.url}/provider/bookings/${booking.bookingId}/accept`, { token: owner.idToken, json: {} });
const decline = (booking: Booking) => request(`${server.url}/provider/bookings/${booking.bookingId}/decline`, { token: owner.idToken, json: { reason: 'fully_booked' } });
const isBooking = (booking: Booking, status: string) => (event: LiveEvent) =>
  event.event === 'booking' && (event.data as Booking).bookingId === booking.bookingId && (event.data as Booking).status === status;
const isNotification = (kind: string) => (event: LiveEvent) => event.event === 'notification' && (event.data as { notification: { kind: string } }).notification.kind === kind;

test('a provider accepts: the stream carries the booking as it is now and the notification, with the unread count', async () => {
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  const stream = await open();
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(stream.headers.get('cache-control')).toBe('no-store');
  const ready = await stream.next((event) => event.event === 'ready');
  expect(ready.id).toMatch(/^\d+$/);

  expect((await accept(booking)).status).toBe(200);
  const changed = await stream.next(isBooking(booking, 'accepted'));
  expect(expectContract(bookingSchema, changed.data)).toEqual({ ...booking, status: 'accepted' });
  const told = expectContract(liveNotificationSchema, (await stream.next(isNotification('accepted'))).data);
  expect(told.notification).toMatchObject({
    bookingId: booking.bookingId,
    title: 'Your booking was accepted — pay the advance to confirm',
    push: true,
    read: false,
  });
  expect(told.unreadCount).toBeGreaterThanOrEqual(1);
});

test('resumes with Last-Event-ID: what changed while it was away comes first, and nothing it already had', async () => {
  const first = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  const away = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  const stream = await open();
  await accept(first);
  const had = await stream.next(isNotification('accepted'));
  stream.close();

  expect((await decline(away)).status).toBe(200);
  const back = await open(consumer, had.id);
  await back.next(isBooking(away, 'failed'));
  await back.next(isNotification('declined'));
  // what it had before is not sent again
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(back.events.filter(isNotification('accepted'))).toEqual([]);
  expect(back.events.filter(isBooking(first, 'accepted'))).toEqual([]);
});

test('a new stream without Last-Event-ID starts now: changes from before it are not news', async () => {
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  await accept(booking);
  const stream = await open();
  await stream.next((event) => event.event === 'ready');
  const later = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  await decline(later);
  await stream.next(isNotification('declined'));
  expect(stream.events.filter(isBooking(booking, 'accepted'))).toEqual([]);
});

test("a change that is rolled back is never streamed; another consumer's changes never reach this stream", async () => {
  const other = await signInWithPhone();
  const theirs = await bookingIn(server, other, catalog.providerA.menus[0]!, 'requested');
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  const stream = await open();
  await stream.next((event) => event.event === 'ready');
  await expect(
    server.database.transaction(async (session) => {
      await applyTransition(session, { bookingId: booking.bookingId, action: 'accept', actor: owner.uid });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await transitionBooking(server.database, { bookingId: theirs.bookingId, action: 'accept', actor: owner.uid });
  await decline(booking);
  await stream.next(isNotification('declined'));
  expect(stream.events.filter((event) => event.event !== 'ready').map((event) => [event.event, (event.data as { bookingId?: string; notification?: { kind: string } }).bookingId ?? (event.data as { notification: { kind: string } }).notification.kind])).toEqual([
    ['booking', booking.bookingId],
    ['notification', 'declined'],
  ]);
});

test('a change that commits after a later-numbered one is not passed over: the stream waits for the older transaction, then sends both', async () => {
  const older = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  const newer = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  const stream = await open();
  await stream.next((event) => event.event === 'ready');
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // the older transaction takes its id first and stays open while the newer one commits (on PostgreSQL;
  // PGlite runs one transaction at a time, so there the newer one waits for it)
  const holding = server.database.transaction(async (session) => {
    await applyTransition(session, { bookingId: older.bookingId, action: 'accept', actor: owner.uid });
    await sleep(1500);
  });
  await sleep(200);
  const committed = transitionBooking(server.database, { bookingId: newer.bookingId, action: 'decline', actor: owner.uid });
  await sleep(800);
  expect(stream.events.filter((event) => event.event !== 'ready')).toEqual([]);
  await Promise.all([holding, committed]);
  await stream.next(isBooking(older, 'accepted'));
  await stream.next(isBooking(newer, 'failed'));
  await stream.next(isNotification('accepted'));
  await stream.next(isNotification('declined'));
});

describe('the providerBooking event: a booking of a listing the stream’s user runs, as its provider sees it', () => {
  const isProviderBooking = (booking: Booking, status: string) => (event: LiveEvent) =>
    event.event === LIVE_EVENTS.providerBooking && (event.data as ProviderBooking).bookingId === booking.bookingId && (event.data as ProviderBooking).status === status;
  const providerEvents = (stream: LiveStream) => stream.events.filter((event) => event.event === LIVE_EVENTS.providerBooking);

  test('a new request, a payment, a withdrawal and a cancellation reach the owner (contact only once paid); not the consumer, not another user', async () => {
    const ownerStream = await open(owner);
    const consumerStream = await open(consumer);
    const stranger = await signInWithPhone();
    const strangerStream = await open(stranger);
    for (const stream of [ownerStream, consumerStream, strangerStream]) await stream.next((event) => event.event === 'ready');

    const asked = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    const request_ = expectContract(providerBookingSchema, (await ownerStream.next(isProviderBooking(asked, 'requested'))).data);
    expect(request_).toMatchObject({ ...asked, consumer: { name: 'Asha Verma', phone: null, email: null }, failureReason: null, declineReason: null });

    expect((await accept(asked)).status).toBe(200);
    await ownerStream.next(isProviderBooking(asked, 'accepted'));
    await transitionBooking(server.database, { bookingId: asked.bookingId, action: 'confirmPayment', actor: 'payment' });
    const paid = expectContract(providerBookingSchema, (await ownerStream.next(isProviderBooking(asked, 'confirmed'))).data);
    expect(paid.consumer).toEqual({ name: 'Asha Verma', phone: consumer.phone, email: 'asha@example.in' });
    await transitionBooking(server.database, { bookingId: asked.bookingId, action: 'cancel', actor: consumer.uid });
    await ownerStream.next(isProviderBooking(asked, 'cancelled'));

    const withdrawn = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    await ownerStream.next(isProviderBooking(withdrawn, 'requested'));
    expect((await request(`${server.url}/bookings/${withdrawn.bookingId}/withdraw`, { method: 'POST', token: consumer.idToken })).status).toBe(200);
    await ownerStream.next(isProviderBooking(withdrawn, 'cancelled'));
    await consumerStream.next(isBooking(withdrawn, 'cancelled'));

    // each change once, in order
    expect(providerEvents(ownerStream).map((event) => [(event.data as ProviderBooking).bookingId, (event.data as ProviderBooking).status])).toEqual([
      [asked.bookingId, 'requested'],
      [asked.bookingId, 'accepted'],
      [asked.bookingId, 'confirmed'],
      [asked.bookingId, 'cancelled'],
      [withdrawn.bookingId, 'requested'],
      [withdrawn.bookingId, 'cancelled'],
    ]);
    // the owner's stream carries no consumer events of bookings that are not theirs as a consumer
    expect(ownerStream.events.filter((event) => event.event === LIVE_EVENTS.booking || event.event === LIVE_EVENTS.notification)).toEqual([]);
    expect(providerEvents(consumerStream)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(strangerStream.events.filter((event) => event.event !== 'ready')).toEqual([]);
  });

  test('resumed with Last-Event-ID: what changed while away, once; nothing it already had', async () => {
    const stream = await open(owner);
    await stream.next((event) => event.event === 'ready');
    const first = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    const had = await stream.next(isProviderBooking(first, 'requested'));
    stream.close();

    const away = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    expect((await decline(away)).status).toBe(200);
    const back = await open(owner, had.id);
    const declined = expectContract(providerBookingSchema, (await back.next(isProviderBooking(away, 'failed'))).data);
    expect(declined).toMatchObject({ failureReason: 'declined', declineReason: 'fully_booked' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // both changes committed before it came back: the booking once, as it is now; the one it had, not again
    expect(providerEvents(back).map((event) => [(event.data as ProviderBooking).bookingId, (event.data as ProviderBooking).status])).toEqual([[away.bookingId, 'failed']]);
  });
});

test("the app's origin may resume it from another origin: the preflight allows Authorization and Last-Event-ID", async () => {
  const preflight = await fetch(`${server.url}/users/${consumer.uid}/events`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,last-event-id' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(/, */)).toEqual(expect.arrayContaining(['authorization', 'last-event-id']));
});

test('only its owner opens it: 401 without a credential, 403 for another uid, 400 for a Last-Event-ID it did not send', async () => {
  const none = await fetch(`${server.url}/users/${consumer.uid}/events`);
  expect(none.status).toBe(401);
  const other = await signInWithPhone();
  expect((await open(other, undefined, consumer.uid)).status).toBe(403);
  const bad = await open(consumer, 'yesterday');
  expect(bad.status).toBe(400);
});

test('one user holds at most 5 streams at once: the sixth is a 429 with a message, and closing one makes room', async () => {
  const user = await signInWithPhone();
  const five = await Promise.all([1, 2, 3, 4, 5].map(() => open(user)));
  expect(five.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
  const sixth = await fetch(`${server.url}/users/${user.uid}/events`, { headers: { Authorization: `Bearer ${user.idToken}` } });
  expect(sixth.status).toBe(429);
  expect(((await sixth.json()) as { message: string }).message).toMatch(/Too many live connections/);
  five[0]!.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await open(user)).status).toBe(200);
});
