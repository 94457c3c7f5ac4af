import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  paymentConfigSchema,
  paymentResultSchema,
  verifyPaymentResponseSchema,
} from '@utsav/contracts/schemas';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import type { ApiPlugin } from '../http/route-schemas';
import type { PaymentService } from './payment-service';

const webhookAnswerSchema = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });

export interface PaymentRoutesOptions {
  payments: PaymentService;
  keyId: string;
  checkoutUrl: string;
}

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Payments service of spec §7 (under `/payment`), the page's checkout settings, and the provider's webhook. */
export const paymentRoutes: ApiPlugin<PaymentRoutesOptions> = async (app, { payments, keyId, checkoutUrl }) => {
  const asUser = signedIn(app);

  // public: the key id is the provider's public key, the script's URL is public too
  app.get('/config', { schema: { response: { 200: paymentConfigSchema } } }, async () => ({ keyId, checkoutUrl }));

  app.post('/create_order', { ...asUser, schema: { body: createOrderRequestSchema, response: { 200: createOrderResponseSchema } } }, async (request) =>
    payments.createOrder(currentUser(request).uid, request.body, request.log),
  );

  app.post('/verify_payment', { ...asUser, schema: { body: paymentResultSchema, response: { 200: verifyPaymentResponseSchema } } }, async (request) =>
    payments.verifyPayment(currentUser(request).uid, request.body, request.log),
  );

  // The provider's webhook: no user, the body's HMAC is the authentication. It is checked over the exact
  // bytes received, so in this scope every body is kept as a Buffer (never parsed and re-serialised).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/webhook',
      {
        schema: {
          description: "Razorpay's webhook: the raw body, signed with the webhook secret (X-Razorpay-Signature)",
          body: z.unknown(),
          response: { 200: webhookAnswerSchema },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const status = await payments.handleWebhook(
          rawBody,
          header(request.headers['x-razorpay-signature']),
          header(request.headers['x-razorpay-event-id']),
          request.log,
        );
        return { status };
      },
    );
  });
};
