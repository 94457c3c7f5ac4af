import * as z from './zod';
import { label, said } from '../validation-messages';
import { addressIdSchema, bookingListSchema, dateRangeSchema, timeRangeSchema } from './booking';
import { addressSnapshotSchema } from './address';
import { emailSchema, requiredTextSchema } from './user';
import { BOOKING_NOTE_MAX_LENGTH } from '../constants';

const paise = z.number().int().nonnegative();

/** Spec §5's coupon refusal: an unknown code and a cart under the offer's minimum get the same words (in English; `validation.coupon.invalid` in the contracts' catalogue says it in each language). */
export const INVALID_COUPON = 'Invalid coupon code or cart value not met';

/**
 * What one cart line will be booked and charged at, as the server computed it (the pages never recompute):
 * the menu price, its share of the coupon, the booking value after it, and that booking's payment once the
 * provider accepts (advance + platform fee + GST = payNow; remaining is paid to the provider later).
 */
export const linePricingSchema = z.object({
  listAmount: paise,
  discount: paise,
  /** listAmount − discount: the booking's value */
  amount: paise,
  advance: paise,
  platformFee: paise,
  gst: paise,
  payNow: paise,
  remaining: paise,
});
export type LinePricing = z.infer<typeof linePricingSchema>;

/** The cart's figures: sums of its lines' (subtotal − discount = total; due after acceptance = Σ payNow). */
export const cartTotalsSchema = z.object({
  subtotal: paise,
  discount: paise,
  /** the total booking value */
  total: paise,
  /** advance + platform fee + GST of every booking, paid online once each is accepted */
  dueAfterAcceptance: paise,
  /** what is paid to the providers after the service */
  paidToProviderLater: paise,
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

/** The coupon asked for (`?coupon=`): its code as matched (upper case), whether it applies, and why not. */
export const cartCouponSchema = z.object({
  code: z.string(),
  applied: z.boolean(),
  /** the offer's description when it applies */
  description: z.string().optional(),
  /** INVALID_COUPON when it does not */
  message: z.string().optional(),
});
export type CartCoupon = z.infer<typeof cartCouponSchema>;

/** The signed-in user's server-side cart (spec §3 Cart): a selection kept for later. Integer paise. */
export const cartItemSchema = z.object({
  cartItemId: z.string(),
  serviceId: z.string(),
  menuId: z.string(),
  /** the package (menu) name */
  title: z.string(),
  /** who is booked: the service's title and its provider's name, as the catalogue has them now */
  serviceTitle: z.string(),
  providerName: z.string(),
  /** always 1: a cart line is one booking (kept for the spec's Cart) */
  quantity: z.literal(1),
  /** the menu's price now, integer paise */
  price: paise,
  currency: z.literal('INR'),
  preferredDateRange: dateRangeSchema,
  preferredTime: timeRangeSchema,
  note: z.string(),
  pricing: linePricingSchema,
  /** where the service happens: the saved address as it is now; null only for items older than addresses */
  addressId: z.string().nullable(),
  address: addressSnapshotSchema.nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  cartId: z.string(),
  consumerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(cartItemSchema),
  /** null when no coupon was asked for */
  coupon: cartCouponSchema.nullable(),
  totals: cartTotalsSchema,
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /cart/count: how many lines the cart holds (the top bar's badge). */
export const cartCountSchema = z.object({ count: z.number().int().nonnegative() });
export type CartCount = z.infer<typeof cartCountSchema>;

/**
 * POST /cart/items body: the slot page's selection. Price and title come from the menu. A line is one booking:
 * `quantity` may only be 1 (sent or not); the same selection again is a 409.
 */
export const cartItemCreateSchema = z.object({
  serviceId: z.string().min(1, { error: said('validation.required', { label: 'serviceId' }) }),
  menuId: z.string().min(1, { error: said('validation.required', { label: 'menuId' }) }),
  quantity: z.literal(1, { error: said('validation.cart.quantity') }).default(1),
  preferredDateRange: dateRangeSchema,
  preferredTime: timeRangeSchema,
  note: z.string().max(BOOKING_NOTE_MAX_LENGTH).default(''),
  /** one of the consumer's saved addresses; a booking made from the item is for it */
  addressId: addressIdSchema,
});
export type CartItemCreate = z.input<typeof cartItemCreateSchema>;

/** GET /cart and DELETE /cart/items/:id query: the coupon to price the cart with (trimmed, any case). */
export const cartQuoteQuerySchema = z.object({
  coupon: z.string().max(200, { error: said('validation.atMostChars', { label: 'coupon', max: 200 }) }).optional(),
});

/**
 * The Cart's coupon field: a code to price the cart with (trimmed; the server says whether it applies). An
 * empty one gets the same words as a refused one.
 */
export const couponFormSchema = z.object({
  code: z.string().trim().min(1, { error: said('validation.coupon.invalid') }),
});
export type CouponForm = z.output<typeof couponFormSchema>;

/**
 * POST /checkout body: books every line of the caller's cart, priced as GET /cart?coupon= priced it. The client
 * sends no amount: `expectedTotal` is the total booking value it showed, and a different one on the server
 * (prices or the coupon changed) is a 409 with nothing booked.
 */
export const checkoutRequestSchema = z.object({
  couponCode: z.string().max(200).optional(),
  /** the Checkout form's special requests, added to every booking's note */
  requests: z.string().max(BOOKING_NOTE_MAX_LENGTH, { error: said('validation.requests', { max: BOOKING_NOTE_MAX_LENGTH }) }).default(''),
  expectedTotal: z.number({ error: said('validation.expectedTotal') }).int().nonnegative(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/**
 * Checkout's contact form (spec §5 Checkout): name, email and phone are required, with the profile's words
 * and its email rule; special requests is optional, checked as POST /checkout checks it. The contact
 * details stay on the page (the bookings take the stored profile's): only the requests are sent.
 */
export const checkoutContactSchema = z.object({
  name: requiredTextSchema(label('validation.label.fullName')),
  email: emailSchema,
  phone: requiredTextSchema(label('validation.label.phone')),
  requests: checkoutRequestSchema.shape.requests,
});
export type CheckoutContactInput = z.input<typeof checkoutContactSchema>;
export type CheckoutContact = z.output<typeof checkoutContactSchema>;

/** POST /checkout answer (201): the bookings made, in the cart's order, and the cart after (their lines gone). */
export const checkoutResponseSchema = z.object({
  bookings: bookingListSchema,
  cart: cartSchema,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
