import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'jotai/react';
import { cacheOf, keyId, type ApiCache, type CacheState, type LoadMode } from './api-cache';
import type { Resource } from './resource';

/** Replaces the data shown by what `change` makes of it (see `update`). */
export type ApiUpdate<T> = (change: (data: T) => T) => void;

interface ApiActions<T> {
  /** asks again from scratch: 'loading', then the answer */
  retry: () => void;
  /**
   * Changes the data, e.g. to what the server answered a change with, in every view of the resource.
   * A background refresh already on its way may predate the change, so its answer is dropped. Nothing
   * happens while there is no data.
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
  /** asks again in the background when the page becomes visible again or the window gets the focus */
  refetchOnFocus?: boolean;
  /**
   * Asks again in the background this often (ms) while data is shown and the page is visible;
   * a function of the data shown says whether (a number) or not (false) to keep asking.
   */
  poll?: number | ((data: T) => number | false);
}

const isVisible = () => document.visibilityState !== 'hidden';

/** The page's cache: the store's the tree is rendered with (the browser's, or a server render's own). */
export const useApiCache = (): ApiCache => cacheOf(useStore());

/**
 * A view of an API resource (resource.ts) from the page's one cache (api-cache.ts): its answer, fetched
 * when the view opens unless it came with the page or was fetched for it; a view that opens on an answer
 * another view has shown shows it at once and asks again behind it. A new resource (new parameters) is
 * shown as 'loading' until its answer comes (or at once, when the cache has it); the call for a resource
 * no view wants any more is aborted, so what is shown always belongs to the current parameters.
 *
 * Opt-in background refreshes (`refetchOnFocus`, `poll`) keep the data on screen while they run, and
 * keep it when they fail.
 */
export function useApi<T>(resource: Resource<T>, { enabled = true, onError, refetchOnFocus = false, poll }: ApiOptions<T> = {}): ApiState<T> {
  const cache = useApiCache();
  const id = keyId(resource.key);
  // the latest resource and callback, read when a call runs (the key stands for what the call reads)
  const latest = useRef({ resource, onError });
  useEffect(() => {
    latest.current = { resource, onError };
  });

  // the state shown, kept in step with the cache's: an answer in a transition (the page it fills renders in
  // slices that yield to the browser), a change made on the page at once; a new key shows what the cache has
  // for it from its first render
  const [shown, setShown] = useState(() => ({ id, state: cache.state<T>(resource.key) }));
  const state: CacheState<T> = shown.id === id ? shown.state : cache.state<T>(resource.key);
  useEffect(() => {
    const { key } = latest.current.resource;
    const sync = (urgent = false) => {
      const now = cache.state<T>(key);
      const show = () => setShown((current) => (current.id === id && current.state === now ? current : { id, state: now }));
      if (urgent) show();
      else startTransition(show);
    };
    const unsubscribe = cache.subscribe(key, sync);
    sync();
    return unsubscribe;
  }, [cache, id]);

  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** Asks the cache; tells onError of a failure shown, while this view is there. */
  const ask = useCallback(
    (mode: LoadMode) => {
      const { resource: current } = latest.current;
      void cache.load(current, mode).then((outcome) => {
        if (outcome.shown === 'error' && alive.current && keyId(latest.current.resource.key) === keyId(current.key)) latest.current.onError?.(outcome.error);
      });
    },
    [cache],
  );

  useEffect(() => {
    if (enabled) ask('show');
  }, [ask, id, enabled]);

  /** Asks again behind the data shown, unless a call is already on its way. */
  const refresh = useCallback(() => {
    if (enabled) ask('refresh');
  }, [ask, enabled]);

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

  const retry = useCallback(() => ask('restart'), [ask]);
  const update = useCallback<ApiUpdate<T>>((change) => cache.update<T>(latest.current.resource.key, change), [cache]);

  // polling while data is shown, at the interval the data asks for (not while the page is hidden:
  // coming back to it refreshes anyway when refetchOnFocus is on)
  const every = enabled && state.status === 'success' && poll !== undefined ? (typeof poll === 'function' ? poll(state.data) : poll) : false;
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
    return { ...state, ...actions };
  }, [enabled, state, retry, update]);
}
