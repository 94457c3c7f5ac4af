import { createOrderResponseSchema, type Booking } from '@utsav/contracts/schemas';
import { PAYMENT_MESSAGES, REFUND_MESSAGES } from '../src/payments/payment-service';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, insertCatalogFixture, type CatalogFixture, type FixtureMenu } from './support/bookings';
import {
  bookingIn,
  bookingState,
  cancelBooking,
  failInCheckout,
  hmacHex,
  insertMenu,
  KEY_SECRET,
  orderRows,
  paymentEvent,
  paymentRows,
  payInCheckout,
  providerCall,
  providerRefunds,
  refundRows,
  sendWebhook,
  startPaymentStack,
  type PaymentStack,
} from './support/payments';
import { request } from './support/test-server';

let stack: PaymentStack;
let catalog: CatalogFixture;
let menu: FixtureMenu; // ₹50,000
let consumer: TestUser;
beforeAll(async () => {
  stack = await startPaymentStack();
  catalog = await insertCatalogFixture(stack.server.database);
  menu = await insertMenu(stack.server.database, catalog.providerA.serviceId, 5_000_000);
  consumer = await signInWithPhone();
});
afterAll(() => stack.close());
afterEach(async () => {
  await stack.webhooksDone();
  Object.assign(stack.sandbox.sandbox.settings, { autoCaptureDelayMs: 0 });
});

const PAY_NOW = 511_800;
const api = () => stack.server.url;
const db = () => stack.server.database;
const settings = () => stack.sandbox.sandbox.settings;

async function openOrder(booking: Booking) {
  const response = await request(`${api()}/payment/create_order`, { token: consumer.idToken, json: { userId: consumer.uid, bookingId: booking.bookingId } });
  expect(response.status).toBe(200);
  return createOrderResponseSchema.parse(response.body);
}
const verify = (json: unknown) => request(`${api()}/payment/verify_payment`, { token: consumer.idToken, json });
const providerPayment = async (paymentId: string) => (await providerCall(stack.sandboxUrl, 'GET', `/v1/payments/${paymentId}`)).body;
const toStatuses = async (booking: Booking) => (await bookingEvents(db(), booking.bookingId)).map((event) => event.to_status);

/** Runs fn while the sandbox sends no webhooks (the browser's result arrives first, or alone). */
async function withoutWebhooks<T>(fn: () => Promise<T>): Promise<T> {
  const url = settings().webhookUrl;
  settings().webhookUrl = '';
  try {
    return await fn();
  } finally {
    settings().webhookUrl = url;
  }
}

describe('verify_payment confirms only what the provider says is captured', () => {
  test('a correct signature for a payment the provider does not know: status false, nothing changes', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    // signed with the real key secret (as a leaked or sandbox-signed result would be), but no money moved
    const paymentId = 'pay_NeverAuthorised';
    const answer = await verify({ razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: hmacHex(KEY_SECRET, `${order.id}|${paymentId}`) });
    expect(answer).toMatchObject({ status: 200, body: { status: false } });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
    expect(await paymentRows(db(), booking.bookingId)).toEqual([]);
  });

  test('a failed attempt, correctly signed: 409, the booking unchanged', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const failure = await withoutWebhooks(() => failInCheckout(stack.sandboxUrl, order.id));
    const paymentId = failure.error.metadata.payment_id;
    const answer = await verify({ razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: hmacHex(KEY_SECRET, `${order.id}|${paymentId}`) });
    expect(answer).toMatchObject({ status: 409, body: { code: PAYMENT_MESSAGES.notCaptured } });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
  });

  test('authorized but not captured yet: payment.authorized alone confirms nothing; verify captures it, then confirms', async () => {
    settings().autoCaptureDelayMs = 60_000; // the provider's auto-capture comes late
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    const result = await payInCheckout(stack.sandboxUrl, order.id);
    await stack.webhooksDone();
    expect(stack.sandbox.sandbox.webhooks.deliveries.at(-1)).toMatchObject({ event: 'payment.authorized', status: 'delivered' });
    expect(await providerPayment(result.razorpay_payment_id)).toMatchObject({ status: 'authorized', captured: false });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });

    expect(await verify(result)).toMatchObject({ status: 200, body: { status: true, bookingId: booking.bookingId, amount: PAY_NOW } });
    // captured by the API's own call, for the order's amount
    expect(await providerPayment(result.razorpay_payment_id)).toMatchObject({ status: 'captured', captured: true, amount: PAY_NOW });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'confirmed', failure_reason: null });
    await stack.webhooksDone(); // payment.captured and order.paid follow: nothing more happens
    expect(await toStatuses(booking)).toEqual(['requested', 'accepted', 'confirmed']);
    expect(await refundRows(db(), booking.bookingId)).toEqual([]);
  });
});

describe('cancelling closes the order; a capture after it is refunded', () => {
  test('cancel: the open order is closed, and no new one is handed out', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    await cancelBooking(stack.server, consumer, booking.bookingId);
    expect(await orderRows(db(), booking.bookingId)).toEqual([{ id: order.id, amount: PAY_NOW, status: 'closed' }]);
    const again = await request(`${api()}/payment/create_order`, { token: consumer.idToken, json: { userId: consumer.uid, bookingId: booking.bookingId } });
    expect(again).toMatchObject({ status: 409, body: { code: PAYMENT_MESSAGES.cannotPay } });
  });

  test('cancel, then the checkout’s result: 409, the payment refunded through the Refunds API once, the booking stays cancelled', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    await cancelBooking(stack.server, consumer, booking.bookingId);
    // the dialog was still open: the consumer pays the closed order
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, order.id));

    expect(await verify(result)).toMatchObject({ status: 409, body: { code: REFUND_MESSAGES.booking_cancelled } });
    const refunds = await providerRefunds(stack.sandboxUrl, result.razorpay_payment_id);
    expect(refunds).toEqual([
      expect.objectContaining({ entity: 'refund', amount: PAY_NOW, payment_id: result.razorpay_payment_id, status: 'processed', notes: { bookingId: booking.bookingId, reason: 'booking_cancelled' } }),
    ]);
    expect(await providerPayment(result.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: PAY_NOW, refund_status: 'full' });
    expect(await refundRows(db(), booking.bookingId)).toEqual([
      { payment_id: result.razorpay_payment_id, reason: 'booking_cancelled', status: 'processed', refund_id: refunds[0]!.id, amount: PAY_NOW },
    ]);
    expect(await paymentRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ id: result.razorpay_payment_id, status: 'captured' })]);

    // asked again: refunded already, nothing more
    expect(await verify(result)).toMatchObject({ status: 409, body: { code: PAYMENT_MESSAGES.refunded } });
    expect(await providerRefunds(stack.sandboxUrl, result.razorpay_payment_id)).toHaveLength(1);
    expect(await toStatuses(booking)).toEqual(['requested', 'accepted', 'cancelled']);
    expect(await orderRows(db(), booking.bookingId)).toEqual([{ id: order.id, amount: PAY_NOW, status: 'closed' }]);
  });

  test('cancel, then an authorized (uncaptured) payment’s result: 409, not captured, nothing to refund', async () => {
    settings().autoCaptureDelayMs = 60_000;
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    await cancelBooking(stack.server, consumer, booking.bookingId);
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, order.id));
    expect(await verify(result)).toMatchObject({ status: 409, body: { code: PAYMENT_MESSAGES.cancelledNotTaken } });
    expect(await providerPayment(result.razorpay_payment_id)).toMatchObject({ status: 'authorized', captured: false });
    expect(await refundRows(db(), booking.bookingId)).toEqual([]);
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'cancelled', failure_reason: null });
  });

  test('cancel, then the provider’s capture webhooks: refunded once (refund.processed recorded), the booking stays cancelled', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    await cancelBooking(stack.server, consumer, booking.bookingId);
    const result = await payInCheckout(stack.sandboxUrl, order.id); // the browser never comes back
    await stack.webhooksDone();

    const refunds = await providerRefunds(stack.sandboxUrl, result.razorpay_payment_id);
    expect(refunds).toEqual([expect.objectContaining({ amount: PAY_NOW, status: 'processed' })]);
    expect(await refundRows(db(), booking.bookingId)).toEqual([
      { payment_id: result.razorpay_payment_id, reason: 'booking_cancelled', status: 'processed', refund_id: refunds[0]!.id, amount: PAY_NOW },
    ]);
    const events = stack.sandbox.sandbox.webhooks.deliveries.filter((sent) => sent.status === 'delivered').map((sent) => sent.event);
    expect(events).toEqual(expect.arrayContaining(['payment.captured', 'order.paid', 'refund.processed']));
    expect(await toStatuses(booking)).toEqual(['requested', 'accepted', 'cancelled']);
  });

  test('a second payment for a paid booking (a late capture on an earlier order) is refunded', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const first = await openOrder(booking);
    await failInCheckout(stack.sandboxUrl, first.id);
    await stack.webhooksDone();
    const second = await openOrder(booking);
    expect(await verify(await payInCheckout(stack.sandboxUrl, second.id))).toMatchObject({ body: { status: true } });
    await stack.webhooksDone();

    // the first order is still payable at the provider: paid there too
    const late = await payInCheckout(stack.sandboxUrl, first.id);
    await stack.webhooksDone();
    expect(await providerRefunds(stack.sandboxUrl, late.razorpay_payment_id)).toEqual([expect.objectContaining({ amount: PAY_NOW })]);
    expect(await refundRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ payment_id: late.razorpay_payment_id, reason: 'booking_already_paid', status: 'processed' })]);
    expect(await verify(late)).toMatchObject({ status: 409, body: { code: PAYMENT_MESSAGES.refunded } });
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'confirmed', failure_reason: null });
  });

  test('reported many times at once (two results, both webhooks): refunded exactly once', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    await cancelBooking(stack.server, consumer, booking.bookingId);
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, order.id));
    const reported = { id: result.razorpay_payment_id, order_id: order.id, amount: PAY_NOW };
    const answers = await Promise.all([
      verify(result),
      sendWebhook(api(), paymentEvent('payment.captured', reported)),
      sendWebhook(api(), paymentEvent('order.paid', reported)),
      verify(result),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([409, 200, 200, 409]);
    for (const answer of [answers[0], answers[3]]) {
      expect([REFUND_MESSAGES.booking_cancelled, PAYMENT_MESSAGES.refunded]).toContain(answer?.body.code);
    }
    expect(await providerRefunds(stack.sandboxUrl, result.razorpay_payment_id)).toHaveLength(1);
    expect(await refundRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ status: 'processed', amount: PAY_NOW })]);
  });

  test('the provider unreachable for the refund: the webhook answers 502, the refund stays due; its redelivery makes it', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    const order = await openOrder(booking);
    await cancelBooking(stack.server, consumer, booking.bookingId);
    const result = await withoutWebhooks(() => payInCheckout(stack.sandboxUrl, order.id));
    const event = JSON.stringify(paymentEvent('payment.captured', { id: result.razorpay_payment_id, order_id: order.id, amount: PAY_NOW }));

    const secret = settings().keySecret;
    settings().keySecret = 'rotated'; // the API's key no longer opens the provider
    try {
      expect(await sendWebhook(api(), event)).toMatchObject({ status: 502, body: { code: PAYMENT_MESSAGES.refundFailed } });
    } finally {
      settings().keySecret = secret;
    }
    expect(await refundRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ status: 'due', refund_id: null })]);
    expect(await providerRefunds(stack.sandboxUrl, result.razorpay_payment_id)).toEqual([]);

    // the provider redelivers the same bytes: already handled, but the refund it owes is made now, once
    expect(await sendWebhook(api(), event)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await sendWebhook(api(), event)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await providerRefunds(stack.sandboxUrl, result.razorpay_payment_id)).toHaveLength(1);
    expect(await refundRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ status: 'processed', amount: PAY_NOW })]);
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'cancelled', failure_reason: null });
  });
});
