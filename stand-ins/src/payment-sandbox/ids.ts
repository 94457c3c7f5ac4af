import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 characters, the alphabet of Razorpay's ids. */
export function base62(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += BASE62[randomInt(BASE62.length)];
  return text;
}

/** Razorpay's id shapes: a prefix and 14 base62 characters. */
export const newOrderId = () => `order_${base62(14)}`;
export const newPaymentId = () => `pay_${base62(14)}`;
export const newRefundId = () => `rfnd_${base62(14)}`;
/** the x-razorpay-event-id of a webhook (the same on every retry of one event) */
export const newEventId = () => base62(14);

/** Unix time in seconds, as Razorpay's created_at. */
export const unixNow = () => Math.floor(Date.now() / 1000);
