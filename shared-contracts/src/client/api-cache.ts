import type { Store } from '../i18n/store';
import { ApiError, apiStatus, errorMessage } from './api-client';
import type { Resource, ResourceKey } from './resource';
import { saveAnswer } from './saved-answers';
import { pageStore } from './server-scope';

/**
 * The page's one place for what the API answered (issue 35, item 1): every view of a resource reads the
 * same entry, keyed by the resource (resource.ts), so a change to it — an answer, a change the user made,
 * a booking the live stream brought — shows in every view at once.
 *
 * - One cache per jotai store: the browser's (utsavStore) and each server render's own, so nothing one
 *   user is answered reaches another's page. A page's `preload` fills it (`prefetch`); the server sends
 *   what its render used with the HTML (`dehydrate`) and the browser starts from it (`hydrate`): the
 *   first render is the server's, with no second request.
 * - An answer fetched for a page not yet shown (prefetched, or sent with the page) is taken as it is by
 *   the first view that shows it, while fresh (FRESH_MS). A view that opens on an answer already shown
 *   shows it and asks again behind it (a page the user comes back to is on screen at once).
 * - At most one call per resource is in flight; it is aborted once no view wants its answer.
 * - The API's own signed-in answers never leave the page's memory here (saved-answers.ts keeps the few
 *   shown offline); signing out or in as someone else empties the cache (session.ts).
 *
 * Chosen over TanStack Query (the ecosystem's answer, which does all of this and more): measured in
 * shared-contracts/README.md ("Why our own cache"), its client is 10.4–11.8 KB gzip on every page's
 * first load, against about 2 KB for this (docs/architecture.md, "One place for server data").
 */

/**
 * An answer as it travels with a server-rendered page: a failure is kept as the API's status and its
 * words, so the page shows its own error state on both sides.
 */
export type PageAnswer = { ok: true; data: unknown } | { ok: false; status: number; message: string };

export type CacheState<T = unknown> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

/** What a call ended as, for the view that started it: shown (data or an error) or not (aborted, a failed refresh). */
export type LoadOutcome = { shown: 'data' } | { shown: 'error'; error: unknown } | { shown: 'nothing' };

/** How a view asks: opening (`show`), behind what is shown (`refresh`), or afresh from 'loading' (`restart`, Retry). */
export type LoadMode = 'show' | 'refresh' | 'restart';

/** An answer fetched for a page not yet shown is taken as it is for this long. */
export const FRESH_MS = 15_000;
/** Answers no view shows are kept (for a page the user comes back to) up to this many, the oldest dropped first. */
const KEPT_UNSHOWN = 60;

const LOADING: CacheState = Object.freeze({ status: 'loading', data: undefined, error: undefined });

interface Flight {
  controller: AbortController;
  /** behind data already shown: a change made on the page meanwhile drops its answer */
  background: boolean;
  /** a failure keeps the data shown (a refresh on focus or poll), rather than showing the error (a view opening) */
  keepOnFailure: boolean;
  outcome: Promise<LoadOutcome>;
}

interface Entry {
  key: ResourceKey;
  state: CacheState;
  /** when the state last changed (ms) */
  at: number;
  /** answered for a view that has not shown it yet (prefetched, or sent with the page) */
  unclaimed: boolean;
  flight: Flight | null;
  /** told of each change; `urgent`: a change made on the page (shown at once), not an answer (shown in a transition) */
  listeners: Set<(urgent: boolean) => void>;
  /** the resource as it was last asked for (what `invalidate` and `clear` ask again with) */
  resource?: Resource<unknown>;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** A resource key as the cache's map key (and the page's embedded answers) spell it. */
export const keyId = (key: ResourceKey): string => JSON.stringify(key);

const stateOf = (answer: PageAnswer): CacheState =>
  answer.ok ? { status: 'success', data: answer.data, error: undefined } : { status: 'error', data: undefined, error: new ApiError(answer.status, answer.message) };

export class ApiCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** What the cache holds for `key` now ('loading' when nothing). */
  state<T>(key: ResourceKey): CacheState<T> {
    return (this.#entries.get(keyId(key))?.state ?? LOADING) as CacheState<T>;
  }

  /** Tells `listener` each time `key`'s state changes; the function it gives stops that. */
  subscribe(key: ResourceKey, listener: (urgent: boolean) => void): () => void {
    this.#entry(key).listeners.add(listener);
    return () => {
      // the entry now under the key (`clear` moves the listeners to a new one)
      const entry = this.#entries.get(keyId(key));
      if (!entry?.listeners.delete(listener)) return;
      // once the current commit's effects have run: a view that mounts again at once is not a goodbye
      void Promise.resolve().then(() => this.#forsaken(entry));
    };
  }

  /**
   * Asks for `resource` as a view opening on it, refreshing it or retrying it wants (LoadMode); resolves
   * to what the view should hear of it. A call already in flight is joined rather than repeated, but by
   * a restart.
   */
  load<T>(resource: Resource<T>, mode: LoadMode): Promise<LoadOutcome> {
    const entry = this.#entry(resource.key, resource as Resource<unknown>);
    if (mode === 'restart') {
      entry.flight?.controller.abort();
      entry.flight = null;
      this.#set(entry, LOADING, true);
      return this.#start(entry, resource, { background: false, keepOnFailure: false });
    }
    if (entry.flight) return entry.flight.outcome;
    const { state } = entry;
    if (mode === 'show' && state.status !== 'loading' && entry.unclaimed && this.#now() - entry.at < FRESH_MS) {
      entry.unclaimed = false;
      // (an answer that came with the page is kept on this device too, now that its resource is known)
      this.#keep(entry);
      return Promise.resolve(state.status === 'success' ? { shown: 'data' } : { shown: 'error', error: state.error });
    }
    entry.unclaimed = false;
    if (mode === 'show' && state.status === 'error') this.#set(entry, LOADING);
    // a view opening on an answer shown before shows it while it asks again, and says so if that fails (as a
    // page opened afresh would); a refresh on focus or poll keeps what is shown
    const shown = entry.state.status === 'success';
    return this.#start(entry, resource, { background: shown, keepOnFailure: shown && mode === 'refresh' });
  }

  /**
   * Starts fetching `resource` for a page about to be shown (a page's `preload`), unless its answer is
   * here and fresh or on its way. On the server the answer goes into the HTML (`dehydrate`).
   */
  prefetch<T>(resource: Resource<T>): void {
    const entry = this.#entry(resource.key, resource as Resource<unknown>);
    if (entry.flight) return;
    if (entry.state.status === 'success' && this.#now() - entry.at < FRESH_MS) return;
    this.#set(entry, LOADING);
    void this.#start(entry, resource, { background: false, keepOnFailure: false, prefetched: true });
  }

  /**
   * Changes `key`'s data, e.g. to what the server answered a change with, in every view of it; nothing
   * while it has none. A refresh already on its way may predate the change: its answer is dropped.
   */
  update<T>(key: ResourceKey, change: (data: T) => T): void {
    const entry = this.#entries.get(keyId(key));
    if (entry) this.#change(entry, change as (data: unknown) => unknown);
  }

  /** Sets `key`'s data (a change's answer says what it is now), whether or not a view has asked for it yet. */
  set<T>(key: ResourceKey, data: T): void {
    const entry = this.#entry(key);
    if (entry.flight) {
      entry.flight.controller.abort();
      entry.flight = null;
    }
    entry.unclaimed = false;
    this.#set(entry, { status: 'success', data, error: undefined }, true);
  }

  /** `update` for every resource of a kind (key[0]), e.g. every list of bookings. */
  updateEach<T>(kind: string, change: (data: T) => T): void {
    for (const entry of this.#entries.values()) if (entry.key[0] === kind) this.#change(entry, change as (data: unknown) => unknown);
  }

  /**
   * Says `key`'s answer is out of date: a view showing it asks again behind it; one that opens on it
   * later asks afresh.
   */
  invalidate(key: ResourceKey): void {
    const entry = this.#entries.get(keyId(key));
    if (!entry || entry.state.status !== 'success') return;
    entry.unclaimed = false;
    entry.at = 0;
    if (entry.listeners.size > 0 && !entry.flight && entry.resource) void this.#start(entry, entry.resource, { background: true, keepOnFailure: true });
  }

  /** Every answer asked for so far, once all have come: what a server render sends with its page. */
  async dehydrate(): Promise<[string, PageAnswer][]> {
    await Promise.all([...this.#entries.values()].map((entry) => entry.flight?.outcome));
    const answers: [string, PageAnswer][] = [];
    for (const [id, { state }] of this.#entries) {
      if (state.status === 'success') answers.push([id, { ok: true, data: state.data }]);
      else if (state.status === 'error') answers.push([id, { ok: false, status: apiStatus(state.error) ?? 500, message: errorMessage(state.error) }]);
    }
    return answers;
  }

  /** Starts from the answers a server-rendered page came with (`dehydrate`), each for the view that shows it first. */
  hydrate(answers: readonly (readonly [string, PageAnswer])[]): void {
    for (const [id, answer] of answers) {
      let key: ResourceKey;
      try {
        key = JSON.parse(id) as ResourceKey;
      } catch {
        continue;
      }
      const entry = this.#entry(key);
      this.#set(entry, stateOf(answer));
      entry.unclaimed = true;
    }
  }

  /**
   * Forgets everything (signing out, another user signing in): calls on their way are aborted, and a view
   * still open asks afresh, from 'loading'.
   */
  clear(): void {
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    for (const entry of entries) {
      entry.flight?.controller.abort();
      entry.flight = null;
      if (entry.listeners.size === 0) continue;
      const fresh = this.#entry(entry.key, entry.resource);
      for (const listener of entry.listeners) fresh.listeners.add(listener);
      if (entry.resource) void this.#start(fresh, entry.resource, { background: false, keepOnFailure: false });
      for (const listener of [...fresh.listeners]) listener(true);
    }
  }

  #entry(key: ResourceKey, resource?: Resource<unknown>): Entry {
    const id = keyId(key);
    let entry = this.#entries.get(id);
    if (!entry) {
      entry = { key, state: LOADING, at: 0, unclaimed: false, flight: null, listeners: new Set() };
      this.#entries.set(id, entry);
      this.#trim();
    }
    if (resource) entry.resource = resource;
    return entry;
  }

  #set(entry: Entry, state: CacheState, urgent = false): void {
    if (entry.state === state) return;
    entry.state = state;
    entry.at = this.#now();
    this.#keep(entry);
    for (const listener of [...entry.listeners]) listener(urgent);
  }

  /** A resource kept on this device for offline reading (its `saved` name): each answer, and each change to it. */
  #keep({ resource, state }: Entry): void {
    if (resource?.saved && state.status === 'success') saveAnswer(resource.saved.uid, resource.saved.name, state.data);
  }

  #change(entry: Entry, change: (data: unknown) => unknown): void {
    if (entry.state.status !== 'success') return;
    if (entry.flight?.background) {
      entry.flight.controller.abort();
      entry.flight = null;
    }
    this.#set(entry, { status: 'success', data: change(entry.state.data), error: undefined }, true);
  }

  /** Calls `resource` (Flight); `prefetched`: for a page not yet shown, whose first view takes the answer as it is. */
  #start<T>(
    entry: Entry,
    { call }: Resource<T>,
    { background, keepOnFailure, prefetched = false }: Pick<Flight, 'background' | 'keepOnFailure'> & { prefetched?: boolean },
  ): Promise<LoadOutcome> {
    const controller = new AbortController();
    const { signal } = controller;
    const done = () => {
      if (entry.flight?.controller === controller) entry.flight = null;
    };
    let answer: Promise<T>;
    try {
      answer = call(signal);
    } catch (error) {
      answer = Promise.reject(error);
    }
    const outcome = answer.then(
      (data): LoadOutcome => {
        if (signal.aborted) return { shown: 'nothing' };
        done();
        entry.unclaimed = prefetched && entry.listeners.size === 0;
        this.#set(entry, { status: 'success', data, error: undefined });
        return { shown: 'data' };
      },
      (error: unknown): LoadOutcome => {
        if (signal.aborted || isAbort(error)) return { shown: 'nothing' };
        done();
        // a failed refresh keeps the data shown
        if (keepOnFailure && entry.state.status === 'success') return { shown: 'nothing' };
        entry.unclaimed = prefetched && entry.listeners.size === 0;
        this.#set(entry, { status: 'error', data: undefined, error });
        return { shown: 'error', error };
      },
    );
    entry.flight = { controller, background, keepOnFailure, outcome };
    return outcome;
  }

  /** No view wants `entry` any more: its call is aborted, and an entry with nothing in it goes. */
  #forsaken(entry: Entry): void {
    if (entry.listeners.size > 0 || this.#entries.get(keyId(entry.key)) !== entry) return;
    if (entry.flight) {
      entry.flight.controller.abort();
      entry.flight = null;
    }
    if (entry.state.status !== 'success' && !entry.flight) this.#entries.delete(keyId(entry.key));
  }

  /** Drops the oldest answers no view shows, beyond KEPT_UNSHOWN. */
  #trim(): void {
    const idle = [...this.#entries].filter(([, entry]) => entry.listeners.size === 0 && !entry.flight);
    if (idle.length <= KEPT_UNSHOWN) return;
    idle.sort(([, a], [, b]) => a.at - b.at);
    for (const [id] of idle.slice(0, idle.length - KEPT_UNSHOWN)) this.#entries.delete(id);
  }
}

const caches = new WeakMap<Store, ApiCache>();

/** What a page module's `preload` is told: the route's params and the address's query. */
export interface PageAddress {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * A page module's optional export, run by the host when the page's code arrives at boot, and by the
 * host's server before it renders the page: it `prefetch`es the page's resources, so the page's data
 * does not wait for the session, the profile check and the page's first render, one after another. A
 * preload that asks only after something else resolves (the restored session) returns that promise,
 * so the server knows when every ask has started.
 */
export type PagePreload = (address: PageAddress) => void | Promise<unknown>;

/** The cache of a jotai store: the browser's, or a server render's own. */
export function cacheOf(store: Store): ApiCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = new ApiCache();
    caches.set(store, cache);
  }
  return cache;
}

/** The cache of the page being drawn: the server render's, else the browser's. */
export const currentCache = (): ApiCache => cacheOf(pageStore());

/** Starts fetching `resource` for a page about to be shown (a page's `preload`; ApiCache.prefetch). */
export function prefetch<T>(resource: Resource<T>): void {
  currentCache().prefetch(resource);
}
