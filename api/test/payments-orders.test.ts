import { paymentBreakdown } from '@utsav/contracts/money';
import { createOrderResponseSchema, offerListSchema } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { transitionBooking } from '../src/bookings/booking-transitions';
import { createRazorpayClient, RazorpayError } from '../src/payments/razorpay-client';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { bookingIn, insertMenu, KEY_ID, orderRows, payInCheckout, startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';
import { errorSaying } from './support/error-answers';

let stack: PaymentStack;
let catalog: CatalogFixture;
let menu: FixtureMenu; // ₹50,000
let consumer: TestUser;
let other: TestUser;
beforeAll(async () => {
  stack = await startPaymentStack();
  catalog = await insertCatalogFixture(stack.server.database);
  menu = await insertMenu(stack.server.database, catalog.providerA.serviceId, 5_000_000);
  [consumer, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
});
afterAll(() => stack.close());

const api = () => stack.server.url;
const createOrder = (user: TestUser | null, json: unknown) => request(`${api()}/payment/create_order`, { token: user?.idToken, json });
const orderFor = (user: TestUser, bookingId: string, extra: Record<string, unknown> = {}) =>
  createOrder(user, { userId: user.uid, bookingId, amount: 511800, currency: 'INR', ...extra });

describe('POST /payment/create_order', () => {
  test('₹50,000 accepted: an order for ₹5,118.00 (511800 paise), computed by the server whatever the body says', async () => {
    expect(paymentBreakdown(5_000_000).payNow).toBe(511_800);
    const booking = await bookingIn(stack.server, consumer, menu);
    const response = await orderFor(consumer, booking.bookingId, { amount: 100, currency: 'USD' });
    expect(response.status).toBe(200);
    const order = expectContract(createOrderResponseSchema, response.body);
    expect(order).toEqual({ id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/), amount: 511_800, currency: 'INR', keyId: KEY_ID });

    // at the provider, as the API asked for it
    expect(stack.sandbox.sandbox.store.order(order.id)).toMatchObject({
      amount: 511_800,
      currency: 'INR',
      receipt: booking.bookingId,
      status: 'created',
      notes: { bookingId: booking.bookingId, consumerUid: consumer.uid },
    });
    expect(await orderRows(stack.server.database, booking.bookingId)).toEqual([{ id: order.id, amount: 511_800, status: 'created' }]);
  });

  test('a body without amount or currency (they are ignored anyway)', async () => {
    const booking = await bookingIn(stack.server, consumer, catalog.providerB.menus[0]); // ₹12,000
    const response = await createOrder(consumer, { userId: consumer.uid, bookingId: booking.bookingId });
    expect(response).toMatchObject({ status: 200, body: { amount: paymentBreakdown(1_200_000).payNow } });
  });

  test('one open order per booking: asking again, even at once, hands out the same order', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const first = await orderFor(consumer, booking.bookingId);
    const again = await orderFor(consumer, booking.bookingId);
    expect(again).toMatchObject({ status: 200, body: first.body });

    const fresh = await bookingIn(stack.server, consumer, menu);
    const together = await Promise.all([1, 2, 3].map(() => orderFor(consumer, fresh.bookingId)));
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(together.map((answer) => answer.body.id)).size).toBe(1);
    expect(await orderRows(stack.server.database, fresh.bookingId)).toHaveLength(1);
  });

  test('an open order paid at the provider whose report has not arrived is not handed out again: 409', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await orderFor(consumer, booking.bookingId);
    const settings = stack.sandbox.sandbox.settings;
    const webhookUrl = settings.webhookUrl;
    settings.webhookUrl = ''; // the webhook is late and the browser never came back
    try {
      await payInCheckout(stack.sandboxUrl, String(order.body.id));
    } finally {
      settings.webhookUrl = webhookUrl;
    }
    expect(await orderFor(consumer, booking.bookingId)).toMatchObject({
      status: 409,
      body: errorSaying('This booking has just been paid; its confirmation is on its way.'),
    });
  });

  test('only an accepted booking (or one whose payment failed) can be paid: 409 otherwise', async () => {
    const requested = await bookingIn(stack.server, consumer, menu, 'requested');
    expect(await orderFor(consumer, requested.bookingId)).toMatchObject({ status: 409, body: errorSaying('This booking cannot be paid now.') });

    const declined = await bookingIn(stack.server, consumer, menu, 'requested');
    await transitionBooking(stack.server.database, { bookingId: declined.bookingId, action: 'decline', actor: 'provider-test' });
    expect(await orderFor(consumer, declined.bookingId)).toMatchObject({ status: 409, body: errorSaying('This booking cannot be paid now.') });

    const cancelled = await bookingIn(stack.server, consumer, menu);
    expect((await request(`${api()}/bookings/${cancelled.bookingId}/cancel`, { method: 'POST', token: consumer.idToken })).status).toBe(200);
    expect(await orderFor(consumer, cancelled.bookingId)).toMatchObject({ status: 409, body: errorSaying('This booking cannot be paid now.') });

    const confirmed = await bookingIn(stack.server, consumer, menu);
    await transitionBooking(stack.server.database, { bookingId: confirmed.bookingId, action: 'confirmPayment', actor: 'payment' });
    expect(await orderFor(consumer, confirmed.bookingId)).toMatchObject({ status: 409, body: errorSaying('This booking is already paid.') });

    expect(await orderRows(stack.server.database, requested.bookingId)).toEqual([]);
  });

  test('someone else’s booking: 403; paying as someone else: 403; unknown: 404; no token: 401; a bad body: 400', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    expect(await orderFor(other, booking.bookingId)).toMatchObject({ status: 403, body: errorSaying('You can only see and change your own bookings.') });
    expect(await createOrder(other, { userId: consumer.uid, bookingId: booking.bookingId })).toMatchObject({
      status: 403,
      body: errorSaying('You can only pay for yourself.'),
    });
    expect(await orderFor(consumer, randomUUID())).toMatchObject({ status: 404, body: errorSaying('Booking not found') });
    expect(await orderFor(consumer, 'not-a-booking')).toMatchObject({ status: 404 });
    expect((await createOrder(null, { userId: consumer.uid, bookingId: booking.bookingId })).status).toBe(401);
    expect(await createOrder(consumer, { userId: consumer.uid })).toMatchObject({ status: 400, body: { message: expect.stringContaining('bookingId') } });
    expect(await orderRows(stack.server.database, booking.bookingId)).toEqual([]);
  });

  test('the provider refusing: 502 Could not initiate payment., nothing stored', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const settings = stack.sandbox.sandbox.settings;
    const secret = settings.keySecret;
    settings.keySecret = 'rotated'; // the API's key no longer opens the provider: 401 there
    try {
      expect(await orderFor(consumer, booking.bookingId)).toMatchObject({ status: 502, body: errorSaying('Could not initiate payment.') });
    } finally {
      settings.keySecret = secret;
    }
    expect(await orderRows(stack.server.database, booking.bookingId)).toEqual([]);
    // and it works again once the provider does
    expect((await orderFor(consumer, booking.bookingId)).status).toBe(200);
  });
});

test('the Razorpay client: an unreachable provider is a RazorpayError (the route makes it a 502)', async () => {
  const client = createRazorpayClient({ apiUrl: 'http://127.0.0.1:9', keyId: KEY_ID, keySecret: 'x', timeoutMs: 2_000 });
  await expect(client.createOrder({ amount: 100, currency: 'INR' })).rejects.toThrow(RazorpayError);
  await expect(client.fetchOrder('order_x')).rejects.toThrow('the provider could not be reached');
});

describe('GET /payment/config', () => {
  test('public: the key id and the checkout script the page loads', async () => {
    expect(await request(`${api()}/payment/config`)).toMatchObject({
      status: 200,
      body: { keyId: KEY_ID, checkoutUrl: 'http://localhost:4010/v1/checkout.js' },
    });
  });
});

describe('GET /offers', () => {
  test('public: the spec’s two sample offers, amounts in paise, valid for a while yet', async () => {
    const response = await request(`${api()}/offers`);
    expect(response.status).toBe(200);
    const { results } = expectContract(offerListSchema, response.body);
    expect(results).toEqual([
      {
        id: expect.any(String),
        code: 'UTSAV20',
        description: '20% off on carts of ₹15,000 or more',
        discountType: 'percentage',
        discountValue: 20,
        minCartValue: 1_500_000,
        validUntil: '2030-12-31T18:29:59.000Z',
      },
      {
        id: expect.any(String),
        code: 'FLAT5000',
        description: '₹5,000 off on carts of ₹25,000 or more',
        discountType: 'fixed',
        discountValue: 500_000,
        minCartValue: 2_500_000,
        validUntil: '2030-12-31T18:29:59.000Z',
      },
    ]);
    for (const offer of results) expect(Date.parse(offer.validUntil)).toBeGreaterThan(Date.now());
  });

  test('an expired or inactive offer is not listed', async () => {
    await stack.server.database.query(
      `INSERT INTO offers (code, description, discount_type, discount_value, min_cart_value, valid_until, active) VALUES
         ('OLD10', 'gone', 'percentage', 10, 0, now() - interval '1 day', true),
         ('OFF10', 'paused', 'percentage', 10, 0, now() + interval '1 day', false)`,
    );
    const { results } = offerListSchema.parse((await request(`${api()}/offers`)).body);
    expect(results.map((offer) => offer.code)).toEqual(['UTSAV20', 'FLAT5000']);
  });
});
