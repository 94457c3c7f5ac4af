import { createHmac, timingSafeEqual } from 'node:crypto';

/** A hex SHA-256 HMAC as Razorpay sends it: 64 hex digits. */
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

const hmac = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest();

/** Compares a received hex signature with the expected digest in constant time (equal-length buffers). */
function matches(received: string | undefined, expected: Buffer): boolean {
  if (typeof received !== 'string' || !HEX_SHA256.test(received)) return false;
  const given = Buffer.from(received, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Checkout's razorpay_signature: hex HMAC-SHA256 of `order_id + "|" + payment_id` with the key secret.
 * `orderId` must be the id the server stored, not one the browser sent.
 */
export function isValidPaymentSignature(orderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return matches(signature, hmac(keySecret, `${orderId}|${paymentId}`));
}

/** A webhook's X-Razorpay-Signature: hex HMAC-SHA256 of the raw body bytes with the webhook secret. */
export function isValidWebhookSignature(rawBody: Buffer, signature: string | undefined, webhookSecret: string): boolean {
  return matches(signature, hmac(webhookSecret, rawBody));
}
