import { atom } from 'jotai/vanilla';
import { useAtomValue } from 'jotai/react';
import { utsavStore } from './store';

/** How many items the signed-in user's cart holds; the top bar's badge reads it. */
export const cartCountAtom = atom(0);

export function setCartCount(count: number): void {
  utsavStore.set(cartCountAtom, Math.max(0, Math.trunc(count)));
}

export function useCartCount(): number {
  return useAtomValue(cartCountAtom, { store: utsavStore });
}
