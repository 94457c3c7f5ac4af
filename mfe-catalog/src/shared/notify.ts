import { ApiError, toast, toastsAtom, utsavStore } from '@utsav/contracts';

/**
 * Raise an error toast unless the same message is still on screen: two lists failing together
 * (or a user typing through a flaky connection) say it once rather than stacking copies.
 */
export function notifyError(message: string): void {
  const showing = utsavStore.get(toastsAtom).some((shown) => shown.type === 'error' && shown.message === message);
  if (!showing) toast.error(message);
}

/** The catalog's 404: "A total of 0 means not found" (spec §7). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
