import { bookingSchema, type Booking } from '@utsav/contracts/schemas';
import { randomBytes } from 'node:crypto';
import { transitionBooking } from '../../src/bookings/booking-transitions';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db';
import type { SandboxApp } from '@utsav/stand-ins/src/payment-sandbox/app';
import { hmacHex, KEY_ID, providerCall, startSandbox, WEBHOOK_SECRET } from '@utsav/stand-ins/src/payment-sandbox/testing';
import type { TestUser } from './auth-emulator';
import { bookingPayload, onboardConsumer, type FixtureMenu } from './bookings';
import { request, startTestServer, type TestServer, type TestServerOptions } from './test-server';

export { basicAuth, hmacHex, KEY_ID, KEY_SECRET, providerCall, startSandbox, WEBHOOK_SECRET } from '@utsav/stand-ins/src/payment-sandbox/testing';

export interface PaymentStack {
  sandbox: SandboxApp;
  sandboxUrl: string;
  server: TestServer;
  /** resolves once the sandbox has no webhook left to deliver */
  webhooksDone(): Promise<void>;
  close(): Promise<void>;
}

/** The sandbox and the API wired together: the API's orders go to the sandbox, its webhooks come to the API. */
export async function startPaymentStack(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<PaymentStack> {
  const { sandbox, url: sandboxUrl } = await startSandbox();
  const server = await startTestServer({ ...overrides, RAZORPAY_API_URL: sandboxUrl }, options);
  sandbox.sandbox.settings.webhookUrl = `${server.url}/payment/webhook`;
  return {
    sandbox,
    sandboxUrl,
    server,
    webhooksDone: () => sandbox.sandbox.webhooks.idle(),
    close: async () => {
      await sandbox.close();
      await server.close();
    },
  };
}

/** A menu of a known price, under an existing service. */
export async function insertMenu(db: Database, serviceId: string, price: number): Promise<FixtureMenu> {
  const name = `Package at ${price}`;
  const [menu] = await db.query<{ id: string }>(
    `INSERT INTO menus (service_id, name, description, service_type, price, expected_delivery_time)
     VALUES ($1, $2, 'Photos of the day', 'Photography', $3, '2 weeks') RETURNING id::text AS id`,
    [serviceId, name, price],
  );
  return { id: menu!.id, serviceId, name, price };
}

/** A booking made over HTTP, then accepted by its provider (through the state machine). */
export async function bookingIn(
  server: TestServer,
  user: TestUser,
  menu: FixtureMenu,
  status: 'requested' | 'accepted' = 'accepted',
  change: Record<string, unknown> = {},
): Promise<Booking> {
  await onboardConsumer(server.database, user);
  const response = await request(`${server.url}/bookings`, { token: user.idToken, json: bookingPayload(user, menu, change), headers: { nocart: 'true' } });
  if (response.status !== 201) throw new Error(`POST /bookings answered ${response.status}: ${JSON.stringify(response.body)}`);
  const booking = bookingSchema.parse(response.body);
  if (status === 'accepted') await transitionBooking(server.database, { bookingId: booking.bookingId, action: 'accept', actor: 'provider-test' });
  return { ...booking, status };
}

/** What a press of 'Pay' in checkout does: the sandbox's signed result. */
export async function payInCheckout(sandboxUrl: string, orderId: string) {
  const response = await fetch(`${sandboxUrl}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, key: KEY_ID, email: 'asha@example.in', contact: '+919812345678' }),
  });
  if (response.status !== 200) throw new Error(`checkout pay answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

/** What a press of 'Fail payment' in checkout does. */
export async function failInCheckout(sandboxUrl: string, orderId: string) {
  const response = await fetch(`${sandboxUrl}/v1/checkout/fail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, key: KEY_ID }),
  });
  if (response.status !== 200) throw new Error(`checkout fail answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { error: { metadata: { order_id: string; payment_id: string } } };
}

export const newEventId = () => randomBytes(7).toString('hex');

/** The consumer cancels their booking over HTTP. */
export async function cancelBooking(server: TestServer, user: TestUser, bookingId: string): Promise<void> {
  const response = await request(`${server.url}/bookings/${bookingId}/cancel`, { method: 'POST', token: user.idToken });
  if (response.status !== 200) throw new Error(`cancel answered ${response.status}: ${JSON.stringify(response.body)}`);
}

/** The sandbox's Payments and Refunds APIs, as the API (or Razorpay's SDK) calls them. */
/** The refunds the sandbox made of a payment (GET /v1/payments/:id/refunds). */
export async function providerRefunds(sandboxUrl: string, paymentId: string) {
  const { status, body } = await providerCall(sandboxUrl, 'GET', `/v1/payments/${paymentId}/refunds`);
  if (status !== 200) throw new Error(`refunds of ${paymentId} answered ${status}: ${JSON.stringify(body)}`);
  return body.items ?? [];
}

/** A webhook POSTed as Razorpay does: the raw JSON body, its HMAC, an event id. */
export async function sendWebhook(
  apiUrl: string,
  body: unknown,
  { eventId = newEventId(), secret = WEBHOOK_SECRET, signature }: { eventId?: string | null; secret?: string; signature?: string | null } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const signed = signature === undefined ? hmacHex(secret, raw) : signature;
  if (signed !== null) headers['X-Razorpay-Signature'] = signed;
  if (eventId !== null) headers['x-razorpay-event-id'] = eventId;
  return request(`${apiUrl}/payment/webhook`, { method: 'POST', headers, body: raw });
}

/** Razorpay's webhook body for a payment (authorized, captured or failed) on an order. */
export function paymentEvent(
  event: 'order.paid' | 'payment.captured' | 'payment.authorized' | 'payment.failed',
  payment: { id: string; order_id: string; amount: number; status?: string; method?: string },
) {
  const status = payment.status ?? (event === 'payment.failed' ? 'failed' : event === 'payment.authorized' ? 'authorized' : 'captured');
  return {
    entity: 'event',
    account_id: 'acc_TestAccount001',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amount,
          currency: 'INR',
          status,
          order_id: payment.order_id,
          method: payment.method ?? 'card',
          captured: status === 'captured',
          error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
          error_description: status === 'failed' ? 'Payment failed' : null,
          notes: [],
          created_at: Math.floor(Date.now() / 1000),
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** What the database holds about a booking's payments. */
export function paymentRows(db: Database, bookingId: string) {
  return db.query<{ id: string; order_id: string; amount: number; status: string; method: string | null; source: string }>(
    'SELECT id, order_id, amount, status, method, source FROM payments WHERE booking_id = $1 ORDER BY created_at, id',
    [bookingId],
  );
}

export function orderRows(db: Database, bookingId: string) {
  return db.query<{ id: string; amount: number; status: string }>(
    'SELECT id, amount, status FROM payment_orders WHERE booking_id = $1 ORDER BY created_at, id',
    [bookingId],
  );
}

export function refundRows(db: Database, bookingId: string) {
  return db.query<{ payment_id: string; reason: string; status: string; refund_id: string | null; amount: number | null }>(
    'SELECT payment_id, reason, status, refund_id, amount FROM payment_refunds WHERE booking_id = $1 ORDER BY created_at, payment_id',
    [bookingId],
  );
}

export async function bookingState(db: Database, bookingId: string) {
  const [row] = await db.query<{ status: string; failure_reason: string | null }>('SELECT status, failure_reason FROM bookings WHERE id = $1', [bookingId]);
  return row;
}
