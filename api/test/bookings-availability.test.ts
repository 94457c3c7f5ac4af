import { BOOKING_STATUSES, FAILURE_REASONS, monthAvailabilitySchema } from '@utsav/contracts/schemas';
import { formatDate } from '@utsav/contracts/date-format';
import { holdsCapacity, type BookingState } from '@utsav/contracts/booking-state';
import { HOLDS } from '../src/bookings/availability';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, bookingPayload, expectContract, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorAnswer, errorSaying } from './support/error-answers';

/** The 409 for a day Lens Studio cannot take: its words, and the day and why as data. */
const unavailable = (date: string, reason: 'full' | 'blocked') => ({
  ...errorAnswer(reason === 'full' ? 'booking.fullyBooked' : 'booking.notTakingBookings', { provider: 'Lens Studio', date: formatDate(date) }),
  date,
  reason,
});

/**
 * Availability (issue 19, item 1) over real HTTP against a real database (PGlite; PostgreSQL with
 * DATABASE_URL, where the concurrent acceptances race for real): a provider takes at most its daily
 * capacity of accepted bookings a day and none on its blocked days; requests for such days are refused,
 * acceptances that would go over are refused, and the slot calendar's month lists them.
 */

let server: TestServer;
let catalog: CatalogFixture;
let owner: TestUser; // runs providerA
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  owner = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
});
afterAll(() => server.close());

const db = () => server.database;
const menu = () => catalog.providerA.menus[0];
const setCapacity = (capacity: number | null) => db().query('UPDATE providers SET daily_capacity = $2 WHERE id = $1', [catalog.providerA.id, capacity]);

async function requestBooking(from: string, to: string = from, user?: TestUser) {
  const consumer = user ?? (await signInWithPhone());
  await onboardConsumer(db(), consumer);
  return request(`${server.url}/bookings`, {
    token: consumer.idToken,
    json: bookingPayload(consumer, menu(), { preferredDateRange: { from, to } }),
    headers: { nocart: 'true' },
  });
}

async function requested(from: string, to: string = from): Promise<string> {
  const answer = await requestBooking(from, to);
  expect(answer.status).toBe(201);
  return String(answer.body.bookingId);
}

const accept = (bookingId: string) => request(`${server.url}/provider/bookings/${bookingId}/accept`, { token: owner.idToken, method: 'POST' });

const monthOf = (isoDate: string) => isoDate.slice(0, 7);
const availability = (month: string, serviceId = catalog.providerA.serviceId) => request(`${server.url}/services/${serviceId}/availability?month=${month}`);

test("the SQL rule of what holds capacity is the contracts' holdsCapacity, for every state a booking can be in", async () => {
  const states: BookingState[] = BOOKING_STATUSES.flatMap((status): BookingState[] =>
    status === 'failed' ? FAILURE_REASONS.map((failureReason) => ({ status, failureReason })) : [{ status, failureReason: null }],
  );
  for (const state of states) {
    // used in WHERE, where NULL (no failure reason) counts as false
    const [row] = await db().query<{ holds: boolean }>(`SELECT coalesce(${HOLDS}, false) AS holds FROM (SELECT $1::text AS status, $2::text AS failure_reason) AS b`, [state.status, state.failureReason]);
    expect([state, row?.holds]).toEqual([state, holdsCapacity(state)]);
  }
});

describe('a provider with room for one booking a day', () => {
  beforeAll(() => setCapacity(1));

  test('many requests for one day may wait; the first acceptance fills it, the next is refused (409) and the day is listed full', async () => {
    const day = inDays(40);
    const first = await requested(day);
    const second = await requested(day);
    expect((await accept(first)).status).toBe(200);

    const refused = await accept(second);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(unavailable(day, 'full'));
    // nothing changed for it: still a request, no event beyond its creation
    expect((await bookingEvents(db(), second)).map((event) => event.to_status)).toEqual(['requested']);

    const newRequest = await requestBooking(day);
    expect(newRequest.status).toBe(409);
    expect(newRequest.body).toEqual(unavailable(day, 'full'));

    const month = expectContract(monthAvailabilitySchema, (await availability(monthOf(day))).body);
    expect(month.dailyCapacity).toBe(1);
    expect(month.unavailable).toContainEqual({ date: day, reason: 'full' });
  });

  test('a booking holds every day of its range: a request overlapping any of them is refused, naming the first full day', async () => {
    // three days of one month
    const start = monthOf(inDays(50)) === monthOf(inDays(52)) ? 50 : 53;
    const [from, middle, to] = [inDays(start), inDays(start + 1), inDays(start + 2)];
    expect((await accept(await requested(from, to))).status).toBe(200);
    const overlapping = await requestBooking(inDays(start - 2), middle);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toEqual(unavailable(from, 'full'));
    expect((await requestBooking(inDays(start + 3))).status).toBe(201);
    const month = expectContract(monthAvailabilitySchema, (await availability(monthOf(middle))).body);
    expect(month.unavailable.filter((day) => [from, middle, to].includes(day.date))).toEqual([from, middle, to].map((date) => ({ date, reason: 'full' })));
  });

  test('a cancelled booking gives its day back', async () => {
    const day = inDays(60);
    const consumer = await signInWithPhone();
    const created = await requestBooking(day, day, consumer);
    const bookingId = String(created.body.bookingId);
    expect((await accept(bookingId)).status).toBe(200);
    expect((await requestBooking(day)).status).toBe(409);
    const cancelled = await request(`${server.url}/bookings/${bookingId}/cancel`, { token: consumer.idToken, method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect((await requestBooking(day)).status).toBe(201);
    const month = expectContract(monthAvailabilitySchema, (await availability(monthOf(day))).body);
    expect(month.unavailable.find((entry) => entry.date === day)).toBeUndefined();
  });

  test('10 acceptances at once for one day: exactly one succeeds, the rest are refused, never an over-booking', async () => {
    const day = inDays(70);
    const ids = [];
    for (let n = 0; n < 10; n += 1) ids.push(await requested(day));
    const answers = await Promise.all(ids.map((id) => accept(id)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    const [held] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE provider_id = $1 AND date_from <= $2 AND date_to >= $2 AND status IN ('accepted', 'confirmed')`,
      [catalog.providerA.id, day],
    );
    expect(held?.n).toBe(1);
  });
});

describe('blocked days and capacities', () => {
  test('a blocked day refuses requests and is listed as blocked; a salon takes as many a day as its capacity', async () => {
    await setCapacity(3);
    const blocked = inDays(80);
    await db().query(`INSERT INTO provider_blocked_days (provider_id, day, reason) VALUES ($1, $2, 'Family wedding')`, [catalog.providerA.id, blocked]);
    const refused = await requestBooking(blocked);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(unavailable(blocked, 'blocked'));

    const day = inDays(81);
    const ids = await Promise.all([0, 1, 2, 3].map(() => requested(day)));
    const answers = await Promise.all(ids.map((id) => accept(id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409]);
    const month = expectContract(monthAvailabilitySchema, (await availability(monthOf(day))).body);
    expect(month.dailyCapacity).toBe(3);
    expect(month.unavailable).toContainEqual({ date: day, reason: 'full' });
    const blockedMonth = expectContract(monthAvailabilitySchema, (await availability(monthOf(blocked))).body);
    expect(blockedMonth.unavailable).toContainEqual({ date: blocked, reason: 'blocked' });
  });

  test("without a capacity of its own a provider takes its kind of service's default: one for photography", async () => {
    await setCapacity(null);
    const month = expectContract(monthAvailabilitySchema, (await availability(monthOf(inDays(90)))).body);
    expect(month.dailyCapacity).toBe(1);
  });

  test('the month must be one a booking can be made in, of a service that exists', async () => {
    const bad = await availability('2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/month must look like 2026-12/);
    const past = await availability('2020-01');
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^month must be between \d{4}-\d\d and \d{4}-\d\d/);
    expect((await availability(monthOf(inDays(1)), '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await availability(monthOf(inDays(1)), 'not-a-uuid')).status).toBe(404);
  });
});

describe("the provider's own days: its capacity and blocked days, through its account", () => {
  const days = (path = '') => `${server.url}/provider/${catalog.providerA.id}${path}`;

  test('it blocks a day with a reason (requests for it are refused, the calendar lists it), then opens it again', async () => {
    await setCapacity(2);
    const day = inDays(100);
    const blocked = await request(days(`/blocked-days/${day}`), { method: 'PUT', token: owner.idToken, json: { reason: '  Diwali\u0000 holiday ' } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.dailyCapacity).toBe(2);
    expect(blocked.body.blockedDays).toContainEqual({ date: day, reason: 'Diwali holiday' });
    expect((await requestBooking(day)).status).toBe(409);
    expect((await availability(monthOf(day))).body.unavailable).toContainEqual({ date: day, reason: 'blocked' });

    // blocking it again only changes the reason
    const again = await request(days(`/blocked-days/${day}`), { method: 'PUT', token: owner.idToken, json: {} });
    expect((again.body.blockedDays as { date: string }[]).filter((entry) => entry.date === day)).toEqual([{ date: day, reason: '' }]);

    const opened = await request(days(`/blocked-days/${day}`), { method: 'DELETE', token: owner.idToken });
    expect(opened.status).toBe(200);
    expect((opened.body.blockedDays as { date: string }[]).find((entry) => entry.date === day)).toBeUndefined();
    expect((await requestBooking(day)).status).toBe(201);
    const read = await request(days('/availability'), { token: owner.idToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(opened.body);
  });

  test('it sets its capacity: the next acceptance counts against the new one', async () => {
    const day = inDays(110);
    const set = await request(days('/availability'), { method: 'PUT', token: owner.idToken, json: { dailyCapacity: 1 } });
    expect(set).toMatchObject({ status: 200, body: { providerId: catalog.providerA.id, dailyCapacity: 1 } });
    const [first, second] = [await requested(day), await requested(day)];
    expect((await accept(first)).status).toBe(200);
    expect((await accept(second)).status).toBe(409);
    await request(days('/availability'), { method: 'PUT', token: owner.idToken, json: { dailyCapacity: 2 } });
    expect((await accept(second)).status).toBe(200);
  });

  test('bad input is a 400 that says what to send; another account is 403; an unknown provider 404', async () => {
    for (const dailyCapacity of [0, 101, 1.5, '3', null]) {
      const answer = await request(days('/availability'), { method: 'PUT', token: owner.idToken, json: { dailyCapacity } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^dailyCapacity: /);
    }
    const past = await request(days('/blocked-days/2020-01-01'), { method: 'PUT', token: owner.idToken, json: {} });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^date must be between /);
    const malformed = await request(days('/blocked-days/2026-02-30'), { method: 'PUT', token: owner.idToken, json: {} });
    expect(malformed.status).toBe(400);
    const long = await request(days(`/blocked-days/${inDays(3)}`), { method: 'PUT', token: owner.idToken, json: { reason: 'x'.repeat(201) } });
    expect(long).toMatchObject({ status: 400, body: errorSaying('reason: The reason must be at most 200 characters') });

    const stranger = await signInWithPhone();
    const refused = await request(days(`/blocked-days/${inDays(3)}`), { method: 'PUT', token: stranger.idToken, json: {} });
    expect(refused).toMatchObject({ status: 403, body: { message: "Only this provider's own account can change its days." } });
    const other = await request(`${server.url}/provider/${catalog.providerB.id}/availability`, { token: owner.idToken });
    expect(other.status).toBe(403);
    expect((await request(`${server.url}/provider/00000000-0000-4000-8000-000000000000/availability`, { token: owner.idToken })).status).toBe(404);
    expect((await request(`${server.url}/provider/nope/availability`, { token: owner.idToken })).status).toBe(404);
  });
});
