import { randomUUID } from 'node:crypto';
import {
  bookingHistorySchema,
  providerBookingListSchema,
  providerBookingSchema,
  providerDeclineSchema,
  type Booking,
  type ProviderBooking,
} from '@utsav/contracts/schemas';
import { transitionBooking } from '../src/bookings/booking-transitions';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, inDays, insertCatalogFixture, listingOwnedBy, makeProviderOwner, type CatalogFixture } from './support/bookings';
import { errorSaying } from './support/error-answers';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * The provider's side of a booking (issue 36) over real HTTP, on PGlite or PostgreSQL (DATABASE_URL): what a
 * person who runs a listing sees of one booking (the consumer's contact only once it is paid), its history, the
 * fixed reason a decline gives and how its consumer reads it (in their language), and ?when= of the list.
 */

let server: TestServer;
let catalog: CatalogFixture;
let consumer: TestUser;
let owner: TestUser; // runs providerA
let otherOwner: TestUser; // runs providerB
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  [consumer, owner, otherOwner] = await Promise.all([signInWithPhone(), signInWithPhone(), signInWithPhone()]);
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
  await makeProviderOwner(server.database, catalog.providerB.id, otherOwner.uid);
});
afterAll(() => server.close());

const requested = (change: Record<string, unknown> = {}) => bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested', change);
const asProvider = (booking: Booking, user: TestUser | null = owner, headers: Record<string, string> = {}) =>
  request(`${server.url}/provider/bookings/${booking.bookingId}`, { token: user?.idToken, headers });
const providerHistory = (bookingId: string, user: TestUser | null = owner, headers: Record<string, string> = {}) =>
  request(`${server.url}/provider/bookings/${encodeURIComponent(bookingId)}/history`, { token: user?.idToken, headers });
const consumerHistory = (booking: Booking, headers: Record<string, string> = {}) =>
  request(`${server.url}/bookings/${booking.bookingId}/history`, { token: consumer.idToken, headers });
const post = (booking: Booking, path: string, json?: unknown, user: TestUser = owner) =>
  request(`${server.url}/provider/bookings/${booking.bookingId}/${path}`, { method: 'POST', token: user.idToken, json });
const move = (booking: Booking, action: 'accept' | 'confirmPayment' | 'proposeReschedule') =>
  transitionBooking(server.database, { bookingId: booking.bookingId, action, actor: action === 'confirmPayment' ? 'payment' : owner.uid });
const HINDI = { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.5' };

describe('the consumer’s contact: only once the booking is paid', () => {
  test('requested and accepted: the name only; confirmed: phone and email too (the profile’s number)', async () => {
    const booking = await requested();
    const before = expectContract(providerBookingSchema, (await asProvider(booking)).body);
    expect(before.consumer).toEqual({ name: 'Asha Verma', phone: null, email: null });

    expect((await post(booking, 'accept')).body).toMatchObject({ status: 'accepted', consumer: { name: 'Asha Verma', phone: null, email: null } });
    expect((await asProvider(booking)).body.consumer).toEqual({ name: 'Asha Verma', phone: null, email: null });

    await move(booking, 'confirmPayment');
    const paid = expectContract(providerBookingSchema, (await asProvider(booking)).body);
    expect(paid).toMatchObject({ status: 'confirmed', consumer: { name: 'Asha Verma', phone: consumer.phone, email: 'asha@example.in' }, declineReason: null });
    // the list says the same, booking by booking
    const list = expectContract(providerBookingListSchema, (await request(`${server.url}/provider/bookings`, { token: owner.idToken })).body);
    const inList = (id: string) => list.find((item) => item.bookingId === id)!;
    expect(inList(booking.bookingId).consumer).toEqual({ name: 'Asha Verma', phone: consumer.phone, email: 'asha@example.in' });
  });

  test('a declined request never shows it', async () => {
    const booking = await requested();
    const declined = expectContract(providerBookingSchema, (await post(booking, 'decline', { reason: 'outside_area' })).body);
    expect(declined).toMatchObject({ status: 'failed', failureReason: 'declined', declineReason: 'outside_area', consumer: { phone: null, email: null } });
  });
});

describe('GET /provider/bookings/:bid', () => {
  test('its provider: 200, the booking as the consumer has it plus who asked', async () => {
    const booking = await requested();
    const answer = await asProvider(booking);
    expect(answer.status).toBe(200);
    const { consumer: who, failureReason, declineReason, ...rest } = expectContract(providerBookingSchema, answer.body) as ProviderBooking;
    expect(rest).toEqual(booking);
    expect({ who, failureReason, declineReason }).toEqual({ who: { name: 'Asha Verma', phone: null, email: null }, failureReason: null, declineReason: null });
  });

  test('another listing’s owner, or the consumer themselves: 403; unknown or malformed: 404; no token: 401', async () => {
    const booking = await requested();
    expect(await asProvider(booking, otherOwner)).toMatchObject({ status: 403, body: errorSaying('Only the provider of this booking can see it.') });
    expect((await asProvider(booking, consumer)).status).toBe(403);
    expect(await asProvider({ ...booking, bookingId: randomUUID() })).toMatchObject({ status: 404, body: errorSaying('Booking not found') });
    expect((await asProvider({ ...booking, bookingId: 'nope' })).status).toBe(404);
    expect((await asProvider(booking, null)).status).toBe(401);
  });
});

describe('GET /provider/bookings/:bid/history', () => {
  test('the same timeline its consumer reads', async () => {
    const booking = await requested();
    await post(booking, 'accept');
    const mine = await providerHistory(booking.bookingId);
    expect(mine.status).toBe(200);
    const history = expectContract(bookingHistorySchema, mine.body);
    expect(history.map((step) => [step.kind, step.by])).toEqual([
      ['requested', 'you'],
      ['accepted', 'provider'],
    ]);
    expect(history).toEqual((await consumerHistory(booking)).body);
  });

  test('another listing’s owner, or the consumer: 403; unknown or malformed: 404; no token: 401', async () => {
    const booking = await requested();
    expect(await providerHistory(booking.bookingId, otherOwner)).toMatchObject({ status: 403, body: errorSaying('Only the provider of this booking can see it.') });
    expect((await providerHistory(booking.bookingId, consumer)).status).toBe(403);
    expect((await providerHistory(randomUUID())).status).toBe(404);
    expect((await providerHistory('%20x')).status).toBe(404);
    expect((await providerHistory(booking.bookingId, null)).status).toBe(401);
  });
});

describe('a decline’s fixed reason, as its consumer reads it', () => {
  const detailOf = async (booking: Booking, kind: string, headers: Record<string, string> = {}) => {
    const history = expectContract(bookingHistorySchema, (await consumerHistory(booking, headers)).body);
    return history.find((step) => step.kind === kind)?.detail;
  };

  test('in the language the request asks for: English by default, Hindi with Accept-Language: hi', async () => {
    const booking = await requested();
    expect((await post(booking, 'decline', { reason: 'fully_booked' })).status).toBe(200);
    expect(await detailOf(booking, 'declined')).toBe('Fully booked on those dates');
    expect(await detailOf(booking, 'declined', HINDI)).toBe('उन तारीख़ों पर बुकिंग पहले से पूरी है');
    expect(await detailOf(booking, 'declined', { 'Accept-Language': 'hi' })).toBe('उन तारीख़ों पर बुकिंग पहले से पूरी है');
    // its provider reads the same history, in its own request's language
    const theirs = expectContract(bookingHistorySchema, (await providerHistory(booking.bookingId, owner, HINDI)).body);
    expect(theirs.find((step) => step.kind === 'declined')?.detail).toBe('उन तारीख़ों पर बुकिंग पहले से पूरी है');
  });

  test("a note to the customer follows any fixed reason, in the provider's own words", async () => {
    const booking = await requested();
    expect((await post(booking, 'decline', { reason: 'fully_booked', note: 'we have three weddings that weekend' })).status).toBe(200);
    expect(await detailOf(booking, 'declined')).toBe('Fully booked on those dates: we have three weddings that weekend');
  });

  test("'other': the provider's words after it", async () => {
    const booking = await requested();
    expect((await post(booking, 'decline', { reason: 'other', note: 'Our studio is closed for renovation' })).status).toBe(200);
    expect(await detailOf(booking, 'declined')).toBe('Another reason: Our studio is closed for renovation');
    expect(await detailOf(booking, 'declined', HINDI)).toBe('कोई और कारण। Our studio is closed for renovation');
    const bare = await requested();
    expect((await post(bare, 'decline', { reason: 'other', note: '   ' })).status).toBe(200);
    expect(await detailOf(bare, 'declined')).toBe('Another reason');
  });

  test('every fixed reason has its words in both languages', async () => {
    for (const reason of providerDeclineSchema.shape.reason.options) {
      const booking = await requested();
      expect((await post(booking, 'decline', { reason })).status).toBe(200);
      const english = await detailOf(booking, 'declined');
      const hindi = await detailOf(booking, 'declined', HINDI);
      expect(english).toMatch(/^[A-Z][a-z]/);
      expect(hindi).toMatch(/[\u0900-\u097f]/);
      expect(english).not.toContain('declineReason.');
    }
  });

  test('new dates declined: the reason in the history, the booking as it was', async () => {
    const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'accepted');
    const proposed = await request(`${server.url}/bookings/${booking.bookingId}/reschedule`, {
      token: consumer.idToken,
      json: { preferredDateRange: { from: inDays(20), to: inDays(20) }, preferredTime: { start: '10:00', end: '12:00' } },
    });
    expect(proposed.status).toBe(200);
    expect((await post(booking, 'reschedule/decline', {})).status).toBe(400);
    const answer = await post(booking, 'reschedule/decline', { reason: 'not_available' });
    expect(answer.status).toBe(200);
    expect(expectContract(providerBookingSchema, answer.body)).toMatchObject({ status: 'accepted', preferredDateRange: booking.preferredDateRange });
    expect(answer.body).not.toHaveProperty('reschedule');
    expect(await detailOf(booking, 'newDatesDeclined')).toBe('Not available on those dates');
    expect(await detailOf(booking, 'newDatesDeclined', HINDI)).toBe('उन तारीख़ों पर उपलब्ध नहीं हैं');
  });

  test('older declines (free-text reason, no code) read as they were written', async () => {
    const booking = await requested();
    await transitionBooking(server.database, { bookingId: booking.bookingId, action: 'decline', actor: owner.uid, reason: 'Fully booked that week' });
    expect(await detailOf(booking, 'declined', HINDI)).toBe('Fully booked that week');
    expect((await asProvider(booking)).body).toMatchObject({ failureReason: 'declined', declineReason: null });
  });

  test("the consumer's notification says why, in the language of their profile", async () => {
    const booking = await requested();
    await server.database.query(`UPDATE consumers SET language = 'hi-IN' WHERE uid = $1`, [consumer.uid]);
    try {
      expect((await post(booking, 'decline', { reason: 'package_unavailable' })).status).toBe(200);
      const [hindi] = await server.database.query<{ body: string }>(`SELECT body FROM notifications WHERE booking_id = $1 AND kind = 'declined'`, [booking.bookingId]);
      expect(hindi?.body).toMatch(/कारण: यह पैकेज अब उपलब्ध नहीं है।$/);
    } finally {
      await server.database.query(`UPDATE consumers SET language = NULL WHERE uid = $1`, [consumer.uid]);
    }
    const other = await requested();
    expect((await post(other, 'decline', { reason: 'other', note: 'Away that week' })).status).toBe(200);
    const [english] = await server.database.query<{ body: string }>(`SELECT body FROM notifications WHERE booking_id = $1 AND kind = 'declined'`, [other.bookingId]);
    expect(english?.body).toMatch(/ Reason: Another reason: Away that week\.$/);
  });

  test('a consumer token cannot decline for the provider, with or without a reason', async () => {
    const booking = await requested();
    expect(await post(booking, 'decline', { reason: 'fully_booked' }, consumer)).toMatchObject({ status: 403, body: errorSaying('Only the provider of this booking can accept or decline it.') });
    expect((await post(booking, 'accept', undefined, consumer)).status).toBe(403);
    expect((await asProvider(booking)).body).toMatchObject({ status: 'requested' });
  });
});

describe('GET /provider/bookings?when=', () => {
  let provider: TestUser;
  let soon: Booking;
  let later: Booking;
  let past: Booking;
  beforeAll(async () => {
    // a listing of its own, so the other tests' bookings do not count
    provider = await signInWithPhone();
    const mMenu = await listingOwnedBy(server.database, provider.uid);
    later = await bookingIn(server, consumer, mMenu, 'requested', { preferredDateRange: { from: inDays(30), to: inDays(31) } });
    soon = await bookingIn(server, consumer, mMenu, 'requested', { preferredDateRange: { from: inDays(5), to: inDays(5) } });
    past = await bookingIn(server, consumer, mMenu, 'accepted', { preferredDateRange: { from: inDays(3), to: inDays(3) } });
    // as if its day had gone by
    await server.database.query('UPDATE bookings SET date_from = $2, date_to = $2 WHERE id = $1', [past.bookingId, inDays(-2)]);
  });
  const list = async (query: string) => {
    const answer = await request(`${server.url}/provider/bookings${query}`, { token: provider.idToken });
    expect(answer.status).toBe(200);
    return expectContract(providerBookingListSchema, answer.body).map((booking) => booking.bookingId);
  };

  test('upcoming: soonest first; past: latest first; neither: every one, newest request first', async () => {
    expect(await list('?when=upcoming')).toEqual([soon.bookingId, later.bookingId]);
    expect(await list('?when=past')).toEqual([past.bookingId]);
    expect(await list('')).toEqual([past.bookingId, soon.bookingId, later.bookingId]);
    expect(await list('?when=upcoming&status=accepted')).toEqual([]);
    expect(await list('?when=past&status=accepted')).toEqual([past.bookingId]);
  });

  test('anything else: 400 with a message', async () => {
    const answer = await request(`${server.url}/provider/bookings?when=tomorrow`, { token: provider.idToken });
    expect(answer).toMatchObject({ status: 400, body: { message: 'when: when must be one of upcoming, past' } });
  });
});
