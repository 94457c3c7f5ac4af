import { useCallback, useEffect, useRef, useState } from 'react';

/** How a change ended: its result, or why it failed (`error`), or not run because one was under way. */
export type ChangeOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown } | { ok: false; busy: true };

export interface Change<A extends unknown[], T> {
  /** makes the change, unless one is already under way (a second tap does nothing); never rejects */
  run: (...args: A) => Promise<ChangeOutcome<T>>;
  /** a change is under way: its button shows it is busy and takes no tap */
  pending: boolean;
  /** why the last change failed, until the next one starts (or `reset`); null when it did not */
  error: unknown;
  /** the last change again, with what it was given */
  retry: () => Promise<ChangeOutcome<T>>;
  /** forgets the last failure (a dialog closed) */
  reset: () => void;
}

/**
 * One way to make a change through the API (issue 35, item 1): one at a time, pending while it runs, its
 * failure kept for the page to say (and `retry`). What the server answered is the caller's to show:
 * `update` on the view of the resource, or `showBookingChange` for a booking, so every view of it follows.
 */
export function useChange<A extends unknown[], T>(action: (...args: A) => Promise<T>): Change<A, T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // read synchronously: two taps in one frame start one change
  const running = useRef(false);
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const lastArgs = useRef<A | null>(null);

  const run = useCallback(async (...args: A): Promise<ChangeOutcome<T>> => {
    if (running.current) return { ok: false, busy: true };
    running.current = true;
    lastArgs.current = args;
    setPending(true);
    setError(null);
    try {
      const value = await latest.current(...args);
      return { ok: true, value };
    } catch (caught) {
      setError(caught);
      return { ok: false, error: caught };
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);

  const retry = useCallback(() => (lastArgs.current ? run(...lastArgs.current) : Promise.resolve<ChangeOutcome<T>>({ ok: false, busy: true })), [run]);
  const reset = useCallback(() => setError(null), []);
  return { run, pending, error, retry, reset };
}
