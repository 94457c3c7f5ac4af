import { paymentBreakdown } from '@utsav/contracts/money';
import { cartCountSchema, cartSchema, type Cart } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { SLOT_MESSAGES } from '@utsav/contracts/slot-rules';
import { CART_MAX_ITEMS } from '../src/cart/cart-repository';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, FIXTURE_ADDRESS, fixtureAddressId, inDays, insertCatalogFixture, saveFixtureAddress, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let catalog: CatalogFixture;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
});
afterAll(() => server.close());

const itemFor = (menu: FixtureMenu, change: Record<string, unknown> = {}) => ({
  serviceId: menu.serviceId,
  menuId: menu.id,
  preferredDateRange: { from: inDays(7), to: inDays(8) },
  preferredTime: { start: '10:00', end: '14:00' },
  note: 'Haldi in the morning',
  ...change,
});
const getCart = (user: TestUser) => request(`${server.url}/cart`, { token: user.idToken });
/** POST /cart/items as the slot page sends it: for the user's saved (fixture) address unless the body names one. */
const add = async (user: TestUser, json: Record<string, unknown>) => {
  await saveFixtureAddress(server.database, user);
  return request(`${server.url}/cart/items`, { token: user.idToken, json: { addressId: fixtureAddressId(user), ...json } });
};
const remove = (user: TestUser, id: string) =>
  request(`${server.url}/cart/items/${encodeURIComponent(id)}`, { method: 'DELETE', token: user.idToken });

describe('GET /cart', () => {
  test('created empty on first read, the same cart after', async () => {
    const user = await signInWithPhone();
    const first = await getCart(user);
    expect(first.status).toBe(200);
    const cart = expectContract(cartSchema, first.body);
    expect(cart).toEqual({
      cartId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      consumerId: user.uid,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      items: [],
      coupon: null,
      totals: { subtotal: 0, discount: 0, total: 0, dueAfterAcceptance: 0, paidToProviderLater: 0 },
    });
    expect((await getCart(user)).body).toEqual(first.body);
  });

  test('no token: 401', async () => {
    expect((await request(`${server.url}/cart`)).status).toBe(401);
  });
});

describe('GET /cart/count', () => {
  const count = (user: TestUser) => request(`${server.url}/cart/count`, { token: user.idToken });

  test('how many lines the cart holds, without a cart at first, after an add and a removal', async () => {
    const user = await signInWithPhone();
    expect(expectContract(cartCountSchema, (await count(user)).body)).toEqual({ count: 0 });
    const added = cartSchema.parse((await add(user, itemFor(catalog.providerA.menus[0]))).body);
    await add(user, itemFor(catalog.providerB.menus[0]));
    expect((await count(user)).body).toEqual({ count: 2 });
    await remove(user, added.items[0]!.cartItemId);
    expect((await count(user)).body).toEqual({ count: 1 });
    // another user's cart is theirs
    expect((await count(await signInWithPhone())).body).toEqual({ count: 0 });
  });

  test('no token: 401', async () => {
    expect((await request(`${server.url}/cart/count`)).status).toBe(401);
  });
});

describe('POST /cart/items', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signInWithPhone();
  });

  test('201 with the whole cart, priced by the server; title and price come from the menu, service and provider from the catalogue', async () => {
    const menu = catalog.providerA.menus[1];
    const response = await add(user, { ...itemFor(menu), title: 'Cheap', price: 1, currency: 'USD', quantity: 1 });
    expect(response.status).toBe(201);
    const cart = expectContract(cartSchema, response.body);
    expect(cart.consumerId).toBe(user.uid);
    const breakdown = paymentBreakdown(menu.price);
    expect(cart.items).toEqual([
      {
        cartItemId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        serviceId: menu.serviceId,
        menuId: menu.id,
        title: menu.name,
        // who is booked, from the database (the request's words are not asked for)
        serviceTitle: 'Lens Studio Photography',
        providerName: 'Lens Studio',
        quantity: 1,
        price: menu.price,
        currency: 'INR',
        preferredDateRange: { from: inDays(7), to: inDays(8) },
        preferredTime: { start: '10:00', end: '14:00' },
        note: 'Haldi in the morning',
        pricing: {
          listAmount: menu.price,
          discount: 0,
          amount: menu.price,
          advance: breakdown.advance,
          platformFee: breakdown.platformFee,
          gst: breakdown.gst,
          payNow: breakdown.payNow,
          remaining: breakdown.remaining,
        },
        addressId: fixtureAddressId(user),
        address: FIXTURE_ADDRESS,
      },
    ]);
    expect(cart.coupon).toBeNull();
    expect(cart.totals).toEqual({
      subtotal: menu.price,
      discount: 0,
      total: menu.price,
      dueAfterAcceptance: breakdown.payNow,
      paidToProviderLater: breakdown.remaining,
    });
    expect(Date.parse(cart.updatedAt)).toBeGreaterThanOrEqual(Date.parse(cart.createdAt));
  });

  test('the same selection again is a 409 (a line is one booking); a different one is a new line, in the order added', async () => {
    const fresh = await signInWithPhone();
    const menu = catalog.providerB.menus[0];
    await add(fresh, itemFor(menu));
    expect(await add(fresh, itemFor(menu))).toMatchObject({ status: 409, body: errorSaying('This selection is already in your cart') });
    const other = expectContract(cartSchema, (await add(fresh, itemFor(menu, { preferredTime: { start: '11:00', end: '14:00' } }))).body);
    expect(other.items.map((item) => [item.preferredTime.start, item.quantity])).toEqual([['10:00', 1], ['11:00', 1]]);
  });

  test('the price follows the menu until booked', async () => {
    const fresh = await signInWithPhone();
    const menu = catalog.providerB.menus[1];
    await add(fresh, itemFor(menu));
    await server.database.query('UPDATE menus SET price = price + 100 WHERE id = $1', [menu.id]);
    try {
      const cart = cartSchema.parse((await getCart(fresh)).body);
      expect(cart.items[0]?.price).toBe(menu.price + 100);
    } finally {
      await server.database.query('UPDATE menus SET price = $2 WHERE id = $1', [menu.id, menu.price]);
    }
  });

  test('the note is plain text, trimmed, markup kept verbatim', async () => {
    const fresh = await signInWithPhone();
    const note = '  <img src=x onerror=alert(1)> & more  ';
    const cart = cartSchema.parse((await add(fresh, itemFor(catalog.providerA.menus[0], { note }))).body);
    expect(cart.items[0]?.note).toBe(note.trim());
  });

  test.each<[string, number, Record<string, unknown>, string | RegExp]>([
    ['the end time not after the start', 400, { preferredTime: { start: '12:00', end: '12:00' } }, SLOT_MESSAGES.endTimeNotAfterStart],
    ['a start off the hour', 400, { preferredTime: { start: '09:15', end: '12:00' } }, SLOT_MESSAGES.startTime],
    ['a start date in the past', 400, { preferredDateRange: { from: inDays(-3), to: inDays(1) } }, SLOT_MESSAGES.startDateInPast],
    ['the end date before the start', 400, { preferredDateRange: { from: inDays(3), to: inDays(1) } }, SLOT_MESSAGES.endDateBeforeStart],
    ['over a year ahead', 400, { preferredDateRange: { from: inDays(400), to: inDays(400) } }, SLOT_MESSAGES.tooFarAhead],
    ['a quantity of 0', 400, { quantity: 0 }, /^quantity: /],
    ['a quantity of 2 (a line is one booking)', 400, { quantity: 2 }, 'quantity: A cart line is one booking: quantity must be 1'],
    ['a quantity of 11', 400, { quantity: 11 }, /^quantity: /],
    ['a note over 500 characters', 400, { note: 'x'.repeat(501) }, /^note: /],
    ['no menu id', 400, { menuId: '' }, 'menuId: menuId is required'],
    ['an unknown menu', 404, { menuId: randomUUID() }, 'Menu not found'],
    ['a malformed menu id', 404, { menuId: 'abc' }, 'Menu not found'],
    ['a menu of another service', 400, { serviceId: randomUUID() }, 'This package does not belong to that service.'],
  ])('%s: %i', async (_label, status, change, message) => {
    const fresh = await signInWithPhone();
    const response = await add(fresh, itemFor(catalog.providerA.menus[0], change));
    expect(response.status).toBe(status);
    if (typeof message === 'string') expect(response.body.message).toBe(message);
    else expect(response.body.message).toMatch(message);
    expect(cartSchema.parse((await getCart(fresh)).body).items).toEqual([]);
  });

  test('no token: 401', async () => {
    expect((await request(`${server.url}/cart/items`, { json: itemFor(catalog.providerA.menus[0]) })).status).toBe(401);
  });
});

describe('limits', () => {
  test(`at most ${CART_MAX_ITEMS} lines: the next one is a 409, and the cart is unchanged`, async () => {
    const user = await signInWithPhone();
    const menu = catalog.providerA.menus[0];
    let cart: Cart | undefined;
    for (let day = 1; day <= CART_MAX_ITEMS; day += 1) {
      const response = await add(user, itemFor(menu, { preferredDateRange: { from: inDays(day), to: inDays(day) } }));
      expect(response.status).toBe(201);
      cart = cartSchema.parse(response.body);
    }
    expect(cart?.items).toHaveLength(CART_MAX_ITEMS);
    const full = await add(user, itemFor(menu, { preferredDateRange: { from: inDays(60), to: inDays(60) } }));
    expect(full).toMatchObject({ status: 409, body: errorSaying('Your cart is full (20 items). Remove an item to add another.') });
    // a line already there is still refused as such
    expect(await add(user, itemFor(menu, { preferredDateRange: { from: inDays(1), to: inDays(1) } }))).toMatchObject({
      status: 409,
      body: errorSaying('This selection is already in your cart'),
    });
    // and after removing one, a new line fits again
    await remove(user, cart!.items[0]!.cartItemId);
    expect((await add(user, itemFor(menu, { preferredDateRange: { from: inDays(60), to: inDays(60) } }))).status).toBe(201);
  });

  test('the same selection added twice at once: one line', async () => {
    const user = await signInWithPhone();
    const item = itemFor(catalog.providerA.menus[0]);
    const answers = await Promise.all([add(user, item), add(user, item)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(cartSchema.parse((await getCart(user)).body).items.map((entry) => entry.quantity)).toEqual([1]);
  });

  test('concurrent adds cannot overfill the cart', async () => {
    const user = await signInWithPhone();
    const menu = catalog.providerB.menus[0];
    for (let day = 1; day <= CART_MAX_ITEMS - 2; day += 1) {
      await add(user, itemFor(menu, { preferredDateRange: { from: inDays(day), to: inDays(day) } }));
    }
    const answers = await Promise.all(
      [100, 101, 102, 103, 104].map((day) => add(user, itemFor(menu, { preferredDateRange: { from: inDays(day), to: inDays(day) } }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(cartSchema.parse((await getCart(user)).body).items).toHaveLength(CART_MAX_ITEMS);
  });
});

describe('DELETE /cart/items/:id', () => {
  test('removes the owner’s item and answers with the cart', async () => {
    const user = await signInWithPhone();
    await add(user, itemFor(catalog.providerA.menus[0]));
    const before = cartSchema.parse((await add(user, itemFor(catalog.providerA.menus[1]))).body);
    const [first, second] = before.items;
    const response = await remove(user, first!.cartItemId);
    expect(response.status).toBe(200);
    const after = expectContract(cartSchema, response.body);
    expect(after.items).toEqual([second]);
    expect(after.cartId).toBe(before.cartId);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    // already gone
    expect(await remove(user, first!.cartItemId)).toMatchObject({ status: 404, body: errorSaying('Cart item not found') });
  });

  test('someone else’s item: 404, and it stays in their cart', async () => {
    const owner = await signInWithPhone();
    const other = await signInWithPhone();
    const cart = cartSchema.parse((await add(owner, itemFor(catalog.providerA.menus[0]))).body);
    const itemId = cart.items[0]!.cartItemId;
    expect(await remove(other, itemId)).toMatchObject({ status: 404, body: errorSaying('Cart item not found') });
    expect(cartSchema.parse((await getCart(owner)).body).items.map((item) => item.cartItemId)).toEqual([itemId]);
  });

  test('unknown or malformed id: 404; no token: 401', async () => {
    const user = await signInWithPhone();
    expect((await remove(user, randomUUID())).status).toBe(404);
    expect((await remove(user, 'not-an-id')).status).toBe(404);
    expect((await request(`${server.url}/cart/items/${randomUUID()}`, { method: 'DELETE' })).status).toBe(401);
  });
});
