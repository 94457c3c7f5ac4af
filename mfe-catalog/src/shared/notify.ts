import { toast, toastsAtom, utsavStore } from '@utsav/contracts';

/**
 * Raise an error toast unless the same message is still on screen: two lists failing together
 * (or a user typing through a flaky connection) say it once rather than stacking copies.
 */
export function notifyError(message: string): void {
  const showing = utsavStore.get(toastsAtom).some((shown) => shown.type === 'error' && shown.message === message);
  if (!showing) toast.error(message);
}
