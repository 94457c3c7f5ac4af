import { getDefaultStore } from 'jotai/vanilla';

/**
 * The one jotai store behind the session, the toast queue and the cart count in the browser. It is
 * jotai's default store, in @utsav/contracts and jotai, which every app shares as singletons, so all
 * remotes read the same state. The hooks read whatever store the React tree provides and fall back
 * to this one: a server render gives each request a store of its own (`<Provider store>`), so
 * nothing one user sees can reach another. Imperative helpers (toast, refreshProfile) act on this one
 * and run only in the browser.
 */
export const utsavStore = getDefaultStore();

/** A jotai store: the browser's one (utsavStore) or a server-rendered request's own. */
export type Store = typeof utsavStore;
