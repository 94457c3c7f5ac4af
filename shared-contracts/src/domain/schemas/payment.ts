import * as z from './zod';
import { said } from '../validation-messages';

/**
 * Payments (spec §3 "Payment order response", "Payment result from the provider", §7 Payments
 * service) and the cart's offers (§3 Offer). Amounts are integer paise, as Razorpay's are.
 */

/** POST /payment/create_order body. The amount is computed by the server; a sent one is ignored. */
export const createOrderRequestSchema = z.object({
  userId: z.string().min(1, { error: said('validation.required', { label: 'userId' }) }),
  bookingId: z.string().min(1, { error: said('validation.required', { label: 'bookingId' }) }),
  amount: z.number().optional(),
  currency: z.string().optional(),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

/** Razorpay's order, as the page needs it to open checkout. */
export const createOrderResponseSchema = z.object({
  id: z.string(),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  /** the public key id checkout is opened with */
  keyId: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** What Razorpay checkout hands the page on success, sent on to POST /payment/verify_payment. */
export const paymentResultSchema = z.object({
  razorpay_order_id: z.string().min(1),
  razorpay_payment_id: z.string().min(1),
  razorpay_signature: z.string().min(1),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** "status (truthy means success)" (spec §3). */
export const verifyPaymentResponseSchema = z.object({
  status: z.boolean(),
  bookingId: z.string().optional(),
  paymentId: z.string().optional(),
  amount: z.number().int().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;

export const offerSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    description: z.string(),
    discountType: z.enum(DISCOUNT_TYPES),
    /** a whole percentage (20 = 20%) or a fixed amount in paise */
    discountValue: z.number().int().nonnegative(),
    /** paise */
    minCartValue: z.number().int().nonnegative(),
    validUntil: z.string(),
  })
  .refine((offer) => offer.discountType !== 'percentage' || offer.discountValue <= 100, {
    error: said('validation.offer.percentage'),
    path: ['discountValue'],
  });
export type Offer = z.infer<typeof offerSchema>;
export const offerListSchema = z.object({ results: z.array(offerSchema) });

/** GET /payment/config: what the page opens checkout with (the provider's public key id and its script's URL). */
export const paymentConfigSchema = z.object({ keyId: z.string(), checkoutUrl: z.string() });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
