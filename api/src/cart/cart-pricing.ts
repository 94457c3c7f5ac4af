import { paymentBreakdown, type Paise } from '@utsav/contracts/money';
import type { CartTotals, LinePricing } from '@utsav/contracts/schemas';

/**
 * The one price computation of the cart (issue 15, "one price truth"): what each line is worth after the coupon,
 * and what each booking made from it will be charged. Pure: the quote (GET /cart) and the checkout (POST /checkout)
 * both call it, so the page shows exactly what is booked. Integer paise throughout.
 */

export interface PricingOffer {
  code: string;
  discountType: 'percentage' | 'fixed';
  /** a whole percentage (20 = 20%) or paise */
  discountValue: number;
}

export interface CartPricing {
  /** one per line, in the lines' order */
  lines: LinePricing[];
  totals: CartTotals;
}

/**
 * Splits `discount` over `weights` in proportion, by largest remainder: every part is floor(discount × w / Σw) plus
 * at most one paisa, the parts sum exactly to `discount`, and no part exceeds its weight when discount ≤ Σw.
 * Ties go to the earlier line. BigInt inside: paise × paise passes 2^53.
 */
export function allocateProportionally(discount: Paise, weights: readonly Paise[]): Paise[] {
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (total === 0n || discount <= 0) return weights.map(() => 0);
  const whole = BigInt(discount);
  const shares = weights.map((weight, index) => {
    const exact = whole * BigInt(weight);
    return { index, floor: exact / total, remainder: exact % total };
  });
  let left = whole - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share.floor));
}

/** Each line's share of the offer: a percentage of each line (rounded half up), or a fixed amount (capped at the subtotal) split by allocateProportionally. */
export function lineDiscounts(listAmounts: readonly Paise[], offer: PricingOffer | null): Paise[] {
  if (!offer) return listAmounts.map(() => 0);
  if (offer.discountType === 'percentage') {
    const percent = BigInt(Math.min(100, Math.max(0, Math.trunc(offer.discountValue))));
    // round(amount × percent / 100), half up, exact
    return listAmounts.map((amount) => Number((BigInt(amount) * percent * 2n + 100n) / 200n));
  }
  const subtotal = listAmounts.reduce((sum, amount) => sum + amount, 0);
  return allocateProportionally(Math.min(Math.max(0, Math.trunc(offer.discountValue)), subtotal), listAmounts);
}

/** Prices the cart's lines (each the menu's price: one line is one booking) with the offer that applies, or none. */
export function priceCart(listAmounts: readonly Paise[], offer: PricingOffer | null): CartPricing {
  const discounts = lineDiscounts(listAmounts, offer);
  const lines = listAmounts.map((listAmount, index): LinePricing => {
    const discount = discounts[index]!;
    const { total: amount, advance, platformFee, gst, payNow, remaining } = paymentBreakdown(listAmount - discount);
    return { listAmount, discount, amount, advance, platformFee, gst, payNow, remaining };
  });
  const sum = (pick: (line: LinePricing) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    totals: {
      subtotal: sum((line) => line.listAmount),
      discount: sum((line) => line.discount),
      total: sum((line) => line.amount),
      dueAfterAcceptance: sum((line) => line.payNow),
      paidToProviderLater: sum((line) => line.remaining),
    },
  };
}
