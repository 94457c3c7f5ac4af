import type { Cart } from '@utsav/contracts/schemas';

/** The coupon the server applied to this cart (GET /cart?coupon=), or null. */
export const appliedCoupon = (cart: Cart): string | null => (cart.coupon?.applied ? cart.coupon.code : null);

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
