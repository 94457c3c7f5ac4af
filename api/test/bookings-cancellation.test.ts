import { bookingHistorySchema, bookingSchema, cancellationTermsSchema, createOrderResponseSchema, type Booking } from '@utsav/contracts/schemas';
import { CANCELLATION_TIERS, notRefundedRule } from '@utsav/contracts/cancellation-policy';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, expectContract, insertCatalogFixture, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { bookingIn, insertMenu, payInCheckout, providerCall, providerRefunds, refundRows, startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';
import { createBookingRepository } from '../src/bookings/booking-repository';
import { cancelWithRefund } from '../src/payments/cancellation';
import { errorSaying } from './support/error-answers';

/**
 * Change of plans (issue 19, item 2) over real HTTP, with the Razorpay sandbox: a request is withdrawn; an
 * accepted booking is cancelled with nothing to refund; a paid one gets back the cancellation policy's share
 * of its advance through Razorpay's Refunds API (the platform fee and its GST are kept), shown on the booking
 * with its status; a refund Razorpay cannot take at once stays due and is asked for again by the retry job.
 * The API's clock is the test's, so each tier of the policy is reached.
 */

const DAY = 24 * 60 * 60 * 1000;
let clockOffset = 0;
let stack: PaymentStack;
let catalog: CatalogFixture;
let menu: FixtureMenu; // ₹50,000: an advance of ₹5,000 (500,000 paise), paid with the fee and GST as 511,800
let consumer: TestUser;
beforeAll(async () => {
  stack = await startPaymentStack({ REFUND_RETRY_INTERVAL_MS: 100 }, { now: () => new Date(Date.now() + clockOffset) });
  catalog = await insertCatalogFixture(stack.server.database);
  menu = await insertMenu(stack.server.database, catalog.providerA.serviceId, 5_000_000);
  consumer = await signInWithPhone();
});
afterAll(() => stack.close());
afterEach(async () => {
  clockOffset = 0;
  await stack.webhooksDone();
});

const ADVANCE = 500_000;
const PAY_NOW = 511_800;
const api = () => stack.server.url;
const db = () => stack.server.database;
const call = (path: string, method: 'GET' | 'POST' = 'POST', user: TestUser = consumer) => request(`${api()}${path}`, { method, token: user.idToken });
const terms = async (booking: Booking) => expectContract(cancellationTermsSchema, (await call(`/bookings/${booking.bookingId}/cancellation`, 'GET')).body);

/** A booking for 10 and 11 days from now at 09:00 (bookingPayload's dates), accepted and paid through the sandbox. */
async function paidBooking(): Promise<{ booking: Booking; paymentId: string }> {
  const booking = await bookingIn(stack.server, consumer, menu);
  const order = createOrderResponseSchema.parse((await request(`${api()}/payment/create_order`, { token: consumer.idToken, json: { userId: consumer.uid, bookingId: booking.bookingId } })).body);
  const result = await payInCheckout(stack.sandboxUrl, order.id);
  expect(await request(`${api()}/payment/verify_payment`, { token: consumer.idToken, json: result })).toMatchObject({ status: 200, body: { status: true } });
  return { booking, paymentId: result.razorpay_payment_id };
}

describe('withdraw a request', () => {
  test('before the provider answers: cancelled, with "withdrawn by the consumer" in its history', async () => {
    const booking = await bookingIn(stack.server, consumer, menu, 'requested');
    const answer = await call(`/bookings/${booking.bookingId}/withdraw`);
    expect(answer.status).toBe(200);
    expect(expectContract(bookingSchema, answer.body)).toMatchObject({ status: 'cancelled' });
    expect((await bookingEvents(db(), booking.bookingId)).at(-1)).toMatchObject({ from_status: 'requested', to_status: 'cancelled', actor: consumer.uid, reason: 'withdrawn by the consumer' });
  });

  test('once answered it cannot be withdrawn (409 saying why); someone else’s is 403', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    expect(await call(`/bookings/${booking.bookingId}/withdraw`)).toMatchObject({
      status: 409,
      body: errorSaying('Only a request the provider has not answered yet can be withdrawn (this one is accepted).'),
    });
    const request2 = await bookingIn(stack.server, consumer, menu, 'requested');
    const stranger = await signInWithPhone();
    expect((await call(`/bookings/${request2.bookingId}/withdraw`, 'POST', stranger)).status).toBe(403);
    expect((await call(`/bookings/${request2.bookingId}/cancel`)).status).toBe(409);
  });
});

describe('cancel an accepted or paid booking, by the cancellation policy', () => {
  test('accepted, not paid: nothing to refund; cancelled, and no refund shown', async () => {
    const booking = await bookingIn(stack.server, consumer, menu);
    expect(await terms(booking)).toEqual({
      bookingId: booking.bookingId,
      advancePaid: 0,
      refund: 0,
      rule: CANCELLATION_TIERS[0]!.rule,
      rules: CANCELLATION_TIERS.map((tier) => tier.rule),
      notRefunded: notRefundedRule(),
    });
    const answer = await call(`/bookings/${booking.bookingId}/cancel`);
    expect(answer.status).toBe(200);
    expect(expectContract(bookingSchema, answer.body)).toMatchObject({ status: 'cancelled' });
    expect(answer.body.refund).toBeUndefined();
    expect(await refundRows(db(), booking.bookingId)).toEqual([]);
  });

  test('paid, more than 7 days before the start: the whole advance back through Razorpay, the fee and GST kept', async () => {
    const { booking, paymentId } = await paidBooking();
    expect(await terms(booking)).toMatchObject({ advancePaid: ADVANCE, refund: ADVANCE, rule: 'More than 7 days before the start: the whole advance back' });
    const answer = await call(`/bookings/${booking.bookingId}/cancel`);
    expect(answer.status).toBe(200);
    const cancelled = expectContract(bookingSchema, answer.body);
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: { amount: ADVANCE, status: expect.stringMatching(/^(pending|processed)$/) } });

    const refunds = await providerRefunds(stack.sandboxUrl, paymentId);
    expect(refunds).toEqual([expect.objectContaining({ amount: ADVANCE, notes: { bookingId: booking.bookingId, reason: 'cancelled_by_consumer' } })]);
    const payment = (await providerCall(stack.sandboxUrl, 'GET', `/v1/payments/${paymentId}`)).body;
    expect(payment).toMatchObject({ amount: PAY_NOW, amount_refunded: ADVANCE, refund_status: 'partial' });
    await stack.webhooksDone();
    // refund.processed has come: the booking says so
    const read = expectContract(bookingSchema, (await call(`/bookings/${booking.bookingId}`, 'GET')).body);
    expect(read.refund).toEqual({ amount: ADVANCE, status: 'processed' });
    expect((await bookingEvents(db(), booking.bookingId)).map((event) => event.to_status)).toEqual(['requested', 'accepted', 'confirmed', 'cancelled']);
    // its timeline: each step, who made it, the refund once processed
    const history = expectContract(bookingHistorySchema, (await call(`/bookings/${booking.bookingId}/history`, 'GET')).body);
    expect(history.map(({ kind, by, amount }) => ({ kind, by, ...(amount ? { amount } : {}) }))).toEqual([
      { kind: 'requested', by: 'you' },
      { kind: 'accepted', by: 'provider' },
      { kind: 'paid', by: 'payment' },
      { kind: 'cancelled', by: 'you' },
      { kind: 'refunded', by: 'payment', amount: ADVANCE },
    ]);
    expect((await call(`/bookings/${booking.bookingId}/history`, 'GET', await signInWithPhone())).status).toBe(403);
    // cancelled is final: no second cancellation, no second refund
    expect((await call(`/bookings/${booking.bookingId}/cancel`)).status).toBe(409);
    expect(await providerRefunds(stack.sandboxUrl, paymentId)).toHaveLength(1);
  });

  test('paid, within 7 days of the start: half the advance back', async () => {
    const { booking, paymentId } = await paidBooking();
    clockOffset = 5 * DAY; // the start is 10 days from the booking: 5 days from "now"
    expect(await terms(booking)).toMatchObject({ advancePaid: ADVANCE, refund: ADVANCE / 2, rule: 'Within 7 days of the start: half the advance back' });
    const cancelled = expectContract(bookingSchema, (await call(`/bookings/${booking.bookingId}/cancel`)).body);
    expect(cancelled.refund?.amount).toBe(ADVANCE / 2);
    expect(await providerRefunds(stack.sandboxUrl, paymentId)).toEqual([expect.objectContaining({ amount: ADVANCE / 2 })]);
  });

  test('paid, within 24 hours of the start: nothing back, nothing asked of Razorpay', async () => {
    const { booking, paymentId } = await paidBooking();
    clockOffset = 9.8 * DAY;
    expect(await terms(booking)).toMatchObject({ advancePaid: ADVANCE, refund: 0, rule: 'Within 24 hours of the start: no refund' });
    const cancelled = expectContract(bookingSchema, (await call(`/bookings/${booking.bookingId}/cancel`)).body);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(cancelled.refund).toBeUndefined();
    expect(await providerRefunds(stack.sandboxUrl, paymentId)).toEqual([]);
  });

  test('Razorpay refuses our keys at that moment: the booking is cancelled, its refund stays due, and the retry job makes it later', async () => {
    const { booking, paymentId } = await paidBooking();
    const settings = stack.sandbox.sandbox.settings;
    const secret = settings.keySecret;
    settings.keySecret = 'rotated-at-the-provider';
    let cancelled: Booking;
    try {
      cancelled = expectContract(bookingSchema, (await call(`/bookings/${booking.bookingId}/cancel`)).body);
    } finally {
      settings.keySecret = secret;
    }
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: { amount: ADVANCE, status: 'due' } });
    expect(await providerRefunds(stack.sandboxUrl, paymentId)).toEqual([]);
    // the job leaves fresh ones to whoever wrote them: make it a few minutes old
    await db().query(`UPDATE payment_refunds SET created_at = now() - interval '5 minutes' WHERE payment_id = $1`, [paymentId]);
    // the job runs every 100 ms here: give it up to 10 s
    for (let waited = 0; (await refundRows(db(), booking.bookingId))[0]?.status === 'due' && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await providerRefunds(stack.sandboxUrl, paymentId)).toEqual([expect.objectContaining({ amount: ADVANCE })]);
    await stack.webhooksDone();
    expect((await refundRows(db(), booking.bookingId))[0]).toMatchObject({ reason: 'cancelled_by_consumer', status: 'processed', amount: ADVANCE });
  });

  test('the terms of a booking that cannot be cancelled: 409 saying why', async () => {
    const booking = await bookingIn(stack.server, consumer, menu, 'requested');
    expect(await call(`/bookings/${booking.bookingId}/cancellation`, 'GET')).toMatchObject({
      status: 409,
      body: errorSaying('Only an accepted or confirmed booking can be cancelled (this one is requested).'),
    });
  });
});

test('a booking whose last day has gone by is not cancelled or moved any more (409 saying so)', async () => {
  const { booking } = await paidBooking();
  clockOffset = 13 * DAY; // its dates were 10 and 11 days ahead
  const ended = 'This booking has already taken place: it can no longer be cancelled or moved. You can book it again.';
  expect(await call(`/bookings/${booking.bookingId}/cancel`)).toMatchObject({ status: 409, body: { message: ended } });
  expect(await call(`/bookings/${booking.bookingId}/cancellation`, 'GET')).toMatchObject({ status: 409, body: { message: ended } });
  const moved = await request(`${api()}/bookings/${booking.bookingId}/reschedule`, {
    token: consumer.idToken,
    json: { preferredDateRange: { from: '2099-01-01', to: '2099-01-01' }, preferredTime: { start: '10:00', end: '12:00' } },
  });
  expect(moved).toMatchObject({ status: 409, body: { message: ended } });
  expect((await call(`/bookings/${booking.bookingId}`, 'GET')).body.status).toBe('confirmed');
});

test('a payment captured after the booking was read and before it is cancelled still gets the policy’s refund', async () => {
  const { booking, paymentId } = await paidBooking();
  // the booking as the cancel route read it a moment before the payment was captured
  const row = await createBookingRepository(db()).find(booking.bookingId);
  const stale = { ...row!, status: 'accepted' as const };
  const due = await db().transaction((session) => cancelWithRefund(session, stale, consumer.uid, new Date()));
  expect(due).toBe(paymentId);
  expect(await refundRows(db(), booking.bookingId)).toEqual([expect.objectContaining({ payment_id: paymentId, reason: 'cancelled_by_consumer', status: 'due', amount: ADVANCE })]);
});
