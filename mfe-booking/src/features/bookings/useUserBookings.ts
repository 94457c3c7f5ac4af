import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { preloadAnswer, restoredUid, takePreloaded } from '@utsav/contracts';
import { getUserBookings } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';

/** While a request waits for the provider, the list is asked for again this often. */
export const POLL_INTERVAL_MS = 10_000;

export type BookingsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: Booking[] };

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

const isVisible = () => document.visibilityState !== 'hidden';

const preloadKey = (uid: string) => `booking/bookings/${uid}`;

/** Asks for the signed-in user's bookings as soon as the session is restored (My Bookings' `preload`). */
export async function preloadUserBookings(): Promise<void> {
  const uid = await restoredUid();
  if (uid) preloadAnswer(preloadKey(uid), () => getUserBookings(uid));
}

/**
 * The user's bookings, kept fresh: loaded on mount, again when the page becomes visible or the
 * window gets the focus, and every POLL_INTERVAL_MS while one of them is 'requested' (so an accepted
 * request shows up by itself). At most one call is in flight; a refresh keeps the list on screen
 * (a failed refresh keeps it too); unmounting aborts the call. One hook per uid (key the caller by it).
 */
export function useUserBookings(uid: string) {
  const [state, setState] = useState<BookingsState>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);
  const loaded = useRef(false);

  const refresh = useCallback(() => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    const settle = () => {
      if (inFlight.current === controller) inFlight.current = null;
    };
    // the first load takes the answer preloaded at boot, if there is one
    const early = loaded.current ? undefined : takePreloaded<Booking[]>(preloadKey(uid));
    loaded.current = true;
    (early ?? getUserBookings(uid, controller.signal)).then(
      (data) => {
        if (controller.signal.aborted) return;
        settle();
        // a transition: the list renders in slices that yield to the browser
        startTransition(() => setState({ status: 'success', data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        settle();
        // a background refresh that fails keeps what is shown; only a first load reports it
        setState((current) => (current.status === 'success' ? current : { status: 'error', error }));
      },
    );
  }, [uid]);

  const stop = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  // first load, abort on unmount
  useEffect(() => {
    refresh();
    return stop;
  }, [refresh, stop]);

  // coming back to the page
  useEffect(() => {
    const onVisibility = () => {
      if (isVisible()) refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh]);

  // waiting for the provider: poll (not while the page is hidden; coming back refreshes anyway)
  const waiting = state.status === 'success' && state.data.some((booking) => booking.status === 'requested');
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setInterval(() => {
      if (isVisible()) refresh();
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    refresh();
  }, [refresh]);

  /** Puts a booking the server has just answered with in place (e.g. after cancelling it). */
  const replace = useCallback(
    (updated: Booking) => {
      // an answer already on its way may predate this change: drop it
      stop();
      setState((current) =>
        current.status === 'success'
          ? { status: 'success', data: current.data.map((b) => (b.bookingId === updated.bookingId ? updated : b)) }
          : current,
      );
    },
    [stop],
  );

  return { state, retry, replace };
}
