import { apiRequest } from './api-client';
import { atom } from 'jotai/vanilla';
import { useAtomValue } from 'jotai/react';
import { utsavStore } from '../i18n/store';

/** How many items the signed-in user's cart holds; the top bar's badge reads it. */
export const cartCountAtom = atom(0);

export function setCartCount(count: number): void {
  utsavStore.set(cartCountAtom, Math.max(0, Math.trunc(count)));
}

export function useCartCount(): number {
  return useAtomValue(cartCountAtom);
}

interface CartCountSource {
  items: unknown[];
}

/** Reads the signed-in user's cart once to set the badge (the top bar calls it when it appears). */
export async function refreshCartCount(): Promise<void> {
  try {
    const cart = await apiRequest<CartCountSource>('/cart', { auth: true });
    setCartCount(cart.items.length);
  } catch {
    // the badge is a hint: on failure it keeps what it showed
  }
}
