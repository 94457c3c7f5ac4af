import type { Offer } from '@utsav/contracts/schemas';

export const INVALID_COUPON = 'Invalid coupon code or cart value not met';

/** Spec §5: the code matches case-insensitively after trimming, and only when the subtotal is at least the offer's minimum. */
export function findOffer(code: string, offers: readonly Offer[], subtotal: number): Offer | null {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return null;
  const offer = offers.find((candidate) => candidate.code.trim().toLowerCase() === wanted);
  return offer && subtotal >= offer.minCartValue ? offer : null;
}

/** Σ price × quantity, paise. */
export function subtotalOf(items: readonly { price: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

/** The coupon carried from the cart to checkout (router state, and sessionStorage for a reload). */
export const COUPON_STORAGE_KEY = 'utsav.checkout.coupon';

export function rememberCoupon(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(COUPON_STORAGE_KEY, code);
    else sessionStorage.removeItem(COUPON_STORAGE_KEY);
  } catch {
    // storage may be unavailable (private mode): router state still carries it
  }
}

export function recalledCoupon(state: unknown): string | null {
  const fromState = (state as { coupon?: unknown } | null)?.coupon;
  if (typeof fromState === 'string' && fromState) return fromState;
  try {
    return sessionStorage.getItem(COUPON_STORAGE_KEY);
  } catch {
    return null;
  }
}
