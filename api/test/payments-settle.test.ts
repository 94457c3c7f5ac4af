import { createHash } from 'node:crypto';
import { paymentBreakdown } from '@utsav/contracts/money';
import { bookingSchema, createOrderResponseSchema, verifyPaymentResponseSchema, type Booking } from '@utsav/contracts/schemas';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, expectContract, insertCatalogFixture, type CatalogFixture, type FixtureMenu } from './support/bookings';
import {
  bookingIn,
  bookingState,
  failInCheckout,
  hmacHex,
  insertMenu,
  KEY_SECRET,
  newEventId,
  orderRows,
  paymentEvent,
  paymentRows,
  payInCheckout,
  sendWebhook,
  startPaymentStack,
  WEBHOOK_SECRET,
  type PaymentStack,
} from './support/payments';
import { request } from './support/test-server';
import { errorSaying } from './support/error-answers';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

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
// no test leaves a webhook in flight for the next one
afterEach(() => stack.webhooksDone());

const PAY_NOW = 511_800;
const api = () => stack.server.url;
const db = () => stack.server.database;

async function openOrder(booking: Booking, user: TestUser = consumer) {
  const response = await request(`${api()}/payment/create_order`, { token: user.idToken, json: { userId: user.uid, bookingId: booking.bookingId } });
  expect(response.status).toBe(200);
  return createOrderResponseSchema.parse(response.body);
}
const verify = (json: unknown, user: TestUser | null = consumer) => request(`${api()}/payment/verify_payment`, { token: user?.idToken, json });
const viewed = async (booking: Booking) =>
  bookingSchema.parse((await request(`${api()}/bookings/${booking.bookingId}`, { token: consumer.idToken })).body);
const confirmations = async (booking: Booking) =>
  (await bookingEvents(db(), booking.bookingId)).filter((event) => event.to_status === 'confirmed');

/** Runs fn while the sandbox sends no webhooks (a late webhook, delivered by hand afterwards). */
async function withoutWebhooks<T>(fn: () => Promise<T>): Promise<T> {
  const settings = stack.sandbox.sandbox.settings;
  const url = settings.webhookUrl;
  settings.webhookUrl = '';
  try {
    return await fn();
  } finally {
    settings.webhookUrl = url;
  }
}

describe('POST /payment/verify_payment', () => {
  test('checkout’s real signature: status true, the payment recorded, the booking confirmed; again: the same, once', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, order.id));

    const response = await verify(result);
    expect(response.status).toBe(200);
    expect(expectContract(verifyPaymentResponseSchema, response.body)).toEqual({
      status: true,
      bookingId: booking.bookingId,
      paymentId: result.razorpay_payment_id,
      amount: PAY_NOW,
    });
    expect(await viewed(booking)).toEqual({ ...booking, status: 'confirmed', invoiceNumber: expect.stringMatching(/^UTS\/\d{4}-\d{2}\/\d{6}$/) });
    // what the provider said when asked (GET /v1/payments/:id), not what the browser sent
    expect(await paymentRows(db(), booking.bookingId)).toEqual([
      { id: result.razorpay_payment_id, order_id: order.id, amount: PAY_NOW, status: 'captured', method: 'card', source: 'checkout' },
    ]);
    expect(await orderRows(db(), booking.bookingId)).toEqual([{ id: order.id, amount: PAY_NOW, status: 'paid' }]);
    expect(await confirmations(booking)).toEqual([{ from_status: 'accepted', to_status: 'confirmed', actor: 'payment', reason: 'payment received' }]);

    // the browser verifies twice, then the late webhook reports the same payment
    expect(await verify(result)).toMatchObject({ status: 200, body: response.body });
    const late = await sendWebhook(api(), paymentEvent('order.paid', { id: result.razorpay_payment_id, order_id: order.id, amount: PAY_NOW }));
    expect(late).toMatchObject({ status: 200, body: { status: 'processed' } });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([
      { id: result.razorpay_payment_id, order_id: order.id, amount: PAY_NOW, status: 'captured', method: 'card', source: 'checkout' },
    ]);
    expect(await confirmations(booking)).toHaveLength(1);
  });

  test('the webhook first, the browser second: still status true, one payment, one confirmation', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const result = await payInCheckout(stack.sandboxUrl, order.id);
    await stack.webhooksDone();
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'confirmed', failure_reason: null });

    expect(await verify(result)).toMatchObject({ status: 200, body: { status: true, bookingId: booking.bookingId, amount: PAY_NOW } });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ id: result.razorpay_payment_id, source: 'webhook', method: 'card' })]);
    expect(await confirmations(booking)).toHaveLength(1);
  });

  test('the browser and the webhook at the same moment: one payment, one confirmation', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, order.id));
    const event = paymentEvent('order.paid', { id: result.razorpay_payment_id, order_id: order.id, amount: PAY_NOW });
    const answers = await Promise.all([verify(result), sendWebhook(api(), event), verify(result), sendWebhook(api(), event)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0]?.body.status).toBe(true);
    expect(await paymentRows(db(), booking.bookingId)).toHaveLength(1);
    expect(await confirmations(booking)).toHaveLength(1);
  });

  test('a forged signature: status false, and nothing changes (the booking is not failed either)', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const paymentId = 'pay_ForgedPayment01';
    const forgeries = [
      hmacHex('guessed-secret', `${order.id}|${paymentId}`),
      hmacHex(KEY_SECRET, `${order.id}|pay_SomeOtherPaymnt`), // signed for another payment
      hmacHex(KEY_SECRET, `order_SomeOtherOrder0|${paymentId}`), // signed for another order
      'not-a-signature',
      hmacHex(KEY_SECRET, `${order.id}|${paymentId}`).slice(0, 63),
    ];
    for (const signature of forgeries) {
      expect(await verify({ razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: signature })).toMatchObject({
        status: 200,
        body: { status: false },
      });
    }
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([]);
    expect(await orderRows(db(), booking.bookingId)).toEqual([{ id: order.id, amount: PAY_NOW, status: 'created' }]);
  });

  test('a genuine result of one order sent with another order’s id: status false', async () => {
    const first = await bookingIn(stack.server, consumer, menu);
    const second = await bookingIn(stack.server, consumer, menu);
    const paid = await openOrder(first);
    const unpaid = await openOrder(second);
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, paid.id));
    expect(await verify({ ...result, razorpay_order_id: unpaid.id })).toMatchObject({ status: 200, body: { status: false } });
    expect(await bookingState(db(), second.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
    expect(await verify(result)).toMatchObject({ body: { status: true } });
  });

  test('an unknown order: 404; someone else’s: 403; no token: 401; a field missing: 400', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, order.id));
    expect(await verify({ ...result, razorpay_order_id: 'order_NotOneOfOurs00' })).toMatchObject({ status: 404, body: errorSaying('Payment order not found') });
    expect(await verify(result, other)).toMatchObject({ status: 403, body: errorSaying('You can only verify your own payments.') });
    expect((await verify(result, null)).status).toBe(401);
    expect(await verify({ razorpay_order_id: order.id, razorpay_payment_id: result.razorpay_payment_id })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('razorpay_signature') },
    });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
  });
});

describe('POST /payment/webhook', () => {
  test('a bad, missing or stale signature: 400, nothing recorded', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const event = paymentEvent('order.paid', { id: 'pay_WebhookForged01', order_id: order.id, amount: PAY_NOW });
    const raw = JSON.stringify(event);
    const handledBefore = await db().query('SELECT id FROM webhook_events');
    const answers = [
      await sendWebhook(api(), event, { secret: 'guessed-secret' }),
      await sendWebhook(api(), event, { signature: null }),
      await sendWebhook(api(), event, { signature: hmacHex(KEY_SECRET, raw) }), // the key secret is not the webhook secret
      // signed, then changed on the way: the bytes count, not the meaning
      await sendWebhook(api(), raw.replace(`"amount":${PAY_NOW}`, `"amount": ${PAY_NOW}`), { signature: hmacHex(WEBHOOK_SECRET, raw) }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: errorSaying('Invalid webhook signature.') });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([]);
    expect(await db().query('SELECT id FROM webhook_events')).toEqual(handledBefore);
  });

  test('the browser never came back: the sandbox’s webhook confirms the booking', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const result = await payInCheckout(stack.sandboxUrl, order.id);
    await stack.webhooksDone();
    const delivery = stack.sandbox.sandbox.webhooks.deliveries.findLast((sent) => sent.event === 'order.paid');
    expect(delivery).toMatchObject({ event: 'order.paid', status: 'delivered', attempts: 1, lastResult: 200 });
    expect(await viewed(booking)).toMatchObject({ status: 'confirmed' });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([
      { id: result.razorpay_payment_id, order_id: order.id, amount: PAY_NOW, status: 'captured', method: 'card', source: 'webhook' },
    ]);
    // known by the hash of its signed body; the header's id kept beside it
    expect(await db().query('SELECT event, length(id) AS length FROM webhook_events WHERE header_event_id = $1', [delivery?.eventId])).toEqual([
      { event: 'order.paid', length: 64 },
    ]);
  });

  test('payment.captured confirms like order.paid', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const event = paymentEvent('payment.captured', { id: 'pay_CapturedEvent01', order_id: order.id, amount: PAY_NOW, method: 'upi' });
    expect(await sendWebhook(api(), event)).toMatchObject({ status: 200, body: { status: 'processed' } });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'confirmed', failure_reason: null });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ id: 'pay_CapturedEvent01', method: 'upi' })]);
  });

  test('the same signed body under a new x-razorpay-event-id is handled once (the header is not signed)', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const raw = JSON.stringify(paymentEvent('payment.failed', { id: 'pay_ReplayedBody01', order_id: order.id, amount: PAY_NOW }));
    expect(await sendWebhook(api(), raw, { eventId: newEventId() })).toMatchObject({ status: 200, body: { status: 'processed' } });
    // replayed with a fresh header id, or none: the bytes the HMAC covers are the same, so it is the same delivery
    expect(await sendWebhook(api(), raw, { eventId: newEventId() })).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await sendWebhook(api(), raw, { eventId: null })).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await db().query('SELECT event FROM webhook_events WHERE id = $1', [sha256Hex(raw)])).toEqual([{ event: 'payment.failed' }]);
    expect((await bookingEvents(db(), booking.bookingId)).filter((entry) => entry.to_status === 'failed')).toHaveLength(1);
  });

  test('another signed body under a reused x-razorpay-event-id is handled (an old id cannot hide a new event)', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const eventId = newEventId();
    const failed = paymentEvent('payment.failed', { id: 'pay_FirstDelivery01', order_id: order.id, amount: PAY_NOW });
    const paid = paymentEvent('order.paid', { id: 'pay_SecondDelivery', order_id: order.id, amount: PAY_NOW });
    expect(await sendWebhook(api(), failed, { eventId })).toMatchObject({ status: 200, body: { status: 'processed' } });
    expect(await sendWebhook(api(), paid, { eventId })).toMatchObject({ status: 200, body: { status: 'processed' } });
    expect((await paymentRows(db(), booking.bookingId)).map((payment) => [payment.id, payment.status])).toEqual([
      ['pay_FirstDelivery01', 'failed'],
      ['pay_SecondDelivery', 'captured'],
    ]);
    expect(await db().query('SELECT event FROM webhook_events WHERE header_event_id = $1 ORDER BY received_at', [eventId])).toEqual([
      { event: 'payment.failed' },
      { event: 'order.paid' },
    ]);
    expect(await confirmations(booking)).toHaveLength(1);
  });

  test('payment.failed after the payment succeeded leaves the booking confirmed', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const result = await payInCheckout(stack.sandboxUrl, order.id);
    await stack.webhooksDone();
    expect(await verify(result)).toMatchObject({ body: { status: true } });

    // an earlier failed attempt, reported late
    const late = paymentEvent('payment.failed', { id: 'pay_EarlierAttempt1', order_id: order.id, amount: PAY_NOW });
    expect(await sendWebhook(api(), late)).toMatchObject({ status: 200, body: { status: 'processed' } });
    expect(await viewed(booking)).toMatchObject({ status: 'confirmed' });
    expect(await orderRows(db(), booking.bookingId)).toEqual([{ id: order.id, amount: PAY_NOW, status: 'paid' }]);
    expect((await bookingEvents(db(), booking.bookingId)).map((event) => event.to_status)).toEqual(['requested', 'accepted', 'confirmed']);
  });

  test('payment.failed on an accepted booking fails it; a new order can be made, and a successful retry confirms it', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const first = await openOrder(booking);
    const failure = await failInCheckout(stack.sandboxUrl, first.id);
    expect(failure.error.metadata.order_id).toBe(first.id);
    await stack.webhooksDone();

    expect(await viewed(booking)).toMatchObject({ status: 'failed', failureReason: 'payment_failed' });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([
      { id: failure.error.metadata.payment_id, order_id: first.id, amount: PAY_NOW, status: 'failed', method: 'card', source: 'webhook' },
    ]);
    expect(await orderRows(db(), booking.bookingId)).toEqual([{ id: first.id, amount: PAY_NOW, status: 'failed' }]);

    // Try Payment Again
    const second = await openOrder(booking);
    expect(second.id).not.toBe(first.id);
    expect(second.amount).toBe(paymentBreakdown(menu.price).payNow);
    const result = await payInCheckout(stack.sandboxUrl, second.id);
    expect(await verify(result)).toMatchObject({ status: 200, body: { status: true, bookingId: booking.bookingId } });
    await stack.webhooksDone();

    expect(await viewed(booking)).toEqual({ ...booking, status: 'confirmed', invoiceNumber: expect.stringMatching(/^UTS\/\d{4}-\d{2}\/\d{6}$/) });
    expect((await bookingEvents(db(), booking.bookingId)).map(({ to_status, actor, reason }) => [to_status, actor, reason])).toEqual([
      ['requested', consumer.uid, 'requested by the consumer'],
      ['accepted', 'provider-test', null],
      ['failed', 'payment', 'payment failed'],
      ['confirmed', 'payment', 'payment retry succeeded'],
    ]);
    expect((await paymentRows(db(), booking.bookingId)).map((payment) => payment.status)).toEqual(['failed', 'captured']);
  });

  test('a repeated payment.failed does not fail a booking twice', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const event = paymentEvent('payment.failed', { id: 'pay_FailedTwice001', order_id: order.id, amount: PAY_NOW });
    expect((await sendWebhook(api(), event)).status).toBe(200);
    // another delivery (other bytes) about the same payment
    expect(await sendWebhook(api(), { ...event, created_at: event.created_at + 1 })).toMatchObject({ status: 200, body: { status: 'processed' } });
    expect((await bookingEvents(db(), booking.bookingId)).filter((entry) => entry.to_status === 'failed')).toHaveLength(1);
  });

  test('unknown events, other accounts’ orders and uncaptured payments: 200, ignored', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const ignored = [
      { entity: 'event', event: 'invoice.paid', payload: {} },
      // authorised money is not taken yet: only a capture confirms
      paymentEvent('payment.authorized', { id: 'pay_Authorized0002', order_id: order.id, amount: PAY_NOW }),
      paymentEvent('order.paid', { id: 'pay_NotOurOrder0001', order_id: 'order_NotCreatedHere', amount: PAY_NOW }),
      paymentEvent('payment.captured', { id: 'pay_Authorized0001', order_id: order.id, amount: PAY_NOW, status: 'authorized' }),
    ];
    for (const event of ignored) expect(await sendWebhook(api(), event)).toMatchObject({ status: 200, body: { status: 'ignored' } });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
  });

  test('signed but not understood: 400, and not recorded as handled (a retry is handled again)', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const eventId = newEventId();
    expect(await sendWebhook(api(), '{not json', { eventId })).toMatchObject({ status: 400, body: errorSaying('Webhook body is not valid JSON.') });
    expect(await sendWebhook(api(), { event: 'order.paid', payload: { payment: { entity: { id: 'pay_x' } } } }, { eventId })).toMatchObject({
      status: 400,
      body: errorSaying('Webhook payload not understood.'),
    });
    expect(await db().query('SELECT id FROM webhook_events WHERE header_event_id = $1', [eventId])).toEqual([]);
    // the provider's retry of that event, now readable
    const event = paymentEvent('order.paid', { id: 'pay_RetriedEvent001', order_id: order.id, amount: PAY_NOW });
    expect(await sendWebhook(api(), event, { eventId })).toMatchObject({ status: 200, body: { status: 'processed' } });
  });
});
