import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { RAZORPAY_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';
import { registerCheckoutRoutes } from './checkout-routes';
import { registerOrdersRoutes } from './orders-routes';
import { createPaymentFlow, type CaptureSettings, type PaymentFlow } from './payment-flow';
import { registerPaymentsRoutes } from './payments-routes';
import { razorpayError, SandboxError } from './razorpay-errors';
import { SandboxStore } from './sandbox-store';
import { createWebhookSender, SANDBOX_EVENTS, type WebhookSender, type WebhookSettings } from './webhook-sender';

export interface SandboxSettings extends WebhookSettings, CaptureSettings {
  keyId: string;
  keySecret: string;
}

export interface Sandbox {
  /** read on every request: tests may change them on a running sandbox (e.g. webhookUrl once the API listens) */
  settings: SandboxSettings;
  store: SandboxStore;
  webhooks: WebhookSender;
  flow: PaymentFlow;
}

export type SandboxApp = FastifyInstance & { sandbox: Sandbox };

export interface SandboxOptions extends Partial<SandboxSettings> {
  logger?: FastifyServerOptions['logger'];
}

/** Razorpay's own retry schedule is hours long; a local one gives up within a minute. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [500, 2_000, 8_000, 30_000];

/**
 * The local payment sandbox: a stand-in for Razorpay that speaks its protocol, so the API and the page run
 * unchanged against the real thing with real keys and URLs.
 * - Orders API (`/v1/orders`, basic auth key_id:key_secret, `payment_capture` honoured), errors in Razorpay's
 *   `{ error: { code, description } }`;
 * - Payments and Refunds APIs (`/v1/payments/:id`, `…/capture`, `…/refund`, `…/refunds`);
 * - `GET /v1/checkout.js` (window.Razorpay) and the calls its dialog makes (`/v1/checkout/*`), producing
 *   real `razorpay_signature`s; Pay authorizes a payment, captured at once or later (autoCapture settings);
 * - webhooks (payment.authorized/captured/failed, order.paid, refund.created/processed) signed with the
 *   webhook secret, retried with backoff.
 * Everything is in memory. Without a webhookUrl no webhooks are sent (the server passes PAYMENT_WEBHOOK_URL).
 */
export function buildSandboxApp(options: SandboxOptions = {}): SandboxApp {
  const { logger, ...given } = options;
  const app = Fastify({ logger: logger ?? true });
  const settings: SandboxSettings = {
    keyId: RAZORPAY_LOCAL.KEY_ID,
    keySecret: RAZORPAY_LOCAL.KEY_SECRET,
    webhookSecret: RAZORPAY_LOCAL.WEBHOOK_SECRET,
    webhookUrl: '',
    webhookDelayMs: 0,
    webhookRetryDelaysMs: DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    webhookTimeoutMs: 5_000,
    accountId: 'acc_UtsavSandbox01',
    webhookEvents: SANDBOX_EVENTS,
    autoCapture: true,
    autoCaptureDelayMs: 0,
    ...given,
  };
  const store = new SandboxStore();
  const webhooks = createWebhookSender(settings, app.log);
  const keys = () => ({ keyId: settings.keyId, keySecret: settings.keySecret });
  const flow = createPaymentFlow(store, webhooks, settings);
  const sandbox: Sandbox = { settings, store, webhooks, flow };
  app.decorate('sandbox', sandbox);
  app.addHook('onClose', async () => {
    flow.close();
    webhooks.close();
  });

  // every error in Razorpay's shape
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SandboxError) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status === 415 ? 400 : status).send(razorpayError(error.message));
    }
    request.log.error({ err: error }, 'sandbox error');
    return reply
      .code(500)
      .send(razorpayError('We are facing some trouble completing your request at the moment. Please try again shortly.', { code: 'SERVER_ERROR' }));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(razorpayError('The requested URL was not found on the server.')));

  app.get('/health', async () => ({ status: 'ok' }));
  registerOrdersRoutes(app, { store, keys });
  registerPaymentsRoutes(app, { store, flow, keys });
  void app.register(async (scope) => registerCheckoutRoutes(scope, { store, flow, keys }));

  return Object.assign(app, { sandbox }) satisfies SandboxApp;
}
