import { z } from 'zod';

/**
 * The two Orders API calls the API makes, typed: create an order and fetch one. HTTP basic auth with
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
}

export interface RazorpayClient {
  createOrder(input: CreateOrderInput): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
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

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<RazorpayOrder> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { Authorization: authorization, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
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
    const order = razorpayOrderSchema.safeParse(json);
    if (!order.success) throw new RazorpayError(`${method} ${path}: unexpected order: ${z.prettifyError(order.error)}`, { status: response.status });
    return order.data;
  }

  return {
    createOrder: (input) => call('POST', '/v1/orders', input),
    fetchOrder: (orderId) => call('GET', `/v1/orders/${encodeURIComponent(orderId)}`),
  };
}
