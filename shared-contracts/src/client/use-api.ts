import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import { ApiError } from './api-client';
import { usePageAnswer, type PageAnswer } from './page-answers';
import { takePreloaded } from './preload';

/** Replaces the data shown by what `change` makes of it (see `update`). */
export type ApiUpdate<T> = (change: (data: T) => T) => void;

interface ApiActions<T> {
  /** asks again from scratch: 'loading', then the answer */
  retry: () => void;
  /**
   * Changes the data shown locally, e.g. to what the server answered a change with. A background
   * refresh already on its way may predate the change, so its answer is dropped. Nothing happens
   * while there is no data.
   */
  update: ApiUpdate<T>;
}

export type ApiState<T> = ApiActions<T> &
  (
    | { status: 'idle' | 'loading'; data: undefined; error: undefined }
    | { status: 'success'; data: T; error: undefined }
    | { status: 'error'; data: undefined; error: unknown }
  );

export type ApiStatus = ApiState<unknown>['status'];

export interface ApiOptions<T = unknown> {
  /** false: make no call and report 'idle' */
  enabled?: boolean;
  /** told once per failed call that is shown (never for one that was cancelled, nor a failed background refresh) */
  onError?: (error: unknown) => void;
  /**
   * the answer that came with the page under this key (page-answers.tsx) is shown from the first
   * render, with no call; else the first call takes the answer preloaded under it, if any (preload.ts)
   */
  preloaded?: string;
  /** asks again in the background when the page becomes visible again or the window gets the focus */
  refetchOnFocus?: boolean;
  /**
   * Asks again in the background this often (ms) while data is shown and the page is visible;
   * a function of the data shown says whether (a number) or not (false) to keep asking.
   */
  poll?: number | ((data: T) => number | false);
}

interface Settled<T> {
  /** the inputs this answer belongs to */
  key: DependencyList;
  ok: boolean;
  data?: T;
  error?: unknown;
}

interface InFlight {
  controller: AbortController;
  /** a refresh of data already shown (focus, poll), not the load of new inputs */
  background: boolean;
}

function sameKey(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

const isVisible = () => document.visibilityState !== 'hidden';

function settledFrom<T>(answer: PageAnswer, key: DependencyList): Settled<T> {
  return answer.ok ? { key, ok: true, data: answer.data as T } : { key, ok: false, error: new ApiError(answer.status, answer.message) };
}

/**
 * Runs `call` when mounted, when `deps` change and on retry, with an AbortSignal aborted as soon
 * as the answer is no longer wanted (new parameters, retry, unmount). A late answer is dropped, so
 * what is shown always belongs to the current parameters. At most one call is in flight.
 *
 * Opt-in background refreshes (`refetchOnFocus`, `poll`) keep the data on screen while they run,
 * and keep it when they fail.
 */
export function useApi<T>(
  call: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { enabled = true, onError, preloaded, refetchOnFocus = false, poll }: ApiOptions<T> = {},
): ApiState<T> {
  const [attempt, setAttempt] = useState(0);
  const key: DependencyList = [enabled, attempt, ...deps];
  const pageAnswer = usePageAnswer(enabled ? preloaded : undefined);
  const [settled, setSettled] = useState<Settled<T> | null>(() => (pageAnswer ? settledFrom<T>(pageAnswer, key) : null));
  // the first inputs' answer came with the page: no call for them
  const answeredByPage = useRef(pageAnswer !== undefined);

  // the latest callbacks and inputs, read when a call runs (deps stand for what `call` reads)
  const latest = useRef({ call, onError, key });
  useEffect(() => {
    latest.current = { call, onError, key };
  });
  const inFlight = useRef<InFlight | null>(null);

  /** Starts `call`; a background one keeps what is shown when it fails. */
  const run = useCallback((runKey: DependencyList, background: boolean, early?: Promise<T>): InFlight => {
    const flight: InFlight = { controller: new AbortController(), background };
    const { signal } = flight.controller;
    inFlight.current = flight;
    const done = () => {
      if (inFlight.current === flight) inFlight.current = null;
    };
    (early ?? latest.current.call(signal)).then(
      (data) => {
        if (signal.aborted) return;
        done();
        // a transition: the page the answer fills renders in slices that yield to the browser
        startTransition(() => setSettled({ key: runKey, ok: true, data }));
      },
      (error: unknown) => {
        if (signal.aborted || isAbort(error)) return;
        done();
        if (background) {
          // a failed refresh keeps the data shown; only when none is shown is the failure
          setSettled((current) => (current?.ok && sameKey(current.key, runKey) ? current : { key: runKey, ok: false, error }));
          return;
        }
        startTransition(() => setSettled({ key: runKey, ok: false, error }));
        latest.current.onError?.(error);
      },
    );
    return flight;
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    if (answeredByPage.current) {
      answeredByPage.current = false;
      return undefined;
    }
    // a retry always asks again
    const early = attempt === 0 && preloaded ? takePreloaded<T>(preloaded) : undefined;
    const flight = run(key, false, early);
    return () => {
      flight.controller.abort();
      // a background refresh started since belongs to these inputs too
      inFlight.current?.controller.abort();
      inFlight.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is [enabled, attempt, ...deps]: the caller's deps, which lint checks at each call (useApi is one of exhaustive-deps' additionalHooks in eslint.config.mjs)
  }, key);

  /** Asks again behind the data shown, unless a call is already on its way. */
  const refresh = useCallback(() => {
    if (!inFlight.current && latest.current.key[0]) run(latest.current.key, true);
  }, [run]);

  // coming back to the page
  useEffect(() => {
    if (!refetchOnFocus || !enabled) return undefined;
    const onVisibility = () => {
      if (isVisible()) refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', refresh);
    };
  }, [refetchOnFocus, enabled, refresh]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback<ApiUpdate<T>>((change) => {
    // an answer already on its way may predate this change: drop it
    if (inFlight.current?.background) {
      inFlight.current.controller.abort();
      inFlight.current = null;
    }
    setSettled((current) => (current?.ok ? { ...current, data: change(current.data as T) } : current));
  }, []);

  const current = enabled && settled && sameKey(settled.key, key) ? settled : null;

  // polling while data is shown, at the interval the data asks for (not while the page is hidden:
  // coming back to it refreshes anyway when refetchOnFocus is on)
  const every = current?.ok && poll !== undefined ? (typeof poll === 'function' ? poll(current.data as T) : poll) : false;
  useEffect(() => {
    if (every === false || every <= 0) return undefined;
    const timer = setInterval(() => {
      if (isVisible()) refresh();
    }, every);
    return () => clearInterval(timer);
  }, [every, refresh]);

  // the same object while nothing changed, so a memoized part of the page fed by one call is not
  // rendered again when another call of the page answers
  return useMemo((): ApiState<T> => {
    const actions = { retry, update };
    if (!enabled) return { status: 'idle', data: undefined, error: undefined, ...actions };
    if (!current) return { status: 'loading', data: undefined, error: undefined, ...actions };
    return current.ok
      ? { status: 'success', data: current.data as T, error: undefined, ...actions }
      : { status: 'error', data: undefined, error: current.error, ...actions };
  }, [enabled, current, retry, update]);
}
