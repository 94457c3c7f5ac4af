import type { FastifyInstance } from 'fastify';
import { invalidInput, unknownId } from './razorpay-errors';
import { objectBody, readNotes, rejectUnknownFields, requireBasicAuth } from './request-checks';
import { withRazorpayNotes, type SandboxStore } from './sandbox-store';

export interface OrdersRoutesOptions {
  store: SandboxStore;
  keys: () => { keyId: string; keySecret: string };
}

const ORDER_FIELDS = ['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount', 'payment_capture'] as const;
const RECEIPT_MAX_LENGTH = 40;
/** payment_capture: true/1 captures the order's payments automatically, false/0 leaves them authorized. */
function readPaymentCapture(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  throw invalidInput('The payment_capture field must be a boolean.', 'payment_capture');
}

/** Razorpay's Orders API: POST /v1/orders and GET /v1/orders/:id (and its payments), HTTP basic auth. */
export function registerOrdersRoutes(app: FastifyInstance, { store, keys }: OrdersRoutesOptions): void {
  const authenticate = requireBasicAuth(keys);

  app.post('/v1/orders', { preHandler: authenticate }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknownFields(body, ORDER_FIELDS);
    const { amount, currency, receipt } = body;
    if (amount === undefined || amount === null) throw invalidInput('The amount field is required.', 'amount');
    if (typeof amount !== 'number' || !Number.isInteger(amount)) throw invalidInput('The amount must be an integer.', 'amount');
    if (amount < 100) throw invalidInput('The amount must be atleast INR 1.00', 'amount');
    if (amount > 50_000_000_00) throw invalidInput('Amount exceeds maximum amount allowed.', 'amount');
    if (currency === undefined || currency === null) throw invalidInput('The currency field is required.', 'currency');
    // the sandbox, like this app, deals in rupees only
    if (currency !== 'INR') throw invalidInput('Currency is not supported', 'currency');
    if (receipt !== undefined && receipt !== null && typeof receipt !== 'string') throw invalidInput('The receipt must be a string.', 'receipt');
    if (typeof receipt === 'string' && receipt.length > RECEIPT_MAX_LENGTH) {
      throw invalidInput(`The receipt may not be greater than ${RECEIPT_MAX_LENGTH} characters.`, 'receipt');
    }
    const order = store.createOrder({ amount, receipt: receipt ?? null, notes: readNotes(body.notes), paymentCapture: readPaymentCapture(body.payment_capture) });
    return withRazorpayNotes(order);
  });

  app.get('/v1/orders/:id', { preHandler: authenticate }, async (request) => {
    const order = store.order((request.params as { id: string }).id);
    if (!order) throw unknownId();
    return withRazorpayNotes(order);
  });

  app.get('/v1/orders/:id/payments', { preHandler: authenticate }, async (request) => {
    const order = store.order((request.params as { id: string }).id);
    if (!order) throw unknownId();
    const items = store.paymentsOf(order.id).map(withRazorpayNotes);
    return { entity: 'collection', count: items.length, items };
  });
}
