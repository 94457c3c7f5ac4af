import { newOrderId, newPaymentId, unixNow } from './ids';

/** Razorpay's order entity. */
export interface SandboxOrder {
  id: string;
  entity: 'order';
  /** paise */
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  /** unix seconds */
  created_at: number;
}

/** Razorpay's payment entity (the fields a card payment has). */
export interface SandboxPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'card';
  amount_refunded: 0;
  refund_status: null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: null;
  email: string | null;
  contact: string | null;
  notes: Record<string, string>;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

/** What Razorpay's JSON does with empty notes: it sends `[]`, not `{}` (clients must accept both). */
export function withRazorpayNotes<T extends { notes: Record<string, string> }>(entity: T): Omit<T, 'notes'> & { notes: Record<string, string> | [] } {
  return { ...entity, notes: Object.keys(entity.notes).length > 0 ? entity.notes : [] };
}

/** The oldest orders are forgotten past this many (a long-running local sandbox stays small). */
const MAX_ORDERS = 10_000;

export interface PaymentDetails {
  email?: string | null;
  contact?: string | null;
  description?: string | null;
}

/** The sandbox's memory: orders and payments, gone when it stops (like a test-mode dashboard nobody keeps). */
export class SandboxStore {
  private readonly orders = new Map<string, SandboxOrder>();
  private readonly payments = new Map<string, SandboxPayment>();

  createOrder(input: { amount: number; receipt: string | null; notes: Record<string, string> }): SandboxOrder {
    const order: SandboxOrder = {
      id: newOrderId(),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: 'INR',
      receipt: input.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: input.notes,
      created_at: unixNow(),
    };
    this.orders.set(order.id, order);
    if (this.orders.size > MAX_ORDERS) {
      const oldest = this.orders.keys().next().value;
      if (oldest !== undefined) {
        this.orders.delete(oldest);
        for (const payment of this.paymentsOf(oldest)) this.payments.delete(payment.id);
      }
    }
    return order;
  }

  order(id: string): SandboxOrder | undefined {
    return this.orders.get(id);
  }

  payment(id: string): SandboxPayment | undefined {
    return this.payments.get(id);
  }

  paymentsOf(orderId: string): SandboxPayment[] {
    return [...this.payments.values()].filter((payment) => payment.order_id === orderId);
  }

  /** A successful card payment: captured at once (auto-capture), the order paid in full. */
  capture(order: SandboxOrder, details: PaymentDetails): SandboxPayment {
    const fee = Math.round(order.amount * 0.02); // Razorpay's 2% on domestic cards, GST on it below
    const payment = this.newPayment(order, details, {
      status: 'captured',
      captured: true,
      fee: fee + Math.round(fee * 0.18),
      tax: Math.round(fee * 0.18),
      acquirer_data: { auth_code: String(100000 + Math.floor(Math.random() * 900000)) },
    });
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    order.attempts += 1;
    return payment;
  }

  /** A declined attempt: the order stays payable ('attempted'), as Razorpay's does. */
  fail(order: SandboxOrder, details: PaymentDetails): SandboxPayment {
    const payment = this.newPayment(order, details, {
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
      error_source: 'customer',
      error_step: 'payment_authorization',
      error_reason: 'payment_failed',
    });
    order.status = 'attempted';
    order.attempts += 1;
    return payment;
  }

  private newPayment(order: SandboxOrder, details: PaymentDetails, outcome: Partial<SandboxPayment>): SandboxPayment {
    const payment: SandboxPayment = {
      id: newPaymentId(),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'failed',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: details.description ?? null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: null,
      email: details.email ?? null,
      contact: details.contact ?? null,
      notes: {},
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: unixNow(),
      ...outcome,
    };
    this.payments.set(payment.id, payment);
    return payment;
  }
}
