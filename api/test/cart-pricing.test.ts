import { paymentBreakdown } from '@utsav/contracts/money';
import { bookingSchema, cartSchema, checkoutResponseSchema, INVALID_COUPON, type Cart } from '@utsav/contracts/schemas';
import { transitionBooking } from '../src/bookings/booking-transitions';
import { SLOT_MESSAGES } from '@utsav/contracts/slot-rules';
import { CHECKOUT_MESSAGES } from '../src/cart/checkout';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingPayload, expectContract, fixtureAddressId, saveFixtureAddress, inDays, insertCatalogFixture, onboardConsumer, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';
import { errorSaying } from './support/error-answers';

/**
 * One price truth (issue 15, item 2), over HTTP against the real database: the quote (GET /cart?coupon=) is what
 * POST /checkout books and what the payment order charges; the client cannot change any of it.
 * Fixture prices: A ₹25,000 and ₹75,000.50; B ₹12,000 and ₹30,000. Seeded offers (migration 005):
 * UTSAV20 20% from ₹15,000; FLAT5000 ₹5,000 off from ₹25,000.
 */

let stack: PaymentStack;
let catalog: CatalogFixture;
const api = () => stack.server.url;
const db = () => stack.server.database;

beforeAll(async () => {
  stack = await startPaymentStack();
  catalog = await insertCatalogFixture(db());
}, 60_000);
afterAll(() => stack.close());

let day = 0;
/** A cart line on its own day, so no two lines are the same selection. */
const lineFor = (menu: FixtureMenu, user: Pick<TestUser, 'uid'>) => {
  day += 1;
  return { serviceId: menu.serviceId, menuId: menu.id, preferredDateRange: { from: inDays(day), to: inDays(day) }, preferredTime: { start: '10:00', end: '14:00' }, note: '', addressId: fixtureAddressId(user) };
};

async function userWithCart(...menus: FixtureMenu[]): Promise<TestUser> {
  const user = await signInWithPhone();
  await onboardConsumer(db(), user);
  for (const menu of menus) {
    const response = await request(`${api()}/cart/items`, { token: user.idToken, json: lineFor(menu, user) });
    if (response.status !== 201) throw new Error(`POST /cart/items answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return user;
}

const quote = async (user: TestUser, coupon?: string): Promise<Cart> => {
  const response = await request(`${api()}/cart${coupon === undefined ? '' : `?coupon=${encodeURIComponent(coupon)}`}`, { token: user.idToken });
  expect(response.status).toBe(200);
  return expectContract(cartSchema, response.body);
};
const checkout = (user: TestUser, json: unknown) => request(`${api()}/checkout`, { token: user.idToken, json });
const bookingCount = async (user: TestUser) =>
  (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE consumer_uid = $1', [user.uid]))[0]!.n;

/** The payment figures the server derives from a booking value. */
const payment = (amount: number) => {
  const { advance, platformFee, gst, payNow, remaining } = paymentBreakdown(amount);
  return { advance, platformFee, gst, payNow, remaining };
};

describe('the quote: GET /cart?coupon=', () => {
  test('a percentage coupon (trimmed, any case) takes its percent off each line; the totals are the lines\' sums', async () => {
    const [a, b] = [catalog.providerA.menus[0], catalog.providerB.menus[0]];
    const user = await userWithCart(a, b);
    const cart = await quote(user, '  utsav20 ');
    expect(cart.coupon).toEqual({ code: 'UTSAV20', applied: true, description: '20% off on carts of ₹15,000 or more' });
    expect(cart.items.map((item) => item.pricing)).toEqual([
      { listAmount: 2_500_000, discount: 500_000, amount: 2_000_000, ...payment(2_000_000) },
      { listAmount: 1_200_000, discount: 240_000, amount: 960_000, ...payment(960_000) },
    ]);
    expect(cart.totals).toEqual({
      subtotal: 3_700_000,
      discount: 740_000,
      total: 2_960_000,
      dueAfterAcceptance: payment(2_000_000).payNow + payment(960_000).payNow,
      paidToProviderLater: payment(2_000_000).remaining + payment(960_000).remaining,
    });
    // ₹20,000 → advance ₹2,000 + fee ₹40 + GST ₹7.20; ₹9,600 → ₹960 + ₹19.20 + ₹3.46
    expect(cart.totals.dueAfterAcceptance).toBe(204_720 + 98_266);
  });

  test('a fixed coupon is split in proportion by largest remainder: the parts sum to it exactly', async () => {
    const user = await userWithCart(catalog.providerA.menus[0], catalog.providerB.menus[0]);
    const cart = await quote(user, 'FLAT5000');
    // ₹5,000 × 25,000/37,000 = 3,378.378… and × 12,000/37,000 = 1,621.621…: the spare paisa goes to the larger remainder
    expect(cart.items.map((item) => item.pricing.discount)).toEqual([337_838, 162_162]);
    expect(cart.totals).toMatchObject({ subtotal: 3_700_000, discount: 500_000, total: 3_200_000 });
    expect(cart.items.map((item) => item.pricing.amount)).toEqual([2_162_162, 1_037_838]);
  });

  test('minCartValue is met at exactly the subtotal, not a paisa below; unknown, inactive and expired codes are refused alike', async () => {
    await db().query(
      `INSERT INTO offers (code, description, discount_type, discount_value, min_cart_value, valid_until, active) VALUES
         ('EDGEAT', 'at the edge', 'fixed', 1000, 2500000, now() + interval '1 day', true),
         ('EDGEOVER', 'a paisa over', 'fixed', 1000, 2500001, now() + interval '1 day', true),
         ('OFFNOW', 'inactive', 'fixed', 1000, 0, now() + interval '1 day', false),
         ('GONE', 'expired', 'fixed', 1000, 0, now() - interval '1 second', true)`,
    );
    const user = await userWithCart(catalog.providerA.menus[0]);
    expect((await quote(user, 'edgeat')).totals).toMatchObject({ subtotal: 2_500_000, discount: 1000, total: 2_499_000 });
    for (const code of ['EDGEOVER', 'OFFNOW', 'GONE', 'NOSUCHCODE']) {
      const cart = await quote(user, code);
      expect(cart.coupon).toEqual({ code, applied: false, message: INVALID_COUPON });
      expect(cart.totals).toMatchObject({ discount: 0, total: 2_500_000 });
    }
    // no code, or only spaces: no coupon at all
    expect((await quote(user)).coupon).toBeNull();
    expect((await quote(user, '   ')).coupon).toBeNull();
  });

  test('a coupon stops applying when a removal takes the cart under its minimum (DELETE ?coupon= says so)', async () => {
    const user = await userWithCart(catalog.providerA.menus[0], catalog.providerB.menus[0]);
    const cart = await quote(user, 'FLAT5000');
    const response = await request(`${api()}/cart/items/${cart.items[1]!.cartItemId}?coupon=FLAT5000`, { method: 'DELETE', token: user.idToken });
    const after = expectContract(cartSchema, response.body);
    expect(after.coupon).toEqual({ code: 'FLAT5000', applied: true, description: expect.any(String) }); // ₹25,000 is the minimum: still met
    const smaller = await userWithCart(catalog.providerB.menus[1], catalog.providerB.menus[0]); // ₹42,000
    const both = await quote(smaller, 'FLAT5000');
    const left = await request(`${api()}/cart/items/${both.items[0]!.cartItemId}?coupon=FLAT5000`, { method: 'DELETE', token: smaller.idToken });
    expect(expectContract(cartSchema, left.body).coupon).toEqual({ code: 'FLAT5000', applied: false, message: INVALID_COUPON });
  });

  test('a query naming amounts changes nothing', async () => {
    const user = await userWithCart(catalog.providerB.menus[0]);
    const response = await request(`${api()}/cart?coupon=UTSAV20&discount=1200000&price=1&total=1&fee=0`, { token: user.idToken });
    expect(expectContract(cartSchema, response.body).totals).toMatchObject({ subtotal: 1_200_000, discount: 0, total: 1_200_000 });
  });
});

describe('POST /checkout', () => {
  test('books every line at the quoted prices, in one call: the bookings, GET /bookings/:id and the payment order agree to the paisa', async () => {
    const [a, b] = [catalog.providerA.menus[1], catalog.providerB.menus[1]]; // ₹75,000.50 + ₹30,000
    const user = await userWithCart(a, b);
    const cart = await quote(user, 'utsav20');
    const response = await checkout(user, { couponCode: 'utsav20', requests: '  Please call first ', expectedTotal: cart.totals.total });
    expect(response.status).toBe(201);
    const answer = expectContract(checkoutResponseSchema, response.body);
    expect(answer.cart.items).toEqual([]);
    expect(answer.cart.totals.total).toBe(0);
    expect(answer.bookings.map((booking) => [booking.menuId, booking.listAmount, booking.discount, booking.amount, booking.couponCode])).toEqual(
      cart.items.map((item) => [item.menuId, item.pricing.listAmount, item.pricing.discount, item.pricing.amount, 'UTSAV20']),
    );
    // 20% of ₹75,000.50 is ₹15,000.10
    expect(answer.bookings[0]).toMatchObject({ listAmount: 7_500_050, discount: 1_500_010, amount: 6_000_040, status: 'requested', note: 'Please call first' });
    for (const [index, booking] of answer.bookings.entries()) {
      expect(booking.payment).toEqual(payment(cart.items[index]!.pricing.amount));
      const read = await request(`${api()}/bookings/${booking.bookingId}`, { token: user.idToken });
      expect(expectContract(bookingSchema, read.body)).toEqual(booking);
    }
    expect(answer.bookings.reduce((sum, booking) => sum + booking.amount, 0)).toBe(cart.totals.total);
    expect(answer.bookings.reduce((sum, booking) => sum + booking.payment.payNow, 0)).toBe(cart.totals.dueAfterAcceptance);

    // once accepted, the order is made for exactly the quoted line's payNow
    const first = answer.bookings[0]!;
    await transitionBooking(db(), { bookingId: first.bookingId, action: 'accept', actor: 'provider-test' });
    const order = await request(`${api()}/payment/create_order`, { token: user.idToken, json: { userId: user.uid, bookingId: first.bookingId, amount: 100, currency: 'INR' } });
    expect(order).toMatchObject({ status: 200, body: { amount: cart.items[0]!.pricing.payNow, currency: 'INR' } });
  });

  test('without a coupon each booking is the menu price; the cart item\'s note comes first', async () => {
    const menu = catalog.providerB.menus[0];
    const user = await signInWithPhone();
    await onboardConsumer(db(), user);
    await request(`${api()}/cart/items`, { token: user.idToken, json: { ...lineFor(menu, user), note: 'Morning light' } });
    const response = await checkout(user, { expectedTotal: menu.price, requests: 'Call first' });
    expect(response.status).toBe(201);
    expect(checkoutResponseSchema.parse(response.body).bookings).toEqual([
      expect.objectContaining({ listAmount: menu.price, discount: 0, amount: menu.price, couponCode: null, note: 'Morning light\n\nCall first' }),
    ]);
  });

  test('a total other than the server\'s (a price changed since the quote) is a 409: nothing booked, the cart kept', async () => {
    const menu = catalog.providerA.menus[0];
    const user = await userWithCart(menu, catalog.providerB.menus[0]);
    const cart = await quote(user);
    await db().query('UPDATE menus SET price = price + 100 WHERE id = $1', [menu.id]);
    try {
      const response = await checkout(user, { expectedTotal: cart.totals.total });
      expect(response).toEqual(expect.objectContaining({ status: 409, body: expect.objectContaining({ code: 'checkout.totalChanged', params: { total: '₹37,001.00' } }) }));
      expect(response.body.message).toBe(`Your cart's total is now ₹37,001.00: a price or the coupon changed since it was shown. Review the new total and confirm again. Nothing was booked.`);
    } finally {
      await db().query('UPDATE menus SET price = $2 WHERE id = $1', [menu.id, menu.price]);
    }
    expect(await bookingCount(user)).toBe(0);
    expect((await quote(user)).items).toHaveLength(2);
    // the coupon's discount cannot be had without the coupon, nor the coupon dropped silently
    const discounted = await quote(user, 'UTSAV20');
    expect(await checkout(user, { expectedTotal: discounted.totals.total })).toMatchObject({ status: 409 });
    expect(await bookingCount(user)).toBe(0);
  });

  test('a line that can no longer be booked fails the whole checkout: nothing booked, every line kept', async () => {
    const user = await userWithCart(catalog.providerA.menus[0], catalog.providerB.menus[0], catalog.providerB.menus[1]);
    const cart = await quote(user);
    // the second line's day has passed since it was added
    await db().query('UPDATE cart_items SET date_from = $2, date_to = $2 WHERE id = $1', [cart.items[1]!.cartItemId, inDays(-1)]);
    const response = await checkout(user, { expectedTotal: cart.totals.total });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'checkout.lineInvalid', message: `${cart.items[1]!.title}: ${SLOT_MESSAGES.startDateInPast} Remove it from your cart to book the rest. Nothing was booked.` });
    expect(await bookingCount(user)).toBe(0);
    expect((await quote(user)).items.map((item) => item.cartItemId)).toEqual(cart.items.map((item) => item.cartItemId));
  });

  test('two checkouts of one cart at once book it once', async () => {
    const user = await userWithCart(catalog.providerA.menus[0], catalog.providerB.menus[0]);
    const cart = await quote(user, 'FLAT5000');
    const body = { couponCode: 'FLAT5000', expectedTotal: cart.totals.total };
    const answers = await Promise.all([checkout(user, body), checkout(user, body), checkout(user, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual([CHECKOUT_MESSAGES.empty, CHECKOUT_MESSAGES.empty]);
    expect(await bookingCount(user)).toBe(2);
  });

  test('refusals: an empty cart, a coupon that does not apply, no profile, a missing total', async () => {
    const empty = await userWithCart();
    expect(await checkout(empty, { expectedTotal: 0 })).toMatchObject({ status: 409, body: { code: CHECKOUT_MESSAGES.empty } });

    const small = await userWithCart(catalog.providerB.menus[0]); // ₹12,000: under both offers' minimums
    expect(await checkout(small, { couponCode: 'UTSAV20', expectedTotal: 1_200_000 })).toMatchObject({
      status: 409,
      body: errorSaying('Invalid coupon code or cart value not met. Nothing was booked.'),
    });
    expect(await checkout(small, {})).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^expectedTotal: /) } });
    expect(await checkout(small, { expectedTotal: -1 })).toMatchObject({ status: 400 });
    expect(await checkout(small, { expectedTotal: 1.5 })).toMatchObject({ status: 400 });
    expect(await bookingCount(small)).toBe(0);

    const stranger = await signInWithPhone();
    const menu = catalog.providerB.menus[0];
    await request(`${api()}/cart/items`, { token: stranger.idToken, json: lineFor(menu, stranger) });
    expect(await checkout(stranger, { expectedTotal: menu.price })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^Complete your profile/) } });
    expect((await request(`${api()}/checkout`, { json: { expectedTotal: 0 } })).status).toBe(401);
  });
});

describe('the client cannot change any amount', () => {
  const PLANTED = {
    amount: 1,
    price: 1,
    listAmount: 1,
    discount: 99_999_999,
    platformFee: 0,
    fee: 0,
    gst: 0,
    tax: 0,
    total: 1,
    subtotal: 1,
    payNow: 1,
    currency: 'USD',
    items: [{ price: 1, amount: 1, discount: 1 }],
    bookings: [{ amount: 1 }],
    pricing: { amount: 1 },
    consumerName: 'Someone Else',
  };

  test('POST /checkout ignores every amount, price, discount and fee it is sent', async () => {
    const menu = catalog.providerA.menus[0];
    const user = await userWithCart(menu);
    const cart = await quote(user, 'UTSAV20');
    const response = await checkout(user, { ...PLANTED, couponCode: 'UTSAV20', expectedTotal: cart.totals.total });
    expect(response.status).toBe(201);
    const [booking] = expectContract(checkoutResponseSchema, response.body).bookings;
    expect(booking).toMatchObject({ listAmount: 2_500_000, discount: 500_000, amount: 2_000_000, currency: 'INR', couponCode: 'UTSAV20', payment: payment(2_000_000) });
    const [row] = await db().query<{ amount: number; list_amount: number; discount: number; consumer_name: string }>(
      'SELECT amount, list_amount, discount, consumer_name FROM bookings WHERE id = $1',
      [booking!.bookingId],
    );
    expect(row).toEqual({ amount: 2_000_000, list_amount: 2_500_000, discount: 500_000, consumer_name: 'Asha Verma' });
  });

  test('a planted total cannot be met: the expected total is compared, never used', async () => {
    const user = await userWithCart(catalog.providerA.menus[0]);
    expect(await checkout(user, { ...PLANTED, expectedTotal: 1 })).toMatchObject({ status: 409 });
    expect(await bookingCount(user)).toBe(0);
  });

  test('POST /bookings keeps ignoring amount, and a planted discount or coupon', async () => {
    const menu = catalog.providerB.menus[1];
    const user = await signInWithPhone();
    await onboardConsumer(db(), user);
    const response = await request(`${api()}/bookings`, {
      token: user.idToken,
      headers: { nocart: 'true' },
      json: { ...bookingPayload(user, menu), ...PLANTED, couponCode: 'UTSAV20' },
    });
    expect(response.status).toBe(201);
    expect(expectContract(bookingSchema, response.body)).toMatchObject({ amount: menu.price, listAmount: menu.price, discount: 0, couponCode: null, payment: payment(menu.price) });
  });

  test('POST /cart/items ignores planted prices; its answer is the server\'s quote', async () => {
    const menu = catalog.providerB.menus[0];
    const user = await signInWithPhone();
    await saveFixtureAddress(db(), user);
    const response = await request(`${api()}/cart/items`, { token: user.idToken, json: { ...lineFor(menu, user), ...PLANTED } });
    expect(response.status).toBe(201);
    const cart = expectContract(cartSchema, response.body);
    expect(cart.items[0]!.pricing).toEqual({ listAmount: menu.price, discount: 0, amount: menu.price, ...payment(menu.price) });
    expect(cart.totals.total).toBe(menu.price);
  });
});
