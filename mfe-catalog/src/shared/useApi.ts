import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type ApiStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ApiState<T> {
  /** 'idle' only while the call is disabled */
  status: ApiStatus;
  /** the answer for the current parameters, once it is in */
  data: T | undefined;
  error: unknown;
  /** run the call again with the same parameters */
  retry: () => void;
}

export interface ApiOptions {
  /** false: make no call and report 'idle' (e.g. an empty search) */
  enabled?: boolean;
  /** told once per failed call (never for one that was cancelled) */
  onError?: (error: unknown) => void;
}

interface Settled<T> {
  /** the inputs this answer belongs to */
  key: DependencyList;
  status: 'success' | 'error';
  data: T | undefined;
  error: unknown;
}

function sameKey(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Runs `call` on mount and whenever `deps` change (or on retry), with an AbortSignal that is
 * aborted as soon as the answer is no longer wanted: parameters changed, retry, unmount. An answer
 * that arrives after that is dropped, so a slow stale response never overwrites a newer one, and
 * an answer is only ever shown for the parameters it was asked with.
 */
export function useApi<T>(
  call: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { enabled = true, onError }: ApiOptions = {},
): ApiState<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const key: DependencyList = [enabled, attempt, ...deps];

  // The latest callbacks, read when the call runs, so they need not be dependencies themselves
  // (the caller's deps stand for what `call` reads).
  const latest = useRef({ call, onError });
  useEffect(() => {
    latest.current = { call, onError };
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    latest.current.call(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setSettled({ key, status: 'error', data: undefined, error });
        latest.current.onError?.(error);
      },
    );
    return () => controller.abort();
  }, key);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!enabled) return { status: 'idle', data: undefined, error: undefined, retry };
  if (!settled || !sameKey(settled.key, key)) return { status: 'loading', data: undefined, error: undefined, retry };
  return { status: settled.status, data: settled.data, error: settled.error, retry };
}
