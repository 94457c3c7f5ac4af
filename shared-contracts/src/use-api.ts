import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import { takePreloaded } from './preload';

export type ApiState<T> =
  | { status: 'idle' | 'loading'; data: undefined; error: undefined; retry: () => void }
  | { status: 'success'; data: T; error: undefined; retry: () => void }
  | { status: 'error'; data: undefined; error: unknown; retry: () => void };

export type ApiStatus = ApiState<unknown>['status'];

export interface ApiOptions {
  /** false: make no call and report 'idle' */
  enabled?: boolean;
  /** told once per failed call (never for one that was cancelled) */
  onError?: (error: unknown) => void;
  /** the first call takes the answer preloaded under this key, if any (see preload.ts) */
  preloaded?: string;
}

interface Settled<T> {
  /** the inputs this answer belongs to */
  key: DependencyList;
  ok: boolean;
  data?: T;
  error?: unknown;
}

function sameKey(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Runs `call` when mounted, when `deps` change and on retry, with an AbortSignal aborted as soon
 * as the answer is no longer wanted (new parameters, retry, unmount). A late answer is dropped, so
 * what is shown always belongs to the current parameters.
 */
export function useApi<T>(
  call: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { enabled = true, onError, preloaded }: ApiOptions = {},
): ApiState<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const key: DependencyList = [enabled, attempt, ...deps];

  // the latest callbacks, read when the call runs (deps stand for what `call` reads)
  const latest = useRef({ call, onError });
  useEffect(() => {
    latest.current = { call, onError };
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    // a retry always asks again
    const early = attempt === 0 && preloaded ? takePreloaded<T>(preloaded) : undefined;
    (early ?? latest.current.call(controller.signal)).then(
      (data) => {
        // a transition: the page the answer fills renders in slices that yield to the browser
        if (!controller.signal.aborted) startTransition(() => setSettled({ key, ok: true, data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        startTransition(() => setSettled({ key, ok: false, error }));
        latest.current.onError?.(error);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is [enabled, attempt, ...the caller's deps], which stand for what the call reads; use-api.ts is being rewritten (issue 16 item 1), which should drop this computed list
  }, key);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = enabled && settled && sameKey(settled.key, key) ? settled : null;
  // the same object while nothing changed, so a memoized part of the page fed by one call is not
  // rendered again when another call of the page answers
  return useMemo((): ApiState<T> => {
    if (!enabled) return { status: 'idle', data: undefined, error: undefined, retry };
    if (!current) return { status: 'loading', data: undefined, error: undefined, retry };
    return current.ok
      ? { status: 'success', data: current.data as T, error: undefined, retry }
      : { status: 'error', data: undefined, error: current.error, retry };
  }, [enabled, current, retry]);
}
