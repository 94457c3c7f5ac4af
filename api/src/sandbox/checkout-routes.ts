import cors from '@fastify/cors';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_SCRIPT } from './checkout-script';
import { razorpayError, SandboxError } from './razorpay-errors';
import { checkoutOrder, objectBody, optionalText } from './request-checks';
import { withRazorpayNotes, type SandboxOrder, type SandboxStore } from './sandbox-store';
import type { WebhookSender } from './webhook-sender';

export interface CheckoutRoutesOptions {
  store: SandboxStore;
  webhooks: WebhookSender;
  keys: () => { keyId: string; keySecret: string };
}

/** Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export const checkoutSignature = (orderId: string, paymentId: string, keySecret: string) =>
  createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`, 'utf8').digest('hex');

const alreadyPaid = () => new SandboxError(400, razorpayError('This order has already been paid.', { field: 'order_id' }));

function payable(order: SandboxOrder): SandboxOrder {
  if (order.status === 'paid') throw alreadyPaid();
  return order;
}

/**
 * What Razorpay's checkout does between the page and Razorpay: the script itself (GET /v1/checkout.js) and
 * the calls its dialog makes (CORS open, as a page on any origin calls them): the order it shows, 'Pay' and
 * 'Fail payment'. Each payment is followed by its webhook (order.paid or payment.failed).
 */
export async function registerCheckoutRoutes(app: FastifyInstance, { store, webhooks, keys }: CheckoutRoutesOptions): Promise<void> {
  app.get('/v1/checkout.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Access-Control-Allow-Origin', '*')
      .send(CHECKOUT_SCRIPT),
  );

  await app.register(
    async (scope) => {
      await scope.register(cors, { origin: '*', methods: ['POST'], allowedHeaders: ['Content-Type'], maxAge: 600 });

      // what the dialog shows: the order's own amount and whether it is still payable
      scope.post('/order', async (request) => {
        const order = checkoutOrder(objectBody(request.body), store, keys().keyId);
        return { id: order.id, amount: order.amount, currency: order.currency, status: order.status };
      });

      scope.post('/pay', async (request) => {
        const body = objectBody(request.body);
        const order = payable(checkoutOrder(body, store, keys().keyId));
        const payment = store.capture(order, { email: optionalText(body.email), contact: optionalText(body.contact), description: optionalText(body.description) });
        webhooks.send('order.paid', { payment: withRazorpayNotes(payment), order: withRazorpayNotes(order) });
        return {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: checkoutSignature(order.id, payment.id, keys().keySecret),
        };
      });

      scope.post('/fail', async (request) => {
        const body = objectBody(request.body);
        const order = payable(checkoutOrder(body, store, keys().keyId));
        const payment = store.fail(order, { email: optionalText(body.email), contact: optionalText(body.contact), description: optionalText(body.description) });
        webhooks.send('payment.failed', { payment: withRazorpayNotes(payment) });
        // what checkout hands the page's 'payment.failed' callbacks
        return razorpayError('Payment failed', {
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        });
      });
    },
    { prefix: '/v1/checkout' },
  );
}
