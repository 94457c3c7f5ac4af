import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../src/http/json-body';
import { containsNul, withoutNulCharacters } from '../../src/http/nul-characters';
import { MAX_OFFERS } from '../../src/payments/offer-routes';
import { MAX_PAGE_SIZE } from '../../src/http/page-query';
import { signInWithPhone, type TestUser } from '../support/auth-emulator';
import { bookingPayload, makeProviderOwner, saveFixtureAddress } from '../support/bookings';
import { photoForm, tinyPng } from '../support/images';
import { bookingIn } from '../support/payments';
import { startSecurityWorld, type SecurityWorld } from '../support/security-fixtures';
import { request } from '../support/test-server';
import { errorAnswer, errorSaying } from '../support/error-answers';

let world: SecurityWorld;
let consumer: TestUser;
let provider: TestUser;
const api = () => world.stack.server.url;
const db = () => world.stack.server.database;

beforeAll(async () => {
  world = await startSecurityWorld();
  [consumer, provider] = await Promise.all([signInWithPhone(), signInWithPhone()]);
  await makeProviderOwner(db(), world.catalog.providerA.id, provider.uid);
}, 60_000);
afterAll(() => world.close());

/** Copies a booking n times (straight into the table: making hundreds over HTTP would only slow the test). */
async function cloneBooking(bookingId: string, copies: number): Promise<void> {
  const columns =
    'consumer_uid, consumer_name, consumer_email, service_id, menu_id, provider_id, menu_name, amount, list_amount, discount, coupon_code, currency, status, failure_reason, booking_date, date_from, date_to, time_start, time_end, note, ' +
    'service_title, provider_name, address_label, address_line1, address_line2, address_landmark, address_city, address_state, address_pincode';
  await db().query(
    `INSERT INTO bookings (${columns}, created_at)
     SELECT ${columns}, created_at - n * interval '1 second' FROM bookings, generate_series(1, $2::int) AS n WHERE id = $1`,
    [bookingId, copies],
  );
}

describe('upload size (UPLOAD_LIMIT_BYTES, 5 MiB by default)', () => {
  const upload = (bytes: Buffer) =>
    fetch(`${api()}/users/consumer/upload/${consumer.uid}`, { method: 'POST', headers: { Authorization: `Bearer ${consumer.idToken}` }, body: photoForm(bytes) });
  const padded = (size: number) => Buffer.concat([tinyPng(), Buffer.alloc(size - tinyPng().length)]);

  test('exactly 5 MiB is stored', async () => {
    expect((await upload(padded(5 * 1024 * 1024))).status).toBe(201);
  });

  test('5 MiB + 1 byte is 413 with a message', async () => {
    const response = await upload(padded(5 * 1024 * 1024 + 1));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(errorSaying(expect.stringMatching(/5 MB|5 MiB|5242880/)));
  });
});

describe('list sizes', () => {
  test.each([
    ['/services', 50],
    ['/services/popular', 20],
    ['/services/latest', 20],
  ])('%s: limit at most %i, more is a 400', async (path, max) => {
    expect((await request(`${api()}${path}?limit=${max}`)).status).toBe(200);
    const over = await request(`${api()}${path}?limit=${max + 1}`);
    expect(over).toMatchObject({ status: 400, body: { message: expect.stringContaining('limit') } });
  });

  test(`GET /bookings/user/:uid: pages of at most ${MAX_PAGE_SIZE}, newest first; a bigger limit or a bad offset is a 400`, async () => {
    const booking = await bookingIn(world.stack.server, consumer, world.catalog.providerA.menus[0], 'requested');
    await cloneBooking(booking.bookingId, MAX_PAGE_SIZE + 4);
    const url = `${api()}/bookings/user/${consumer.uid}`;
    const all = await request(url, { token: consumer.idToken });
    expect(all.status).toBe(200);
    const list = all.body as unknown as { bookingId: string }[];
    expect(list).toHaveLength(MAX_PAGE_SIZE);
    expect(list[0]!.bookingId).toBe(booking.bookingId); // the original is the newest

    const page = await request(`${url}?limit=2&offset=1`, { token: consumer.idToken });
    expect((page.body as unknown as { bookingId: string }[]).map((item) => item.bookingId)).toEqual(list.slice(1, 3).map((item) => item.bookingId));
    const tail = await request(`${url}?offset=${MAX_PAGE_SIZE}`, { token: consumer.idToken });
    expect(tail.body).toHaveLength(5);

    for (const query of [`limit=${MAX_PAGE_SIZE + 1}`, 'limit=0', 'limit=-1', 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=10001']) {
      const refused = await request(`${url}?${query}`, { token: consumer.idToken });
      expect([query, refused.status, typeof refused.body.message]).toEqual([query, 400, 'string']);
    }
    expect((await request(`${url}?limit=${MAX_PAGE_SIZE + 1}`, { token: consumer.idToken })).body).toMatchObject({
      message: `limit: limit must be between 1 and ${MAX_PAGE_SIZE}`,
    });
  });

  test(`GET /provider/bookings: pages of at most ${MAX_PAGE_SIZE}, like My Bookings`, async () => {
    const url = `${api()}/provider/bookings`;
    const all = await request(url, { token: provider.idToken });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(MAX_PAGE_SIZE);
    const requested = await request(`${url}?status=requested&limit=3`, { token: provider.idToken });
    expect(requested.body).toHaveLength(3);
    expect((await request(`${url}?limit=${MAX_PAGE_SIZE + 1}`, { token: provider.idToken })).status).toBe(400);
  });

  test('GET /cart: at most 20 items, the 21st is a 409', async () => {
    const user = await signInWithPhone();
    const menu = world.catalog.providerB.menus[0];
    const { preferredDateRange, preferredTime } = bookingPayload(user, menu);
    const addressId = await saveFixtureAddress(db(), user);
    const add = (note: string) => request(`${api()}/cart/items`, { token: user.idToken, json: { serviceId: menu.serviceId, menuId: menu.id, preferredDateRange, preferredTime, note, addressId } });
    for (let i = 0; i < 20; i++) expect((await add(`item ${i}`)).status).toBe(201);
    const full = await add('one too many');
    expect(full).toMatchObject({ status: 409, body: errorSaying('Your cart is full (20 items). Remove an item to add another.') });
    expect((await request(`${api()}/cart`, { token: user.idToken })).body.items).toHaveLength(20);
  });

  test(`GET /offers: at most ${MAX_OFFERS}`, async () => {
    await db().query(
      `INSERT INTO offers (code, description, discount_type, discount_value, min_cart_value, valid_until)
       SELECT 'BULK' || n, 'Bulk offer', 'fixed', 100, n, now() + interval '1 day' FROM generate_series(1, $1::int) AS n`,
      [MAX_OFFERS + 5],
    );
    const response = await request(`${api()}/offers`);
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(MAX_OFFERS);
  });
});

describe(`JSON body depth (at most ${MAX_JSON_DEPTH} levels, checked on the raw text before parsing)`, () => {
  const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const post = (path: string, body: string, token?: string) =>
    fetch(`${api()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body });
  const answer = async (response: Response) => ({ status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as unknown });
  const tooDeep = { status: 400, type: expect.stringMatching(/^application\/json/), body: errorAnswer(TOO_DEEP_MESSAGE) };

  test.each([
    ['an array', deepArray],
    ['an object', deepObject],
  ])('%s one level too deep: 400 with a message, signed in or not (before authentication)', async (_kind, nest) => {
    expect(await answer(await post('/cart/items', nest(MAX_JSON_DEPTH + 1), consumer.idToken))).toEqual(tooDeep);
    expect(await answer(await post('/cart/items', nest(MAX_JSON_DEPTH + 1)))).toEqual(tooDeep);
    expect(await answer(await post('/bookings', `{"note":"x","preferredDateRange":${nest(MAX_JSON_DEPTH)}}`, consumer.idToken))).toEqual(tooDeep);
  });

  test.each([
    ['an array', deepArray],
    ['an object', deepObject],
  ])('%s exactly at the limit is parsed: the route answers it (a 400 of its own, never a 500)', async (_kind, nest) => {
    const response = await answer(await post('/cart/items', nest(MAX_JSON_DEPTH), consumer.idToken));
    expect(response).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    expect(response.body).not.toEqual(errorAnswer(TOO_DEEP_MESSAGE));
  });

  test('200 000 levels (400 KB, under the body limit): 400 at once, and the server answers the next request', async () => {
    const started = Date.now();
    expect(await answer(await post('/cart/items', deepArray(200_000), consumer.idToken))).toEqual(tooDeep);
    expect(await answer(await post('/users/consumer/x', deepObject(100_000)))).toEqual(tooDeep);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await request(`${api()}/health`)).status).toBe(200);
    expect((await request(`${api()}/cart`, { token: consumer.idToken })).status).toBe(200);
  });

  test('brackets inside strings (escaped quotes and backslashes included) are text, not nesting', async () => {
    const brackets = '['.repeat(200) + '{'.repeat(200);
    for (const note of [brackets, `"${brackets}`, `\\${brackets}`, `\\"${brackets}`]) {
      const response = await answer(await post('/cart/items', JSON.stringify({ note, menuId: 'x' }), consumer.idToken));
      expect([note.slice(0, 3), response.status]).toEqual([note.slice(0, 3), 400]);
      expect(response.body).not.toEqual(errorAnswer(TOO_DEEP_MESSAGE));
    }
  });

  test('the webhook keeps its raw body: a deep one is not parsed, it fails its signature check like any other', async () => {
    const response = await answer(await post('/payment/webhook', deepArray(200_000)));
    expect(response.status).toBe(400);
    expect(response.body).not.toEqual(errorAnswer(TOO_DEEP_MESSAGE));
  });

  test('the NUL walk needs no stack: a value 200 000 levels deep (not from the parser) is checked and cleaned', () => {
    const deep = (leaf: unknown) => {
      let value: unknown = leaf;
      for (let i = 0; i < 200_000; i++) value = i % 2 ? [value] : { ['k\u0000']: value };
      return value;
    };
    expect(containsNul(deep('clean'))).toBe(true); // the keys hold NUL
    let cleaned = withoutNulCharacters(deep('a\u0000b'));
    expect(containsNul(cleaned)).toBe(false);
    for (let i = 199_999; i >= 0; i--) cleaned = i % 2 ? (cleaned as unknown[])[0] : (cleaned as Record<string, unknown>).k;
    expect(cleaned).toBe('ab');
    expect(containsNul([[['x'], { y: ['z'] }]])).toBe(false);
  });
});
