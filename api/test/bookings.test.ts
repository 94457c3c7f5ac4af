import { bookingSchema, cartSchema } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '../src/bookings/booking-messages';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { SLOT_MESSAGES } from '@utsav/contracts/slot-rules';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import {
  bookingEvents,
  bookingPayload,
  expectContract,
  inDays,
  insertCatalogFixture,
  onboardConsumer,
  fixtureAddressId,
  FIXTURE_ADDRESS,
  type CatalogFixture,
  type FixtureMenu,
} from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let catalog: CatalogFixture;
let user: TestUser;
let menu: FixtureMenu;
beforeAll(async () => {
  // early today in India, whenever the suite runs: every start hour of today is still open
  server = await startTestServer({}, { now: () => new Date(`${todayInIndia()}T07:30:00+05:30`) });
  catalog = await insertCatalogFixture(server.database);
  menu = catalog.providerA.menus[1];
  user = await signInWithPhone();
  await onboardConsumer(server.database, user);
});
afterAll(() => server.close());

const book = (json: unknown, token: string | undefined = user.idToken, headers: Record<string, string> = { nocart: 'true' }) =>
  request(`${server.url}/bookings`, { method: 'POST', token, json, headers });

describe('POST /bookings', () => {
  test('201: stored as requested, priced from the menu whatever the payload says', async () => {
    const payload = bookingPayload(user, menu, {
      amount: 1,
      currency: 'USD',
      menuName: 'A cheaper name',
      bookingDate: '2001-01-01',
      createdAt: '2001-01-01T00:00:00.000Z',
      note: '  Please bring a second shooter.\r\nParking at the back.  ',
    });
    const response = await book(payload);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const booking = expectContract(bookingSchema, response.body);
    expect(booking).toEqual({
      bookingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      serviceId: menu.serviceId,
      menuId: menu.id,
      menuName: menu.name,
      serviceTitle: 'Lens Studio Photography',
      providerName: 'Lens Studio',
      address: FIXTURE_ADDRESS,
      status: 'requested',
      bookingDate: todayInIndia(),
      preferredDateRange: payload.preferredDateRange,
      preferredTime: { start: '09:00', end: '17:00' },
      note: 'Please bring a second shooter.\nParking at the back.',
      currency: 'INR',
      amount: 7_500_050,
      listAmount: 7_500_050,
      discount: 0,
      couponCode: null,
      payment: { advance: 750_005, platformFee: 15_000, gst: 2_700, payNow: 767_705, remaining: 6_750_045 },
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(booking.createdAt) - Date.now())).toBeLessThan(60_000);

    const [row] = await server.database.query<Record<string, unknown>>(
      'SELECT consumer_uid, consumer_name, consumer_email, provider_id::text AS provider_id FROM bookings WHERE id = $1',
      [booking.bookingId],
    );
    expect(row).toEqual({ consumer_uid: user.uid, consumer_name: 'Asha Verma', consumer_email: 'asha@example.in', provider_id: catalog.providerA.id });
    expect(await bookingEvents(server.database, booking.bookingId)).toEqual([
      { from_status: null, to_status: 'requested', actor: user.uid, reason: 'requested by the consumer' },
    ]);
  });

  test("the consumer's name and email are the stored profile's: forged ones in the payload are ignored", async () => {
    const someone = await signInWithPhone();
    await onboardConsumer(server.database, someone, { name: 'Meera Iyer', email: 'meera@example.in' });
    const response = await book(
      bookingPayload(someone, menu, { consumerName: 'Ravi Kumar', consumerEmail: 'ravi@evil.example' }),
      someone.idToken,
    );
    expect(response.status).toBe(201);
    const [row] = await server.database.query<Record<string, unknown>>('SELECT consumer_name, consumer_email FROM bookings WHERE id = $1', [
      String(response.body.bookingId),
    ]);
    expect(row).toEqual({ consumer_name: 'Meera Iyer', consumer_email: 'meera@example.in' });
  });

  test.each<[string, Record<string, unknown>]>([
    ['without consumerName and consumerEmail', { consumerName: undefined, consumerEmail: undefined }],
    ['with a blank name and a malformed email (old clients: ignored, not refused)', { consumerName: '  ', consumerEmail: 'asha@' }],
  ])('a payload %s books with the profile', async (_label, change) => {
    const response = await book(bookingPayload(user, menu, change));
    expect(response.status).toBe(201);
    const [row] = await server.database.query<Record<string, unknown>>('SELECT consumer_name, consumer_email FROM bookings WHERE id = $1', [
      String(response.body.bookingId),
    ]);
    expect(row).toEqual({ consumer_name: 'Asha Verma', consumer_email: 'asha@example.in' });
  });

  test('a user who has not onboarded (no profile) cannot book: 409, nothing stored', async () => {
    const newcomer = await signInWithPhone();
    const response = await book(bookingPayload(newcomer, menu), newcomer.idToken);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(errorSaying('Complete your profile before booking: the booking carries the name and email saved in it.'));
    const [count] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE consumer_uid = $1', [newcomer.uid]);
    expect(count?.n).toBe(0);
  });

  test('the note is plain text: markup comes back verbatim as a JSON string', async () => {
    const note = '<script>alert("x")</script> <b>bold?</b> &amp; \'quotes\'';
    const response = await book(bookingPayload(user, menu, { note }));
    expect(response.status).toBe(201);
    expect(response.body.note).toBe(note);
    const read = await request(`${server.url}/bookings/${String(response.body.bookingId)}`, { token: user.idToken });
    expect(read.body.note).toBe(note);
  });

  test('control characters are dropped (NUL cannot be stored), and a blank note is left out', async () => {
    const withNul = await book(bookingPayload(user, menu, { note: 'a\u0000b\u0007c\td' }));
    expect(withNul.status).toBe(201);
    expect(withNul.body.note).toBe('abc\td');
    const blank = await book(bookingPayload(user, menu, { note: '   \n ' }));
    expect(blank.status).toBe(201);
    expect(blank.body).not.toHaveProperty('note');
    const none = await book(bookingPayload(user, menu, { note: undefined }));
    expect(none.status).toBe(201);
    expect(none.body).not.toHaveProperty('note');
  });

  test('status, ids and other extra fields of the payload are ignored (no mass assignment)', async () => {
    const bookingId = randomUUID();
    const response = await book(
      bookingPayload(user, menu, { status: 'confirmed', bookingId, providerId: catalog.providerB.id, failureReason: 'x', consumerUid: 'x' }),
    );
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('requested');
    expect(response.body.bookingId).not.toBe(bookingId);
    const [row] = await server.database.query<{ provider_id: string; failure_reason: null }>(
      'SELECT provider_id::text AS provider_id, failure_reason FROM bookings WHERE id = $1',
      [response.body.bookingId],
    );
    expect(row).toEqual({ provider_id: catalog.providerA.id, failure_reason: null });
  });

  test('today, a single day and the outer hours are fine', async () => {
    const response = await book(
      bookingPayload(user, menu, { preferredDateRange: { from: inDays(0), to: inDays(0) }, preferredTime: { start: '08:00', end: '18:00' } }),
    );
    expect(response.status).toBe(201);
    expect(response.body.preferredTime).toEqual({ start: '08:00', end: '18:00' });
  });

  test('the menu id may be upper case', async () => {
    const response = await book(bookingPayload(user, menu, { menuId: menu.id.toUpperCase(), serviceId: menu.serviceId.toUpperCase() }));
    expect(response.status).toBe(201);
    expect(response.body.menuId).toBe(menu.id);
  });

  test('no token: 401', async () => {
    const response = await book(bookingPayload(user, menu), '');
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/^Sign in required/);
  });

  test('a consumerId that is not the signed-in user: 403, nothing stored', async () => {
    const other = await signInWithPhone();
    const response = await book(bookingPayload(user, menu, { consumerId: other.uid }));
    expect(response).toMatchObject({ status: 403, body: errorSaying('You can only book for yourself.') });
    const [count] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE consumer_uid = $1', [other.uid]);
    expect(count?.n).toBe(0);
  });

  test('an unknown menu: 404 Menu not found; a malformed menu id too', async () => {
    for (const menuId of [randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
      const response = await book(bookingPayload(user, menu, { menuId }));
      expect(response).toEqual(expect.objectContaining({ status: 404, body: errorSaying('Menu not found') }));
    }
  });

  test('a menu of another service: 400', async () => {
    const response = await book(bookingPayload(user, menu, { serviceId: catalog.providerB.serviceId }));
    expect(response).toMatchObject({ status: 400, body: errorSaying('This package does not belong to that service.') });
    const unknownService = await book(bookingPayload(user, menu, { serviceId: 'nope' }));
    expect(unknownService.status).toBe(400);
  });

  describe('validation: 400 with a message, nothing stored', () => {
    let before: number;
    const count = async () =>
      (await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE consumer_uid = $1', [user.uid]))[0]!.n;
    beforeAll(async () => {
      before = await count();
    });
    afterAll(async () => {
      expect(await count()).toBe(before);
    });

    test.each<[string, Record<string, unknown>, string | RegExp]>([
      ['the end time equal to the start', { preferredTime: { start: '12:00', end: '12:00' } }, SLOT_MESSAGES.endTimeNotAfterStart],
      ['the end time before the start', { preferredTime: { start: '15:00', end: '10:00' } }, 'The end time must be after the start time.'],
      ['a start before 08:00', { preferredTime: { start: '07:00', end: '10:00' } }, SLOT_MESSAGES.startTime],
      ['a start after 17:00', { preferredTime: { start: '18:00', end: '18:00' } }, SLOT_MESSAGES.startTime],
      ['a start off the hour', { preferredTime: { start: '09:30', end: '17:00' } }, SLOT_MESSAGES.startTime],
      ['an end after 18:00', { preferredTime: { start: '09:00', end: '19:00' } }, SLOT_MESSAGES.endTime],
      ['a time that is not HH:mm', { preferredTime: { start: '9am', end: '17:00' } }, 'preferredTime.start: Times must look like 09:00'],
      ['no time range', { preferredTime: undefined }, /^preferredTime: /],
      ['the end date before the start', { preferredDateRange: { from: inDays(5), to: inDays(4) } }, SLOT_MESSAGES.endDateBeforeStart],
      ['a start date in the past', { preferredDateRange: { from: inDays(-1), to: inDays(2) } }, SLOT_MESSAGES.startDateInPast],
      ['a date over a year ahead', { preferredDateRange: { from: inDays(10), to: inDays(366) } }, SLOT_MESSAGES.tooFarAhead],
      ['a date that does not exist', { preferredDateRange: { from: '2031-02-30', to: '2031-03-01' } }, 'preferredDateRange.from: Dates must look like 2026-12-31'],
      ['no date range', { preferredDateRange: undefined }, /^preferredDateRange: /],
      ['no menu id', { menuId: '' }, 'menuId: menuId is required'],
      ['no service id', { serviceId: undefined }, /^serviceId: /],
      ['no consumerId', { consumerId: undefined }, /^consumerId: /],
      ['a note over 500 characters', { note: 'x'.repeat(501) }, 'note: The note must be at most 500 characters'],
      ['a note that is not text', { note: 42 }, /^note: /],
    ])('%s', async (_label, change, message) => {
      const response = await book(bookingPayload(user, menu, change));
      expect(response.status).toBe(400);
      if (typeof message === 'string') expect(response.body.message).toBe(message);
      else expect(response.body.message).toMatch(message);
      expect(Array.isArray(response.body.issues)).toBe(true);
    });

    test('a body that is not an object, or none', async () => {
      expect((await book(['booking'])).status).toBe(400);
      expect((await request(`${server.url}/bookings`, { method: 'POST', token: user.idToken })).status).toBe(400);
      const text = await request(`${server.url}/bookings`, {
        method: 'POST',
        token: user.idToken,
        body: '{"consumerId":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(text).toMatchObject({ status: 400, body: errorSaying('Request body is not valid JSON') });
    });
  });
});

describe('booking from the cart (the nocart header)', () => {
  // each on its own day: the same selection twice is refused (a cart line is one booking)
  let day = 20;
  async function addToCart(): Promise<string> {
    day += 1;
    const response = await request(`${server.url}/cart/items`, {
      token: user.idToken,
      json: {
        serviceId: menu.serviceId,
        menuId: menu.id,
        preferredDateRange: { from: inDays(day), to: inDays(day) },
        preferredTime: { start: '10:00', end: '12:00' },
        addressId: fixtureAddressId(user),
      },
    });
    expect(response.status).toBe(201);
    const cart = cartSchema.parse(response.body);
    return cart.items[cart.items.length - 1]!.cartItemId;
  }
  const cartItemIds = async () =>
    cartSchema.parse((await request(`${server.url}/cart`, { token: user.idToken })).body).items.map((item) => item.cartItemId);

  test('without nocart, cartItemId names the item the booking came from: it leaves the cart', async () => {
    const itemId = await addToCart();
    const response = await book(bookingPayload(user, menu, { cartItemId: itemId }), user.idToken, {});
    expect(response.status).toBe(201);
    expect(await cartItemIds()).not.toContain(itemId);
  });

  test('nocart: true leaves the cart alone even with a cartItemId', async () => {
    const itemId = await addToCart();
    const response = await book(bookingPayload(user, menu, { cartItemId: itemId }), user.idToken, { nocart: 'true' });
    expect(response.status).toBe(201);
    expect(await cartItemIds()).toContain(itemId);
  });

  const bookingCount = async (uid: string) =>
    (await server.database.query<{ count: number }>('SELECT count(*)::int AS count FROM bookings WHERE consumer_uid = $1', [uid]))[0]!.count;

  test('an item that is not in the cart any more: 409, nothing booked (the insert is rolled back)', async () => {
    const itemId = await addToCart();
    expect((await book(bookingPayload(user, menu, { cartItemId: itemId }), user.idToken, {})).status).toBe(201);
    const before = await bookingCount(user.uid);
    const again = await book(bookingPayload(user, menu, { cartItemId: itemId }), user.idToken, {});
    expect(again).toMatchObject({ status: 409, body: { code: BOOKING_MESSAGES.cartItemGone } });
    expect(await bookingCount(user.uid)).toBe(before);
  });

  test('someone else’s item: 409, nothing booked, their cart untouched', async () => {
    const itemId = await addToCart();
    const other = await signInWithPhone();
    await onboardConsumer(server.database, other);
    const response = await book(bookingPayload(other, menu, { cartItemId: itemId }), other.idToken, {});
    expect(response).toMatchObject({ status: 409, body: { code: BOOKING_MESSAGES.cartItemGone } });
    expect(await bookingCount(other.uid)).toBe(0);
    expect(await cartItemIds()).toContain(itemId);
  });

  test('an item of another menu: 409 after the delete, which is rolled back with the booking', async () => {
    const itemId = await addToCart();
    const before = await bookingCount(user.uid);
    const response = await book(bookingPayload(user, catalog.providerA.menus[0], { cartItemId: itemId }), user.idToken, { nocart: 'false' });
    expect(response).toMatchObject({ status: 409, body: { code: BOOKING_MESSAGES.cartItemOtherMenu } });
    expect(await bookingCount(user.uid)).toBe(before);
    expect(await cartItemIds()).toContain(itemId);
  });

  test('a malformed id is not in the cart (409); a cartItemId that is not a string is a 400', async () => {
    const before = await bookingCount(user.uid);
    expect(await book(bookingPayload(user, menu, { cartItemId: 'x' }), user.idToken, {})).toMatchObject({
      status: 409,
      body: { code: BOOKING_MESSAGES.cartItemGone },
    });
    expect(await book(bookingPayload(user, menu, { cartItemId: 7 }), user.idToken, {})).toMatchObject({
      status: 400,
      body: errorSaying('cartItemId: cartItemId must be a string'),
    });
    expect(await bookingCount(user.uid)).toBe(before);
  });

  test('the same item booked twice at once: exactly one booking, the item gone', async () => {
    const itemId = await addToCart();
    const before = await bookingCount(user.uid);
    const answers = await Promise.all([1, 2, 3].map(() => book(bookingPayload(user, menu, { cartItemId: itemId }), user.idToken, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await bookingCount(user.uid)).toBe(before + 1);
    expect(await cartItemIds()).not.toContain(itemId);
  });
});
