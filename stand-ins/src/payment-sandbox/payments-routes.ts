import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentFlow } from './payment-flow';
import { invalidInput, unknownId } from './razorpay-errors';
import { objectBody, optionalText, readNotes, rejectUnknownFields, requireBasicAuth } from './request-checks';
import { withRazorpayNotes, type SandboxPayment, type SandboxStore } from './sandbox-store';

export interface PaymentsRoutesOptions {
  store: SandboxStore;
  flow: PaymentFlow;
  keys: () => { keyId: string; keySecret: string };
}

const CAPTURE_FIELDS = ['amount', 'currency'] as const;
const REFUND_FIELDS = ['amount', 'speed', 'notes', 'receipt'] as const;
/** Razorpay's X-Refund-Idempotency: at least 10 letters, digits, hyphens or underscores */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,64}$/;

function paymentOf(request: FastifyRequest, store: SandboxStore): SandboxPayment {
  const payment = store.payment((request.params as { id: string }).id);
  if (!payment) throw unknownId();
  return payment;
}

function readAmount(value: unknown, required: boolean): number | undefined {
  if (value === undefined || value === null) {
    if (required) throw invalidInput('The amount field is required.', 'amount');
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidInput('The amount must be an integer.', 'amount');
  return value;
}

/**
 * Razorpay's Payments API and Refunds API, HTTP basic auth: fetch a payment, capture an authorized one (for
 * exactly its amount), refund a captured one (POST /v1/payments/:id/refund, X-Refund-Idempotency honoured)
 * and list its refunds. Unknown ids get Razorpay's 400 "The id provided does not exist".
 */
export function registerPaymentsRoutes(app: FastifyInstance, { store, flow, keys }: PaymentsRoutesOptions): void {
  const authenticated = { preHandler: requireBasicAuth(keys) };

  app.get('/v1/payments/:id', authenticated, async (request) => withRazorpayNotes(paymentOf(request, store)));

  app.post('/v1/payments/:id/capture', authenticated, async (request) => {
    const payment = paymentOf(request, store);
    const body = objectBody(request.body);
    rejectUnknownFields(body, CAPTURE_FIELDS);
    const amount = readAmount(body.amount, true)!;
    if (body.currency === undefined || body.currency === null) throw invalidInput('The currency field is required.', 'currency');
    if (body.currency !== payment.currency) throw invalidInput('Currency should be same as that of the payment.', 'currency');
    return withRazorpayNotes(flow.capture(payment, amount));
  });

  app.post('/v1/payments/:id/refund', authenticated, async (request) => {
    const payment = paymentOf(request, store);
    const body = request.body === undefined ? {} : objectBody(request.body);
    rejectUnknownFields(body, REFUND_FIELDS);
    const header = request.headers['x-refund-idempotency'];
    const key = typeof header === 'string' ? header : undefined;
    if (header !== undefined && (key === undefined || !IDEMPOTENCY_KEY.test(key))) {
      throw invalidInput('The X-Refund-Idempotency header must be 10 to 64 letters, digits, hyphens or underscores.');
    }
    if (body.speed !== undefined && body.speed !== 'normal' && body.speed !== 'optimum') throw invalidInput('The selected speed is invalid.', 'speed');
    const refund = flow.refund(
      payment,
      { amount: readAmount(body.amount, false), speed: body.speed, notes: readNotes(body.notes), receipt: optionalText(body.receipt, 40) },
      key,
    );
    return withRazorpayNotes(refund);
  });

  app.get('/v1/payments/:id/refunds', authenticated, async (request) => {
    const items = store.refundsOf(paymentOf(request, store).id).map(withRazorpayNotes);
    return { entity: 'collection', count: items.length, items };
  });
}
