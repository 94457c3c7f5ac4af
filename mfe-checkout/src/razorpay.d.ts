/** The card payment provider's checkout (spec §7), as the script at `getPaymentConfig().checkoutUrl` defines it. */
interface RazorpaySuccessResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayFailureResponse {
  error: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  /** the checkout's accent colour (its header and Pay button, under white text) */
  theme?: { color?: string };
  handler: (response: RazorpaySuccessResponse) => void | Promise<void>;
  modal?: { ondismiss?: () => void };
}

interface RazorpayInstance {
  open(): void;
  /** removes the checkout from the page (modal.ondismiss is not called) */
  close(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailureResponse) => void): void;
}

interface Window {
  Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
}
