import { z } from 'zod';

/**
 * The provider calls the API makes, typed: Orders API (create, fetch), Payments API (fetch, capture) and
 * Refunds API (refund a payment). HTTP basic auth with
 * key_id:key_secret against RAZORPAY_API_URL — the local sandbox, or https://api.razorpay.com with real keys.
 * (The official SDK hard-codes its host; this is all we need of it.)
 */

/** Razorpay's order entity, as much of it as the API reads. Empty notes come as `[]`. */
export const razorpayOrderSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('order'),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  created_at: z.number().int(),
});
export type RazorpayOrder = z.infer<typeof razorpayOrderSchema>;

/** Razorpay's payment entity, as much of it as the API reads. */
export const razorpayPaymentSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('payment'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullable(),
  method: z.string().nullable().optional(),
  captured: z.boolean(),
  amount_refunded: z.number().int(),
  refund_status: z.enum(['partial', 'full']).nullable(),
});
export type RazorpayPayment = z.infer<typeof razorpayPaymentSchema>;

/** Razorpay's refund entity, as much of it as the API reads. */
export const razorpayRefundSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('refund'),
  amount: z.number().int(),
  currency: z.string(),
  payment_id: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
});
export type RazorpayRefund = z.infer<typeof razorpayRefundSchema>;

const errorBodySchema = z.object({ error: z.object({ code: z.string().optional(), description: z.string().optional() }) });

/** The provider refused, answered something unexpected, or could not be reached. */
export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly details: { status?: number; code?: string; description?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RazorpayError';
  }
}

export interface CreateOrderInput {
  /** paise, at least 100 */
  amount: number;
  currency: 'INR';
  /** our reference, at most 40 characters */
  receipt?: string;
  notes?: Record<string, string>;
  /** capture its payments automatically (takes precedence over the account's setting) */
  payment_capture?: boolean;
}

export interface RefundInput {
  /** paise; the whole payment when absent */
  amount?: number;
  notes?: Record<string, string>;
}

export interface RazorpayClient {
  createOrder(input: CreateOrderInput): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /** authorized → captured, for exactly the authorized amount */
  capturePayment(paymentId: string, amount: number, currency: 'INR'): Promise<RazorpayPayment>;
  /** POST /v1/payments/:id/refund; the same idempotency key and input never refund twice (X-Refund-Idempotency) */
  refundPayment(paymentId: string, input: RefundInput, idempotencyKey: string): Promise<RazorpayRefund>;
}

export interface RazorpayClientOptions {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  /** one call's time limit */
  timeoutMs?: number;
}

export function createRazorpayClient({ apiUrl, keyId, keySecret, timeoutMs = 10_000 }: RazorpayClientOptions): RazorpayClient {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`, 'utf8').toString('base64')}`;

  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RazorpayError(`${method} ${path}: the provider could not be reached`, { cause: error });
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RazorpayError(`${method} ${path}: the provider answered ${response.status} with no JSON`, { status: response.status });
    }
    if (!response.ok) {
      const error = errorBodySchema.safeParse(json);
      const description = error.success ? error.data.error.description : undefined;
      throw new RazorpayError(`${method} ${path}: the provider answered ${response.status}${description ? `: ${description}` : ''}`, {
        status: response.status,
        code: error.success ? error.data.error.code : undefined,
        description,
      });
    }
    const entity = schema.safeParse(json);
    if (!entity.success) throw new RazorpayError(`${method} ${path}: unexpected answer: ${z.prettifyError(entity.error)}`, { status: response.status });
    return entity.data;
  }
  const payment = (paymentId: string) => `/v1/payments/${encodeURIComponent(paymentId)}`;

  return {
    createOrder: (input) => call(razorpayOrderSchema, 'POST', '/v1/orders', input),
    fetchOrder: (orderId) => call(razorpayOrderSchema, 'GET', `/v1/orders/${encodeURIComponent(orderId)}`),
    fetchPayment: (paymentId) => call(razorpayPaymentSchema, 'GET', payment(paymentId)),
    capturePayment: (paymentId, amount, currency) => call(razorpayPaymentSchema, 'POST', `${payment(paymentId)}/capture`, { amount, currency }),
    refundPayment: (paymentId, input, idempotencyKey) =>
      call(razorpayRefundSchema, 'POST', `${payment(paymentId)}/refund`, input, { 'X-Refund-Idempotency': idempotencyKey }),
  };
}
