import type { FastifyInstance } from 'fastify';
import { invalidInput, unknownId } from './razorpay-errors';
import { checkBasicAuth, objectBody, rejectUnknownFields } from './request-checks';
import { withRazorpayNotes, type SandboxStore } from './sandbox-store';

export interface OrdersRoutesOptions {
  store: SandboxStore;
  keys: () => { keyId: string; keySecret: string };
}

const ORDER_FIELDS = ['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount'] as const;
const RECEIPT_MAX_LENGTH = 40;
const NOTES_MAX = 15;
const NOTE_MAX_LENGTH = 256;

function readNotes(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidInput('The notes field must be an object.', 'notes');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > NOTES_MAX) throw invalidInput(`The notes may have at most ${NOTES_MAX} keys.`, 'notes');
  return Object.fromEntries(
    entries.map(([key, note]) => {
      if ((typeof note !== 'string' && typeof note !== 'number') || String(note).length > NOTE_MAX_LENGTH) {
        throw invalidInput(`The notes.${key} must be text of at most ${NOTE_MAX_LENGTH} characters.`, 'notes');
      }
      return [key, String(note)];
    }),
  );
}

/** Razorpay's Orders API: POST /v1/orders and GET /v1/orders/:id (and its payments), HTTP basic auth. */
export function registerOrdersRoutes(app: FastifyInstance, { store, keys }: OrdersRoutesOptions): void {
  const authenticate = async (request: { headers: { authorization?: string } }) => {
    const { keyId, keySecret } = keys();
    checkBasicAuth(request.headers.authorization, keyId, keySecret);
  };

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
    const order = store.createOrder({ amount, receipt: receipt ?? null, notes: readNotes(body.notes) });
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
