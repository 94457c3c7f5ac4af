import { type Cart, type CartCoupon } from '@utsav/contracts/schemas';
import { sayNow } from '@utsav/contracts/validation-messages';
import { priceCart, type PricingOffer } from './cart-pricing';
import type { CartContents, Query } from './cart-repository';

/** An offer the cart can use: active and not expired. */
export interface CartOffer extends PricingOffer {
  description: string;
  /** paise: the subtotal must be at least this */
  minCartValue: number;
}

/** How a code is matched (spec §5): trimmed, any case (offers' codes are stored upper case). */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/** The usable offer with this (normalised) code, or null. */
export async function findUsableOffer(query: Query, code: string): Promise<CartOffer | null> {
  const [row] = await query<{ code: string; description: string; discount_type: 'percentage' | 'fixed'; discount_value: number; min_cart_value: number }>(
    `SELECT code, description, discount_type, discount_value, min_cart_value
     FROM offers WHERE code = $1 AND active AND valid_until > now()`,
    [code],
  );
  return row
    ? { code: row.code, description: row.description, discountType: row.discount_type, discountValue: row.discount_value, minCartValue: row.min_cart_value }
    : null;
}

export interface CouponDecision {
  /** the offer that applies, or null */
  offer: CartOffer | null;
  /** what the answer says about the code asked for; null when none was asked for */
  coupon: CartCoupon | null;
}

/**
 * Whether `code` applies to a cart of this subtotal (spec §5): a known, usable offer whose minCartValue the subtotal
 * reaches. An unknown code and a cart under the minimum get the same words (INVALID_COUPON), as the spec says.
 */
export async function decideCoupon(query: Query, code: string | undefined, subtotal: number): Promise<CouponDecision> {
  const wanted = code === undefined ? '' : normalizeCouponCode(code);
  if (!wanted) return { offer: null, coupon: null };
  const offer = await findUsableOffer(query, wanted);
  if (!offer || subtotal < offer.minCartValue) {
    // the words the cart shows under the coupon field, in the request's language
    return { offer: null, coupon: { code: wanted, applied: false, message: sayNow('validation.coupon.invalid') } };
  }
  return { offer, coupon: { code: offer.code, applied: true, description: offer.description } };
}

const subtotalOf = (contents: CartContents) => contents.items.reduce((sum, item) => sum + item.price, 0);

/** The cart with the server's figures: each line's pricing, the totals, and the coupon's verdict. */
export function pricedCart(contents: CartContents, decision: CouponDecision): Cart {
  const { lines, totals } = priceCart(
    contents.items.map((item) => item.price),
    decision.offer,
  );
  return {
    ...contents,
    items: contents.items.map((item, index) => ({ ...item, pricing: lines[index]! })),
    coupon: decision.coupon,
    totals,
  };
}

/** The quote: the cart priced with the coupon asked for (GET /cart?coupon=, and every cart answer). */
export async function quoteCart(query: Query, contents: CartContents, code?: string): Promise<Cart> {
  return pricedCart(contents, await decideCoupon(query, code, subtotalOf(contents)));
}
