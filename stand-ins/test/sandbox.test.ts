import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxApp } from '../src/payment-sandbox/app';
import { SANDBOX_EVENTS } from '../src/payment-sandbox/webhook-sender';
import { basicAuth, hmacHex, KEY_ID, KEY_SECRET, providerCall, startSandbox, WEBHOOK_SECRET } from '../src/payment-sandbox/testing';

/** A stand-in for the API's webhook route: keeps what arrives, answers with the next status of a script. */
interface Receiver {
  url: string;
  received: { body: string; headers: http.IncomingHttpHeaders; at: number }[];
  answers: number[];
  close(): Promise<void>;
}
async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, at: Date.now() });
      res.writeHead(answers.shift() ?? 200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/payment/webhook`, received, answers, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let sandbox: SandboxApp;
let url: string;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  ({ sandbox, url } = await startSandbox({ webhookUrl: receiver.url }));
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
});
afterEach(() => sandbox.sandbox.webhooks.idle());

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });
const createOrder = (body: unknown, authorization: string | null = basicAuth()) =>
  fetch(`${url}/v1/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
    body: JSON.stringify(body),
  }).then(json);
const checkout = (action: 'pay' | 'fail' | 'order', body: unknown, origin = 'http://localhost:3000') =>
  fetch(`${url}/v1/checkout/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body) });
const razorpayError = (description: string) => ({ error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description }) });
const eventName = (body: string) => (JSON.parse(body) as { event: string }).event;

test('the payment sandbox answers GET /health', async () => {
  const response = await fetch(`${url}/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

describe('Orders API', () => {
  test('POST /v1/orders: Razorpay’s order object', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await createOrder({ amount: 511_800, currency: 'INR', receipt: 'booking-1', notes: { bookingId: 'b-1' } });
    expect(created).toEqual({
      status: 200,
      body: {
        id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
        entity: 'order',
        amount: 511_800,
        amount_paid: 0,
        amount_due: 511_800,
        currency: 'INR',
        receipt: 'booking-1',
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: { bookingId: 'b-1' },
        created_at: expect.any(Number),
      },
    });
    expect(created.body.created_at).toBeGreaterThanOrEqual(before);
    // as Razorpay does, no notes come back as []
    expect((await createOrder({ amount: 100, currency: 'INR' })).body).toMatchObject({ receipt: null, notes: [] });
  });

  test('GET /v1/orders/:id (and its payments)', async () => {
    const { body: order } = await createOrder({ amount: 10_000, currency: 'INR' });
    const fetched = await fetch(`${url}/v1/orders/${String(order.id)}`, { headers: { Authorization: basicAuth() } }).then(json);
    expect(fetched).toEqual({ status: 200, body: order });
    const payments = await fetch(`${url}/v1/orders/${String(order.id)}/payments`, { headers: { Authorization: basicAuth() } }).then(json);
    expect(payments).toEqual({ status: 200, body: { entity: 'collection', count: 0, items: [] } });
    expect(await fetch(`${url}/v1/orders/order_DoesNotExist00`, { headers: { Authorization: basicAuth() } }).then(json)).toEqual({
      status: 400,
      body: razorpayError('The id provided does not exist'),
    });
    expect((await fetch(`${url}/v1/orders/${String(order.id)}`).then(json)).status).toBe(401);
  });

  test('basic auth key_id:key_secret is required: 401 in Razorpay’s shape', async () => {
    const order = { amount: 100, currency: 'INR' };
    expect(await createOrder(order, null)).toEqual({ status: 401, body: razorpayError('Please provide your api key for authentication purposes.') });
    expect(await createOrder(order, basicAuth(KEY_ID, 'wrong-secret'))).toEqual({ status: 401, body: razorpayError('Authentication failed') });
    expect(await createOrder(order, basicAuth('rzp_test_someoneelse', KEY_SECRET))).toEqual({ status: 401, body: razorpayError('Authentication failed') });
    expect(await createOrder(order, `Bearer ${KEY_SECRET}`)).toMatchObject({ status: 401 });
  });

  test('validation: 400 with Razorpay’s description and field', async () => {
    const invalid = async (body: unknown, description: string, field: string) =>
      expect(await createOrder(body)).toEqual({
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', description, field, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } },
      });
    await invalid({ amount: 99, currency: 'INR' }, 'The amount must be atleast INR 1.00', 'amount');
    await invalid({ amount: 100.5, currency: 'INR' }, 'The amount must be an integer.', 'amount');
    await invalid({ currency: 'INR' }, 'The amount field is required.', 'amount');
    await invalid({ amount: 100 }, 'The currency field is required.', 'currency');
    await invalid({ amount: 100, currency: 'USD' }, 'Currency is not supported', 'currency');
    await invalid({ amount: 100, currency: 'INR', receipt: 'r'.repeat(41) }, 'The receipt may not be greater than 40 characters.', 'receipt');
    await invalid({ amount: 100, currency: 'INR', bookingId: 'x' }, 'bookingId is/are not required and should not be sent', 'bookingId');
    const notJson = await fetch(`${url}/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: basicAuth() }, body: '{' }).then(json);
    expect(notJson).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR' } } });
  });
});

describe('checkout', () => {
  test('GET /v1/checkout.js: JavaScript defining window.Razorpay, no eval', async () => {
    const response = await fetch(`${url}/v1/checkout.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await response.text();
    expect(script).toContain('window.Razorpay = Razorpay');
    expect(script).not.toMatch(/\beval\(|new Function|setAttribute\('style'|innerHTML/);
    expect(() => new Function(script)).not.toThrow(); // parses
  });

  test('Pay: a captured payment, the order paid, Razorpay’s real signature; CORS open for any page', async () => {
    const { body: order } = await createOrder({ amount: 511_800, currency: 'INR' });
    const preflight = await fetch(`${url}/v1/checkout/pay`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://utsav.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const response = await checkout('pay', { order_id: order.id, key: KEY_ID, email: 'asha@example.in', contact: '+919812345678' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { status, body } = await json(response);
    expect(status).toBe(200);
    expect(body).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_[0-9A-Za-z]{14}$/),
      razorpay_order_id: order.id,
      razorpay_signature: hmacHex(KEY_SECRET, `${String(order.id)}|${String(body.razorpay_payment_id)}`),
    });
    const fetched = await fetch(`${url}/v1/orders/${String(order.id)}`, { headers: { Authorization: basicAuth() } }).then(json);
    expect(fetched.body).toMatchObject({ status: 'paid', amount_paid: 511_800, amount_due: 0, attempts: 1 });
    // paid once only
    expect(await json(await checkout('pay', { order_id: order.id, key: KEY_ID }))).toEqual({ status: 400, body: razorpayError('This order has already been paid.') });
    expect(await json(await checkout('order', { order_id: order.id, key: KEY_ID }))).toEqual({
      status: 200,
      body: { id: order.id, amount: 511_800, currency: 'INR', status: 'paid' },
    });
  });

  test('Pay with a wrong key or an unknown order: refused', async () => {
    const { body: order } = await createOrder({ amount: 100, currency: 'INR' });
    expect(await json(await checkout('pay', { order_id: order.id, key: 'rzp_test_other' }))).toEqual({ status: 401, body: razorpayError('The api key provided is invalid') });
    expect(await json(await checkout('pay', { order_id: 'order_DoesNotExist00', key: KEY_ID }))).toEqual({
      status: 400,
      body: razorpayError('The id provided does not exist'),
    });
  });

  test('Fail payment: what checkout hands payment.failed callbacks; the order stays payable', async () => {
    const { body: order } = await createOrder({ amount: 100, currency: 'INR' });
    const { status, body } = await json(await checkout('fail', { order_id: order.id, key: KEY_ID }));
    expect(status).toBe(200);
    expect(body).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_[0-9A-Za-z]{14}$/) },
      },
    });
    const fetched = await fetch(`${url}/v1/orders/${String(order.id)}`, { headers: { Authorization: basicAuth() } }).then(json);
    expect(fetched.body).toMatchObject({ status: 'attempted', attempts: 1, amount_due: 100 });
    expect((await checkout('pay', { order_id: order.id, key: KEY_ID })).status).toBe(200);
  });
});

describe('Payments and Refunds APIs', () => {
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => providerCall(url, method, path, body, headers);
  const payOrder = async (order: Record<string, unknown>) => String((await json(await checkout('pay', { order_id: order.id, key: KEY_ID }))).body.razorpay_payment_id);
  const events = () => receiver.received.map((received) => eventName(received.body));

  test('GET /v1/payments/:id: Razorpay’s payment entity; unknown id 400; basic auth required', async () => {
    const { body: order } = await createOrder({ amount: 511_800, currency: 'INR' });
    const paymentId = await payOrder(order);
    expect(await call('GET', `/v1/payments/${paymentId}`)).toEqual({
      status: 200,
      body: expect.objectContaining({
        id: paymentId,
        entity: 'payment',
        amount: 511_800,
        currency: 'INR',
        status: 'captured',
        order_id: order.id,
        captured: true,
        amount_refunded: 0,
        refund_status: null,
        method: 'card',
        notes: [],
      }),
    });
    expect(await call('GET', '/v1/payments/pay_DoesNotExist00')).toEqual({ status: 400, body: razorpayError('The id provided does not exist') });
    const anonymous = await fetch(`${url}/v1/payments/${paymentId}`).then(json);
    expect(anonymous).toEqual({ status: 401, body: razorpayError('Please provide your api key for authentication purposes.') });
    const wrongKey = await fetch(`${url}/v1/payments/${paymentId}/capture`, {
      method: 'POST',
      headers: { Authorization: basicAuth(KEY_ID, 'wrong'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 511_800, currency: 'INR' }),
    }).then(json);
    expect(wrongKey).toEqual({ status: 401, body: razorpayError('Authentication failed') });
  });

  test('payment_capture false: Pay leaves the payment authorized; capture takes exactly its amount, once', async () => {
    const { body: order } = await createOrder({ amount: 20_000, currency: 'INR', payment_capture: false });
    const paymentId = await payOrder(order);
    await sandbox.sandbox.webhooks.idle();
    expect(events()).toEqual(['payment.authorized']);
    expect((await call('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'authorized', captured: false, fee: null });
    expect((await call('GET', `/v1/orders/${String(order.id)}`)).body).toMatchObject({ status: 'attempted', amount_paid: 0 });
    // its order cannot be paid a second time meanwhile
    expect(await json(await checkout('pay', { order_id: order.id, key: KEY_ID }))).toEqual({ status: 400, body: razorpayError('This order has already been paid.') });

    const capture = (body: unknown) => call('POST', `/v1/payments/${paymentId}/capture`, body);
    expect(await capture({ amount: 19_900, currency: 'INR' })).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ description: 'Capture amount must be equal to the amount authorized', field: 'amount' }) },
    });
    expect(await capture({ amount: 20_000 })).toMatchObject({ status: 400, body: { error: { field: 'currency' } } });
    expect(await capture({ amount: 20_000, currency: 'INR', speed: 'fast' })).toMatchObject({ status: 400, body: { error: { field: 'speed' } } });
    expect((await call('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'authorized' });

    expect(await capture({ amount: 20_000, currency: 'INR' })).toEqual({
      status: 200,
      body: expect.objectContaining({ id: paymentId, status: 'captured', captured: true, amount: 20_000, fee: 472, tax: 72 }),
    });
    expect((await call('GET', `/v1/orders/${String(order.id)}`)).body).toMatchObject({ status: 'paid', amount_paid: 20_000, amount_due: 0 });
    expect(await capture({ amount: 20_000, currency: 'INR' })).toEqual({ status: 400, body: razorpayError('This payment has already been captured') });
    await sandbox.sandbox.webhooks.idle();
    expect(events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);

    // a failed payment cannot be captured
    const { body: other } = await createOrder({ amount: 100, currency: 'INR' });
    const failed = await json(await checkout('fail', { order_id: other.id, key: KEY_ID }));
    const failedId = (failed.body.error as { metadata: { payment_id: string } }).metadata.payment_id;
    expect(await call('POST', `/v1/payments/${failedId}/capture`, { amount: 100, currency: 'INR' })).toEqual({
      status: 400,
      body: razorpayError('Only payments which have been authorized and not yet captured can be captured'),
    });
    expect(await createOrder({ amount: 100, currency: 'INR', payment_capture: 'yes' })).toMatchObject({ status: 400, body: { error: { field: 'payment_capture' } } });
  });

  test('auto-capture after a delay: checkout answers while the payment is authorized, the capture follows', async () => {
    sandbox.sandbox.settings.autoCaptureDelayMs = 100;
    try {
      const { body: order } = await createOrder({ amount: 100, currency: 'INR', payment_capture: 1 });
      const paymentId = await payOrder(order);
      expect((await call('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'authorized' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await call('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'captured' });
      await sandbox.sandbox.webhooks.idle();
      expect(events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    } finally {
      sandbox.sandbox.settings.autoCaptureDelayMs = 0;
    }
  });

  test('POST /v1/payments/:id/refund: full by default, partial, never more than captured; GET …/refunds lists them', async () => {
    const { body: order } = await createOrder({ amount: 50_000, currency: 'INR' });
    const paymentId = await payOrder(order);
    const refund = (body: unknown, headers?: Record<string, string>) => call('POST', `/v1/payments/${paymentId}/refund`, body, headers);

    const partial = await refund({ amount: 20_000, notes: { reason: 'test' } });
    expect(partial).toEqual({
      status: 200,
      body: {
        id: expect.stringMatching(/^rfnd_[0-9A-Za-z]{14}$/),
        entity: 'refund',
        amount: 20_000,
        currency: 'INR',
        payment_id: paymentId,
        notes: { reason: 'test' },
        receipt: null,
        acquirer_data: { arn: null },
        created_at: expect.any(Number),
        batch_id: null,
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: 'normal',
      },
    });
    expect((await call('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'captured', amount_refunded: 20_000, refund_status: 'partial' });
    expect(await refund({ amount: 40_000 })).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ description: 'The refund amount provided is greater than amount captured', field: 'amount' }) },
    });
    const rest = await refund({});
    expect(rest).toMatchObject({ status: 200, body: { amount: 30_000, notes: [] } });
    expect((await call('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'refunded', captured: true, amount_refunded: 50_000, refund_status: 'full' });
    expect(await refund({})).toEqual({ status: 400, body: razorpayError('The payment has been fully refunded already') });
    expect(await call('GET', `/v1/payments/${paymentId}/refunds`)).toEqual({
      status: 200,
      body: { entity: 'collection', count: 2, items: [partial.body, rest.body] },
    });
    await sandbox.sandbox.webhooks.idle();
    const refundEvents = receiver.received
      .filter((received) => eventName(received.body).startsWith('refund.'))
      .map((received) => JSON.parse(received.body) as { event: string; contains: string[]; payload: { refund: { entity: { id: string } } } });
    // webhooks are delivered concurrently, as Razorpay's are: no order between events is promised
    const eventsOf = (refundId: string) => refundEvents.filter((event) => event.payload.refund.entity.id === refundId).map((event) => event.event).sort();
    expect(refundEvents).toHaveLength(4);
    const [partialId, restId] = [partial.body.id, rest.body.id] as string[];
    for (const refundId of [partialId!, restId!]) expect(eventsOf(refundId)).toEqual(['refund.created', 'refund.processed']);
    const processed = refundEvents.find((event) => event.event === 'refund.processed' && event.payload.refund.entity.id === partialId);
    expect(processed).toMatchObject({ contains: ['refund', 'payment'] });
  });

  test('refunds: only of captured payments; X-Refund-Idempotency makes a repeat return the first refund', async () => {
    const { body: manual } = await createOrder({ amount: 10_000, currency: 'INR', payment_capture: false });
    const authorized = await payOrder(manual);
    expect(await call('POST', `/v1/payments/${authorized}/refund`, {})).toEqual({ status: 400, body: razorpayError('Only captured payments can be refunded.') });
    expect(await call('POST', '/v1/payments/pay_DoesNotExist00/refund', {})).toEqual({ status: 400, body: razorpayError('The id provided does not exist') });

    const { body: order } = await createOrder({ amount: 10_000, currency: 'INR' });
    const paymentId = await payOrder(order);
    const key = { 'X-Refund-Idempotency': 'refund-test-0001' };
    const first = await call('POST', `/v1/payments/${paymentId}/refund`, { notes: { bookingId: 'b-1' } }, key);
    const again = await call('POST', `/v1/payments/${paymentId}/refund`, { notes: { bookingId: 'b-1' } }, key);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect((await call('GET', `/v1/payments/${paymentId}/refunds`)).body).toMatchObject({ count: 1 });
    expect(await call('POST', `/v1/payments/${paymentId}/refund`, { amount: 100 }, key)).toEqual({
      status: 400,
      body: razorpayError('The idempotency key was used with another request.'),
    });
    expect(await call('POST', `/v1/payments/${paymentId}/refund`, {}, { 'X-Refund-Idempotency': 'short' })).toMatchObject({ status: 400 });
  });
});

describe('webhooks', () => {
  test('order.paid after Pay: Razorpay’s payload, signed over the raw body, with an event id', async () => {
    const { body: order } = await createOrder({ amount: 511_800, currency: 'INR', receipt: 'booking-2' });
    const { body: paid } = await json(await checkout('pay', { order_id: order.id, key: KEY_ID, email: 'asha@example.in' }));
    await sandbox.sandbox.webhooks.idle();

    // Razorpay's sequence for an auto-captured payment, one event each
    expect(receiver.received.map((received) => eventName(received.body))).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expect(new Set(receiver.received.map((received) => received.headers['x-razorpay-event-id'])).size).toBe(3);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ payload: { payment: { entity: { status: 'authorized', captured: false, fee: null } } } });
    const delivery = receiver.received.find((received) => eventName(received.body) === 'order.paid');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['x-razorpay-signature']).toBe(hmacHex(WEBHOOK_SECRET, delivery!.body));
    expect(delivery!.headers['x-razorpay-event-id']).toMatch(/^[0-9A-Za-z]{14}$/);
    expect(JSON.parse(delivery!.body)).toEqual({
      entity: 'event',
      account_id: 'acc_UtsavSandbox01',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: {
          entity: expect.objectContaining({
            id: paid.razorpay_payment_id,
            entity: 'payment',
            amount: 511_800,
            currency: 'INR',
            status: 'captured',
            captured: true,
            order_id: order.id,
            method: 'card',
            email: 'asha@example.in',
            error_code: null,
            created_at: expect.any(Number),
          }),
        },
        order: { entity: { ...order, status: 'paid', amount_paid: 511_800, amount_due: 0, attempts: 1 } },
      },
      created_at: expect.any(Number),
    });
  });

  test('payment.failed after Fail payment', async () => {
    const { body: order } = await createOrder({ amount: 100, currency: 'INR' });
    const { body: failed } = await json(await checkout('fail', { order_id: order.id, key: KEY_ID }));
    await sandbox.sandbox.webhooks.idle();
    const event = JSON.parse(receiver.received[0]!.body) as Record<string, unknown>;
    expect(event).toMatchObject({
      event: 'payment.failed',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: (failed.error as { metadata: { payment_id: string } }).metadata.payment_id,
            order_id: order.id,
            status: 'failed',
            captured: false,
            error_code: 'BAD_REQUEST_ERROR',
            error_description: 'Payment failed',
            error_source: 'customer',
            error_step: 'payment_authorization',
            error_reason: 'payment_failed',
          },
        },
      },
    });
  });

  test('retried with backoff until accepted, under the same event id', async () => {
    receiver.answers.push(500, 503);
    const { body: order } = await createOrder({ amount: 100, currency: 'INR' });
    sandbox.sandbox.settings.webhookEvents = ['order.paid']; // the account subscribes to this one only
    try {
      await checkout('pay', { order_id: order.id, key: KEY_ID });
      await sandbox.sandbox.webhooks.idle();
    } finally {
      sandbox.sandbox.settings.webhookEvents = SANDBOX_EVENTS;
    }
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((delivery) => delivery.headers['x-razorpay-event-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((delivery) => delivery.body)).size).toBe(1);
    expect(sandbox.sandbox.webhooks.deliveries.at(-1)).toMatchObject({ status: 'delivered', attempts: 3, lastResult: 200 });
  });

  test('gives up after its retries when nobody answers', async () => {
    const { sandbox: lonely, url: lonelyUrl } = await startSandbox({
      webhookUrl: 'http://127.0.0.1:9/payment/webhook',
      webhookRetryDelaysMs: [10, 10],
      webhookEvents: ['order.paid'],
    });
    try {
      const order = await fetch(`${lonelyUrl}/v1/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: basicAuth() },
        body: JSON.stringify({ amount: 100, currency: 'INR' }),
      }).then(json);
      await fetch(`${lonelyUrl}/v1/checkout/pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ order_id: order.body.id, key: KEY_ID }) });
      await lonely.sandbox.webhooks.idle();
      expect(lonely.sandbox.webhooks.deliveries).toEqual([expect.objectContaining({ event: 'order.paid', status: 'failed', attempts: 3 })]);
    } finally {
      await lonely.close();
    }
  });

  test('PAYMENT_WEBHOOK_DELAY_MS: sent late, after the answer', async () => {
    sandbox.sandbox.settings.webhookDelayMs = 150;
    try {
      const { body: order } = await createOrder({ amount: 100, currency: 'INR' });
      const paidAt = Date.now();
      await checkout('pay', { order_id: order.id, key: KEY_ID });
      expect(receiver.received).toHaveLength(0);
      await sandbox.sandbox.webhooks.idle();
      expect(receiver.received[0]!.at - paidAt).toBeGreaterThanOrEqual(140);
    } finally {
      sandbox.sandbox.settings.webhookDelayMs = 0;
    }
  });

  test('closing the sandbox drops what is pending', async () => {
    const { sandbox: closing, url: closingUrl } = await startSandbox({ webhookUrl: receiver.url, webhookDelayMs: 60_000 });
    const order = await fetch(`${closingUrl}/v1/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: basicAuth() },
      body: JSON.stringify({ amount: 100, currency: 'INR' }),
    }).then(json);
    await fetch(`${closingUrl}/v1/checkout/pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ order_id: order.body.id, key: KEY_ID }) });
    await closing.close();
    await closing.sandbox.webhooks.idle(); // resolves at once
    expect(receiver.received).toHaveLength(0);
  });
});
