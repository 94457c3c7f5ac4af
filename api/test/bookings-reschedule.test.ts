import { bookingHistorySchema, bookingSchema, slotText, type Booking } from '@utsav/contracts/schemas';
import { RESCHEDULE_MESSAGES } from '../src/bookings/booking-reschedule';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, expectContract, inDays, insertCatalogFixture, makeProviderOwner, type CatalogFixture } from './support/bookings';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

/**
 * New dates (issue 19, item 2) over real HTTP against a real database: the consumer proposes them for an
 * accepted or paid booking; its provider accepts (the booking moves, nothing else changes) or declines (it
 * stays); each step is in the booking's history; the slot rules and the provider's availability apply.
 */

let server: TestServer;
let catalog: CatalogFixture;
let consumer: TestUser;
let owner: TestUser; // runs providerA
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  consumer = await signInWithPhone();
  owner = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
});
afterAll(() => server.close());

const db = () => server.database;
const menu = () => catalog.providerA.menus[0];
const slot = (from: string, to = from, start = '10:00', end = '14:00') => ({ preferredDateRange: { from, to }, preferredTime: { start, end } });
const propose = (booking: Booking, body: unknown, user: TestUser = consumer) =>
  request(`${server.url}/bookings/${booking.bookingId}/reschedule`, { token: user.idToken, json: body });
const answer = (booking: Booking, decision: 'accept' | 'decline', json: unknown = {}, user: TestUser = owner) =>
  request(`${server.url}/provider/bookings/${booking.bookingId}/reschedule/${decision}`, { token: user.idToken, json });
const read = async (booking: Booking) => expectContract(bookingSchema, (await request(`${server.url}/bookings/${booking.bookingId}`, { token: consumer.idToken })).body);
const history = async (booking: Booking) => (await bookingEvents(db(), booking.bookingId)).slice(2).map((event) => [event.to_status, event.actor, event.reason]);

test('proposed, then accepted by the provider: the booking moves, its amount and status stay, each step in its history', async () => {
  const booking = await bookingIn(server, consumer, menu());
  const proposed = await propose(booking, slot(inDays(30), inDays(31)));
  expect(proposed.status).toBe(200);
  const waiting = expectContract(bookingSchema, proposed.body);
  expect(waiting).toMatchObject({ status: 'accepted', preferredDateRange: booking.preferredDateRange, reschedule: slot(inDays(30), inDays(31)) });

  const accepted = await answer(booking, 'accept');
  expect(accepted.status).toBe(200);
  const moved = await read(booking);
  expect(moved).toEqual({ ...booking, status: 'accepted', ...slot(inDays(30), inDays(31)) });
  expect(await history(booking)).toEqual([
    ['accepted', consumer.uid, `new dates proposed: ${slotText(slot(inDays(30), inDays(31)))}`],
    ['accepted', owner.uid, `moved to ${slotText(slot(inDays(30), inDays(31)))}`],
  ]);
  const timeline = expectContract(bookingHistorySchema, (await request(`${server.url}/bookings/${booking.bookingId}/history`, { token: consumer.idToken })).body);
  expect(timeline.map(({ kind, by, detail }) => [kind, by, detail])).toEqual([
    ['requested', 'you', undefined],
    ['accepted', 'provider', undefined],
    ['newDatesProposed', 'you', `new dates proposed: ${slotText(slot(inDays(30), inDays(31)))}`],
    ['rescheduled', 'provider', `moved to ${slotText(slot(inDays(30), inDays(31)))}`],
  ]);
  const actions = await db().query<{ action: string | null }>('SELECT action FROM booking_events WHERE booking_id = $1 ORDER BY id', [booking.bookingId]);
  expect(actions.map((row) => row.action)).toEqual([null, 'accept', 'proposeReschedule', 'acceptReschedule']);
});

test('declined by the provider: the booking stays as it was, and new dates can be proposed again', async () => {
  const booking = await bookingIn(server, consumer, menu());
  expect((await propose(booking, slot(inDays(40)))).status).toBe(200);
  const declined = await answer(booking, 'decline', { reason: 'other', note: 'Away that week' });
  expect(declined.status).toBe(200);
  const after = await read(booking);
  expect(after).toEqual({ ...booking, status: 'accepted' });
  expect((await history(booking)).at(-1)).toEqual(['accepted', owner.uid, 'Away that week']);
  expect((await propose(booking, slot(inDays(41)))).status).toBe(200);
});

test('one proposal at a time; the same dates, a past date, an end before the start are 400; a full day 409', async () => {
  const booking = await bookingIn(server, consumer, menu());
  expect((await propose(booking, slot(booking.preferredDateRange.from, booking.preferredDateRange.to, booking.preferredTime.start, booking.preferredTime.end))))
    .toMatchObject({ status: 400, body: { code: RESCHEDULE_MESSAGES.sameDates } });
  expect((await propose(booking, slot(inDays(-1)))).status).toBe(400);
  expect((await propose(booking, slot(inDays(20), inDays(20), '14:00', '10:00'))).status).toBe(400);
  expect((await propose(booking, { preferredDateRange: { from: 'soon' } })).status).toBe(400);

  expect((await propose(booking, slot(inDays(50)))).status).toBe(200);
  expect(await propose(booking, slot(inDays(51)))).toMatchObject({ status: 409, body: { code: RESCHEDULE_MESSAGES.alreadyProposed } });

  // a day the provider is away: refused at once
  await db().query(`INSERT INTO provider_blocked_days (provider_id, day) VALUES ($1, $2)`, [catalog.providerA.id, inDays(60)]);
  const other = await bookingIn(server, consumer, menu());
  expect(await propose(other, slot(inDays(60)))).toMatchObject({ status: 409, body: { message: expect.stringMatching(/is not taking bookings on/) } });
});

test('the provider fills the day before answering: accepting is a 409 and the booking stays; it can still decline', async () => {
  const booking = await bookingIn(server, consumer, menu());
  const competing = await bookingIn(server, consumer, menu());
  await db().query('UPDATE providers SET daily_capacity = 1 WHERE id = $1', [catalog.providerA.id]);
  try {
    const day = inDays(70);
    expect((await propose(booking, slot(day))).status).toBe(200);
    // the other booking moves to that day first
    expect((await propose(competing, slot(day))).status).toBe(200);
    expect((await answer(competing, 'accept')).status).toBe(200);
    const refused = await answer(booking, 'accept');
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/is fully booked on/) } });
    expect((await read(booking)).preferredDateRange).toEqual(booking.preferredDateRange);
    expect((await answer(booking, 'decline', { reason: 'fully_booked' })).status).toBe(200);
  } finally {
    await db().query('UPDATE providers SET daily_capacity = 100 WHERE id = $1', [catalog.providerA.id]);
  }
});

test('who may: a request, a cancelled booking cannot move (409); another consumer 403; another provider 403; nothing proposed 409', async () => {
  const requested = await bookingIn(server, consumer, menu(), 'requested');
  expect(await propose(requested, slot(inDays(33)))).toMatchObject({
    status: 409,
    body: errorSaying('Only an accepted or confirmed booking can be moved to other dates (this one is requested).'),
  });
  const booking = await bookingIn(server, consumer, menu());
  const stranger = await signInWithPhone();
  expect((await propose(booking, slot(inDays(34)), stranger)).status).toBe(403);
  expect(await answer(booking, 'accept')).toMatchObject({ status: 409, body: { code: RESCHEDULE_MESSAGES.nothingProposed } });
  expect((await propose(booking, slot(inDays(34)))).status).toBe(200);
  expect((await answer(booking, 'accept', {}, stranger)).status).toBe(403);

  // cancelling closes the proposal: nothing is waiting any more
  expect((await request(`${server.url}/bookings/${booking.bookingId}/cancel`, { token: consumer.idToken, method: 'POST' })).status).toBe(200);
  expect((await read(booking)).reschedule).toBeUndefined();
  expect(await answer(booking, 'accept')).toMatchObject({ status: 409, body: { code: RESCHEDULE_MESSAGES.nothingProposed } });
});
