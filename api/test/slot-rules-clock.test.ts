import { addDays, MAX_DAYS_AHEAD, SLOT_MESSAGES } from '@utsav/contracts/slot-rules';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingPayload, fixtureAddressId, insertCatalogFixture, onboardConsumer, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * The slot rules over HTTP at a fixed clock (the API's `now`): India's date and hour decide, for bookings
 * and cart items alike, with the shared messages of @utsav/contracts/slot-rules.
 */

// 10:30 in India on 10 March 2026 (05:00 UTC)
let clock = new Date('2026-03-10T10:30:00+05:30');
const TODAY = '2026-03-10';

let server: TestServer;
let catalog: CatalogFixture;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
  catalog = await insertCatalogFixture(server.database);
  user = await signInWithPhone();
  await onboardConsumer(server.database, user);
});
afterAll(() => server.close());

const menu = () => catalog.providerA.menus[1];
const slot = (from: string, to: string, start: string, end: string) => ({ preferredDateRange: { from, to }, preferredTime: { start, end } });

const book = (change: Record<string, unknown>) =>
  request(`${server.url}/bookings`, { method: 'POST', token: user.idToken, json: bookingPayload(user, menu(), change), headers: { nocart: 'true' } });
const addToCart = (change: Record<string, unknown>) =>
  request(`${server.url}/cart/items`, {
    method: 'POST',
    token: user.idToken,
    json: { serviceId: menu().serviceId, menuId: menu().id, quantity: 1, note: '', addressId: fixtureAddressId(user), ...change },
  });

describe.each([
  ['POST /bookings', book, 201],
  ['POST /cart/items', addToCart, 201],
])('%s at 10:30 in India', (_name, send, created) => {
  test('a start hour already begun today is refused with the shared message: 08:00, 09:00, 10:00', async () => {
    for (const start of ['08:00', '09:00', '10:00']) {
      const response = await send(slot(TODAY, TODAY, start, '12:00'));
      expect([start, response.status, response.body.message]).toEqual([start, 400, SLOT_MESSAGES.startHourGone]);
      expect(response.body.issues).toEqual([{ path: 'preferredTime.start', message: SLOT_MESSAGES.startHourGone }]);
    }
  });

  test('11:00 today is still open; so is 08:00 tomorrow', async () => {
    expect((await send(slot(TODAY, TODAY, '11:00', '12:00'))).status).toBe(created);
    expect((await send(slot(addDays(TODAY, 1), addDays(TODAY, 1), '08:00', '09:00'))).status).toBe(created);
  });

  test('the window: yesterday refused, the 365th day fine, the 366th refused', async () => {
    expect((await send(slot(addDays(TODAY, -1), TODAY, '12:00', '13:00'))).body.message).toBe(SLOT_MESSAGES.startDateInPast);
    const last = addDays(TODAY, MAX_DAYS_AHEAD);
    expect((await send(slot(last, last, '08:00', '09:00'))).status).toBe(created);
    const beyond = await send(slot(last, addDays(last, 1), '08:00', '09:00'));
    expect([beyond.status, beyond.body.message]).toEqual([400, SLOT_MESSAGES.tooFarAhead]);
  });
});

describe('India’s date, not the server’s', () => {
  test('at 19:00 UTC on the 10th it is already the 11th in India: the 10th is past, 08:00 on the 11th is gone', async () => {
    clock = new Date('2026-03-10T19:00:00Z'); // 00:30 on 11 March in India
    try {
      const past = await book(slot(TODAY, addDays(TODAY, 1), '12:00', '13:00'));
      expect([past.status, past.body.message]).toEqual([400, SLOT_MESSAGES.startDateInPast]);
      const early = await book(slot('2026-03-11', '2026-03-11', '08:00', '09:00'));
      expect(early.status).toBe(201);
      expect(early.body.bookingDate).toBe('2026-03-11');
    } finally {
      clock = new Date('2026-03-10T10:30:00+05:30');
    }
  });

  test('at 17:00 in India no start hour is left today', async () => {
    clock = new Date('2026-03-10T17:00:00+05:30');
    try {
      const late = await book(slot(TODAY, TODAY, '17:00', '18:00'));
      expect([late.status, late.body.message]).toEqual([400, SLOT_MESSAGES.startHourGone]);
    } finally {
      clock = new Date('2026-03-10T10:30:00+05:30');
    }
  });
});
