import { createOrderRequestSchema, createOrderResponseSchema, paymentResultSchema, verifyPaymentResponseSchema } from '@utsav/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth';
import { checkedResponse } from '../http/checked-response';
import { parse } from '../http/parse';
import type { PaymentService } from './payment-service';

/** GET /payment/config: what the page opens checkout with (the contracts' getPaymentConfig reads it). */
export const paymentConfigSchema = z.object({ keyId: z.string(), checkoutUrl: z.string() });

export const webhookAnswerSchema = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });

export interface PaymentRoutesOptions {
  payments: PaymentService;
  keyId: string;
  checkoutUrl: string;
}

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Payments service of spec §7, the page's checkout settings, and the provider's webhook. */
export async function registerPaymentRoutes(app: FastifyInstance, { payments, keyId, checkoutUrl }: PaymentRoutesOptions): Promise<void> {
  const signedIn = { preHandler: [app.authenticate] };

  // public: the key id is the provider's public key, the script's URL is public too
  app.get('/payment/config', async () => checkedResponse(paymentConfigSchema, { keyId, checkoutUrl }));

  app.post('/payment/create_order', signedIn, async (request) => {
    const body = parse(createOrderRequestSchema, request.body);
    const order = await payments.createOrder(currentUser(request).uid, body, request.log);
    return checkedResponse(createOrderResponseSchema, order);
  });

  app.post('/payment/verify_payment', signedIn, async (request) => {
    const result = parse(paymentResultSchema, request.body);
    return checkedResponse(verifyPaymentResponseSchema, await payments.verifyPayment(currentUser(request).uid, result, request.log));
  });

  // The provider's webhook: no user, the body's HMAC is the authentication. It is checked over the exact
  // bytes received, so in this scope every body is kept as a Buffer (never parsed and re-serialised).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/payment/webhook', async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const status = await payments.handleWebhook(
        rawBody,
        header(request.headers['x-razorpay-signature']),
        header(request.headers['x-razorpay-event-id']),
        request.log,
      );
      return checkedResponse(webhookAnswerSchema, { status });
    });
  });
}
