import cors from '@fastify/cors';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_SCRIPT } from './checkout-script';
import { razorpayError, SandboxError } from './razorpay-errors';
import { checkoutOrder, objectBody, optionalText } from './request-checks';
import type { PaymentFlow } from './payment-flow';
import type { SandboxOrder, SandboxStore } from './sandbox-store';

export interface CheckoutRoutesOptions {
  store: SandboxStore;
  flow: PaymentFlow;
  keys: () => { keyId: string; keySecret: string };
}

/** Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export const checkoutSignature = (orderId: string, paymentId: string, keySecret: string) =>
  createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`, 'utf8').digest('hex');

const alreadyPaid = () => new SandboxError(400, razorpayError('This order has already been paid.', { field: 'order_id' }));

/** Not paid, and no payment on it waiting to be captured. */
function payable(order: SandboxOrder, store: SandboxStore): SandboxOrder {
  if (order.status === 'paid' || store.paymentsOf(order.id).some((payment) => payment.status === 'authorized')) throw alreadyPaid();
  return order;
}

/**
 * What Razorpay's checkout does between the page and Razorpay: the script itself (GET /v1/checkout.js) and
 * the calls its dialog makes (CORS open, as a page on any origin calls them): the order it shows, 'Pay' and
 * 'Fail payment'. 'Pay' authorizes a payment and, when the order auto-captures, captures it (see
 * payment-flow.ts); each step is followed by its webhooks.
 */
export async function registerCheckoutRoutes(app: FastifyInstance, { store, flow, keys }: CheckoutRoutesOptions): Promise<void> {
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
        const order = payable(checkoutOrder(body, store, keys().keyId), store);
        const payment = flow.pay(order, { email: optionalText(body.email), contact: optionalText(body.contact), description: optionalText(body.description) });
        return {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: checkoutSignature(order.id, payment.id, keys().keySecret),
        };
      });

      scope.post('/fail', async (request) => {
        const body = objectBody(request.body);
        const order = payable(checkoutOrder(body, store, keys().keyId), store);
        const payment = flow.fail(order, { email: optionalText(body.email), contact: optionalText(body.contact), description: optionalText(body.description) });
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
