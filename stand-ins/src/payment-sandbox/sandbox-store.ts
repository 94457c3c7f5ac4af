import { newOrderId, newPaymentId, newRefundId, unixNow } from './ids';
import { invalidInput } from './razorpay-errors';

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
  /** attempted: a payment was tried (failed, or authorized and not captured yet); paid: one was captured */
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  /** unix seconds */
  created_at: number;
}

/** Razorpay's payment life cycle: created → authorized → captured (→ refunded), or failed. */
export type SandboxPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

/** Razorpay's payment entity (the fields a card payment has). */
export interface SandboxPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: SandboxPaymentStatus;
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'card';
  /** paise refunded so far */
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  /** stays true once captured, refunded or not */
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

/** Razorpay's refund entity. The sandbox processes refunds at once. */
export interface SandboxRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'processed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
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

export interface RefundRequest {
  /** paise; the whole unrefunded amount when absent (Razorpay's default) */
  amount?: number;
  speed?: 'normal' | 'optimum';
  notes?: Record<string, string>;
  receipt?: string | null;
}

const alreadyCaptured = () => invalidInput('This payment has already been captured');

/**
 * The sandbox's memory: orders, payments and refunds, gone when it stops (like a test-mode dashboard nobody
 * keeps). The state changes of the Payments and Refunds APIs live here, checked as Razorpay checks them, so
 * checkout's auto-capture and the API's own capture call go through the same rules.
 */
export class SandboxStore {
  private readonly orders = new Map<string, SandboxOrder>();
  private readonly payments = new Map<string, SandboxPayment>();
  private readonly refunds = new Map<string, SandboxRefund[]>();
  /** the order's payment_capture, when it was sent (not part of Razorpay's order entity) */
  private readonly captureModes = new Map<string, boolean>();
  /** X-Refund-Idempotency keys: the request they were first used with, and its refund */
  private readonly refundKeys = new Map<string, { request: string; refund: SandboxRefund }>();

  createOrder(input: { amount: number; receipt: string | null; notes: Record<string, string>; paymentCapture?: boolean }): SandboxOrder {
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
    if (input.paymentCapture !== undefined) this.captureModes.set(order.id, input.paymentCapture);
    if (this.orders.size > MAX_ORDERS) {
      const oldest = this.orders.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    return order;
  }

  order(id: string): SandboxOrder | undefined {
    return this.orders.get(id);
  }

  /** what the order asked for with payment_capture; undefined: the account's setting decides */
  paymentCapture(orderId: string): boolean | undefined {
    return this.captureModes.get(orderId);
  }

  payment(id: string): SandboxPayment | undefined {
    return this.payments.get(id);
  }

  paymentsOf(orderId: string): SandboxPayment[] {
    return [...this.payments.values()].filter((payment) => payment.order_id === orderId);
  }

  refundsOf(paymentId: string): SandboxRefund[] {
    return this.refunds.get(paymentId) ?? [];
  }

  /** The customer completed checkout: the bank authorised the amount, nothing is taken until it is captured. */
  authorize(order: SandboxOrder, details: PaymentDetails): SandboxPayment {
    const payment = this.newPayment(order, details, {
      status: 'authorized',
      captured: false,
      acquirer_data: { auth_code: String(100000 + Math.floor(Math.random() * 900000)) },
    });
    order.status = 'attempted';
    order.attempts += 1;
    return payment;
  }

  /** Razorpay's capture: only an authorized payment, only for exactly its amount. The order is paid. */
  capture(payment: SandboxPayment, amount: number): SandboxPayment {
    if (payment.captured) throw alreadyCaptured();
    if (payment.status !== 'authorized') throw invalidInput('Only payments which have been authorized and not yet captured can be captured');
    if (amount !== payment.amount) throw invalidInput('Capture amount must be equal to the amount authorized', 'amount');
    const fee = Math.round(payment.amount * 0.02); // Razorpay's 2% on domestic cards, GST on it below
    const tax = Math.round(fee * 0.18);
    Object.assign(payment, { status: 'captured', captured: true, fee: fee + tax, tax });
    const order = this.orders.get(payment.order_id);
    if (order) Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
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

  /**
   * Razorpay's refund of a captured payment, in full or in part (never more than is left). With an
   * idempotency key, a repeated request gets the first one's refund; the same key with another request is
   * refused. Returns the refund and whether it is new.
   */
  refund(payment: SandboxPayment, request: RefundRequest, idempotencyKey?: string): { refund: SandboxRefund; created: boolean } {
    const requestText = JSON.stringify([payment.id, request.amount ?? null, request.speed ?? null, request.notes ?? null, request.receipt ?? null]);
    if (idempotencyKey !== undefined) {
      const seen = this.refundKeys.get(idempotencyKey);
      if (seen && seen.request !== requestText) throw invalidInput('The idempotency key was used with another request.');
      if (seen) return { refund: seen.refund, created: false };
    }
    if (!payment.captured) throw invalidInput('Only captured payments can be refunded.');
    const left = payment.amount - payment.amount_refunded;
    if (left === 0) throw invalidInput('The payment has been fully refunded already');
    const amount = request.amount ?? left;
    if (amount < 100) throw invalidInput('The amount must be at least INR 1.00', 'amount');
    if (amount > left) throw invalidInput('The refund amount provided is greater than amount captured', 'amount');

    const refund: SandboxRefund = {
      id: newRefundId(),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: request.notes ?? {},
      receipt: request.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: request.speed ?? 'normal',
    };
    this.refunds.set(payment.id, [...this.refundsOf(payment.id), refund]);
    payment.amount_refunded += amount;
    // refunded only once all of it is back; a partial refund leaves it captured
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    if (idempotencyKey !== undefined) this.refundKeys.set(idempotencyKey, { request: requestText, refund });
    return { refund, created: true };
  }

  private forget(orderId: string): void {
    this.orders.delete(orderId);
    this.captureModes.delete(orderId);
    const forgotten = new Set(this.paymentsOf(orderId).map((payment) => payment.id));
    for (const id of forgotten) {
      this.payments.delete(id);
      this.refunds.delete(id);
    }
    for (const [key, { refund }] of this.refundKeys) if (forgotten.has(refund.payment_id)) this.refundKeys.delete(key);
  }

  private newPayment(order: SandboxOrder, details: PaymentDetails, outcome: Partial<SandboxPayment>): SandboxPayment {
    const payment: SandboxPayment = {
      id: newPaymentId(),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'created',
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
