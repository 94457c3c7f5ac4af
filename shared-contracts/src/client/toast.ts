import { atom } from 'jotai/vanilla';
import { useAtomValue } from 'jotai/react';
import { TOAST_DEFAULT_DURATION_MS, TOAST_MAX_VISIBLE } from '../domain/constants';
import { utsavStore } from '../i18n/store';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type ToastPosition = 'top' | 'bottom';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** milliseconds until it goes away by itself; 0 keeps it until dismissed */
  duration: number;
  position: ToastPosition;
  /** show the type's icon */
  icon: boolean;
}

export type ToastOptions = Partial<Omit<Toast, 'id' | 'message'>> & {
  /**
   * Adds nothing while a toast of the same type and message is still showing (two lists failing
   * together, or typing through a flaky connection, say it once rather than stacking copies).
   */
  dedupe?: boolean;
};

/** Oldest first. */
export const toastsAtom = atom<Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function forget(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export function dismissToast(id: string): void {
  forget(id);
  utsavStore.set(toastsAtom, (list) => list.filter((toast) => toast.id !== id));
}

/**
 * Raise a toast from any app; returns its id (with `dedupe`, the one already showing, if any).
 * At most TOAST_MAX_VISIBLE are kept, oldest dropped.
 */
export function showToast(message: string, options: ToastOptions = {}): string {
  const type = options.type ?? 'info';
  if (options.dedupe) {
    const showing = utsavStore.get(toastsAtom).find((shown) => shown.type === type && shown.message === message);
    if (showing) return showing.id;
  }
  counter += 1;
  const toast: Toast = {
    id: `toast-${counter}`,
    message,
    type,
    duration: Math.max(0, options.duration ?? TOAST_DEFAULT_DURATION_MS),
    position: options.position ?? 'bottom',
    icon: options.icon ?? true,
  };
  const next = [...utsavStore.get(toastsAtom), toast];
  const dropped = next.splice(0, Math.max(0, next.length - TOAST_MAX_VISIBLE));
  dropped.forEach((old) => forget(old.id));
  utsavStore.set(toastsAtom, next);
  if (toast.duration > 0) timers.set(toast.id, setTimeout(() => dismissToast(toast.id), toast.duration));
  return toast.id;
}

type TypedToast = (message: string, options?: Omit<ToastOptions, 'type'>) => string;
const typed =
  (type: ToastType): TypedToast =>
  (message, options = {}) =>
    showToast(message, { ...options, type });

/**
 * `toast.error('Failed to fetch services')` — the one way any remote raises a message;
 * `toast.error(message, { dedupe: true })` when the same failure may be reported again while shown.
 */
export const toast = {
  show: showToast,
  info: typed('info'),
  success: typed('success'),
  warning: typed('warning'),
  error: typed('error'),
  dismiss: dismissToast,
};

export function useToasts(): Toast[] {
  return useAtomValue(toastsAtom);
}

/**
 * Marks a page's action bar (a bar of the page's main buttons kept at the bottom of the screen, such
 * as the slot page's Add to Cart and Book Now): `<Paper {...ACTION_BAR} …>`. The host keeps its
 * bottom toasts above every marked bar on screen, so a toast never covers the buttons it is about.
 */
export const ACTION_BAR = { 'data-action-bar': '' } as const;

/** Finds the marked action bars (ACTION_BAR). */
export const ACTION_BAR_SELECTOR = '[data-action-bar]';
