import { withRazorpayNotes, type PaymentDetails, type RefundRequest, type SandboxOrder, type SandboxPayment, type SandboxRefund, type SandboxStore } from './sandbox-store';
import type { WebhookSender } from './webhook-sender';

export interface CaptureSettings {
  /** the account's capture setting, for orders created without payment_capture (Razorpay's default: on) */
  autoCapture: boolean;
  /**
   * How long an auto-captured payment stays authorized. 0: captured before checkout answers; more: the
   * page gets its result first and the capture follows (as Razorpay's can), so a server sees 'authorized'.
   */
  autoCaptureDelayMs: number;
}

export interface PaymentFlow {
  /** checkout's Pay: an authorized payment (payment.authorized), captured now or later if the order auto-captures */
  pay(order: SandboxOrder, details: PaymentDetails): SandboxPayment;
  /** checkout's Fail payment (payment.failed) */
  fail(order: SandboxOrder, details: PaymentDetails): SandboxPayment;
  /** Razorpay's capture (payment.captured, order.paid) */
  capture(payment: SandboxPayment, amount: number): SandboxPayment;
  /** Razorpay's refund, processed at once (refund.created, refund.processed) */
  refund(payment: SandboxPayment, request: RefundRequest, idempotencyKey?: string): SandboxRefund;
  /** drops pending auto-captures */
  close(): void;
}

/**
 * The payment state changes the sandbox makes, each followed by the webhooks Razorpay sends for it. Entities
 * go into an event as they are when it is sent (a later change does not alter an earlier event).
 */
export function createPaymentFlow(store: SandboxStore, webhooks: WebhookSender, settings: CaptureSettings): PaymentFlow {
  const timers = new Set<NodeJS.Timeout>();

  const capture = (payment: SandboxPayment, amount: number): SandboxPayment => {
    store.capture(payment, amount);
    webhooks.send('payment.captured', { payment: withRazorpayNotes(payment) });
    const order = store.order(payment.order_id);
    if (order) webhooks.send('order.paid', { payment: withRazorpayNotes(payment), order: withRazorpayNotes(order) });
    return payment;
  };

  return {
    pay(order, details) {
      const payment = store.authorize(order, details);
      webhooks.send('payment.authorized', { payment: withRazorpayNotes(payment) });
      if (!(store.paymentCapture(order.id) ?? settings.autoCapture)) return payment; // manual capture: the merchant's call
      if (settings.autoCaptureDelayMs <= 0) return capture(payment, payment.amount);
      const timer = setTimeout(() => {
        timers.delete(timer);
        // the merchant may have captured it first
        if (payment.status === 'authorized') capture(payment, payment.amount);
      }, settings.autoCaptureDelayMs);
      timers.add(timer);
      return payment;
    },

    fail(order, details) {
      const payment = store.fail(order, details);
      webhooks.send('payment.failed', { payment: withRazorpayNotes(payment) });
      return payment;
    },

    capture,

    refund(payment, request, idempotencyKey) {
      const { refund, created } = store.refund(payment, request, idempotencyKey);
      if (created) {
        const entities = { refund: withRazorpayNotes(refund), payment: withRazorpayNotes(payment) };
        webhooks.send('refund.created', entities);
        webhooks.send('refund.processed', entities);
      }
      return refund;
    },

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
