import { providerAvailabilitySchema, type CalendarDay } from '@utsav/contracts/schemas';
import { transitionBooking } from '../src/bookings/booking-transitions';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingPayload, expectContract, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { errorAnswer } from './support/error-answers';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 36, item 4: the provider's month view, GET /provider/:pid/availability?month=YYYY-MM — per day its bookings
 * by status, what holds capacity (the rule requests and acceptances are checked with), what is left, and its blocks.
 */

let server: TestServer;
let catalog: CatalogFixture;
let owner: TestUser;
let consumer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  [owner, consumer, stranger] = await Promise.all([signInWithPhone(), signInWithPhone(), signInWithPhone()]);
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
  await onboardConsumer(server.database, consumer);
  await server.database.query('UPDATE providers SET daily_capacity = 3 WHERE id = $1', [catalog.providerA.id]);
});
afterAll(() => server.close());

// three days in one month, some weeks ahead (inside the booking window)
const month = () => inDays(45).slice(0, 7);
const day = (n: number) => `${month()}-${String(n).padStart(2, '0')}`;

async function book(from: string, to: string = from, menu: FixtureMenu = catalog.providerA.menus[0]): Promise<string> {
  const answer = await request(`${server.url}/bookings`, {
    token: consumer.idToken,
    json: bookingPayload(consumer, menu, { preferredDateRange: { from, to } }),
    headers: { nocart: 'true' },
  });
  expect(answer.status).toBe(201);
  return String(answer.body.bookingId);
}
const move = (bookingId: string, ...actions: Array<'accept' | 'confirmPayment' | 'failPayment' | 'cancel' | 'decline'>) =>
  actions.reduce<Promise<unknown>>((done, action) => done.then(() => transitionBooking(server.database, { bookingId, action, actor: 'calendar-test' })), Promise.resolve());

const calendarOf = (pid: string, user: TestUser | null, query: string) => request(`${server.url}/provider/${pid}/availability${query}`, { token: user?.idToken });

const empty = (date: string, capacity = 3): CalendarDay => ({ date, requested: 0, accepted: 0, confirmed: 0, held: 0, capacity, free: capacity, blocked: null });

test('each day of the month: its bookings by status, what holds capacity, what is left; blocked days with their reason', async () => {
  // the 10th: one request, one accepted, one paid; the 10th–11th: one accepted; the 11th: one whose payment failed
  // (it may still pay: it holds its day), one declined and one cancelled (they hold nothing)
  await book(day(10));
  await move(await book(day(10)), 'accept');
  await move(await book(day(10)), 'accept', 'confirmPayment');
  await move(await book(day(10), day(11)), 'accept');
  await move(await book(day(11)), 'accept', 'failPayment');
  await move(await book(day(11)), 'decline');
  await move(await book(day(11)), 'accept', 'cancel');
  // another provider's bookings are not this calendar's
  await move(await book(day(12), day(12), catalog.providerB.menus[0]), 'accept');
  // the 12th blocked with a reason, the 13th without
  expect((await request(`${server.url}/provider/${catalog.providerA.id}/blocked-days/${day(12)}`, { method: 'PUT', token: owner.idToken, json: { reason: 'Family wedding' } })).status).toBe(200);
  expect((await request(`${server.url}/provider/${catalog.providerA.id}/blocked-days/${day(13)}`, { method: 'PUT', token: owner.idToken })).status).toBe(200);

  const answer = await calendarOf(catalog.providerA.id, owner, `?month=${month()}`);
  expect(answer.status).toBe(200);
  const body = expectContract(providerAvailabilitySchema, answer.body);
  expect(body).toMatchObject({ providerId: catalog.providerA.id, dailyCapacity: 3, blockedDays: [{ date: day(12), reason: 'Family wedding' }, { date: day(13), reason: '' }] });
  const days = body.calendar!.days;
  expect(body.calendar!.month).toBe(month());
  const [year, monthNumber] = month().split('-').map(Number) as [number, number];
  expect(days.map((d) => d.date)).toEqual(Array.from({ length: new Date(Date.UTC(year, monthNumber, 0)).getUTCDate() }, (_, index) => day(index + 1)));
  const on = (n: number) => days.find((d) => d.date === day(n));
  expect(on(10)).toEqual({ date: day(10), requested: 1, accepted: 2, confirmed: 1, held: 3, capacity: 3, free: 0, blocked: null });
  expect(on(11)).toEqual({ date: day(11), requested: 0, accepted: 1, confirmed: 0, held: 2, capacity: 3, free: 1, blocked: null });
  expect(on(12)).toEqual({ ...empty(day(12)), free: 0, blocked: { reason: 'Family wedding' } });
  expect(on(13)).toEqual({ ...empty(day(13)), free: 0, blocked: { reason: '' } });
  expect(on(14)).toEqual(empty(day(14)));

  // the consumer's slot calendar agrees: the full and blocked days are the ones with nothing free
  const consumerMonth = await request(`${server.url}/services/${catalog.providerA.serviceId}/availability?month=${month()}`);
  expect((consumerMonth.body as { unavailable: Array<{ date: string }> }).unavailable.map((d) => d.date)).toEqual(days.filter((d) => d.free === 0).map((d) => d.date));

  // a new capacity takes effect at once: the 11th has two more
  expect((await request(`${server.url}/provider/${catalog.providerA.id}/availability`, { method: 'PUT', token: owner.idToken, json: { dailyCapacity: 4 } })).status).toBe(200);
  const after = expectContract(providerAvailabilitySchema, (await calendarOf(catalog.providerA.id, owner, `?month=${month()}`)).body).calendar!.days;
  expect(after.find((d) => d.date === day(11))).toMatchObject({ capacity: 4, free: 2 });
  expect(after.find((d) => d.date === day(10))).toMatchObject({ capacity: 4, free: 1 });
});

test('without ?month= the answer is as before (no calendar); a past month is fine', async () => {
  const plain = expectContract(providerAvailabilitySchema, (await calendarOf(catalog.providerA.id, owner, '')).body);
  expect(plain).not.toHaveProperty('calendar');
  const past = expectContract(providerAvailabilitySchema, (await calendarOf(catalog.providerA.id, owner, '?month=2024-02')).body);
  expect(past.calendar!.days).toHaveLength(29);
});

test('a month that is not one: 400 saying how it looks; another account 403; unknown 404; no token 401', async () => {
  for (const bad of ['2026-13', '2026-1', 'soon', '2026-02-01']) {
    const answer = await calendarOf(catalog.providerA.id, owner, `?month=${bad}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ issues: [{ message: 'month must look like 2026-12' }] });
  }
  expect(await calendarOf(catalog.providerA.id, stranger, `?month=${month()}`)).toMatchObject({ status: 403, body: errorAnswer('provider.notYourProvider') });
  expect((await calendarOf('00000000-0000-4000-8000-000000000000', owner, `?month=${month()}`)).status).toBe(404);
  expect((await calendarOf(catalog.providerA.id, null, `?month=${month()}`)).status).toBe(401);
});
