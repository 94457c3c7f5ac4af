import { createStore } from 'jotai/vanilla';

/**
 * The one jotai store behind the session, the toast queue and the cart count. It lives in
 * @utsav/contracts, which every app shares as a singleton, so all remotes read the same state.
 */
export const utsavStore = createStore();
