/**
 * An API resource as the front ends ask for it: the key its answer is kept under in the page's one
 * cache (api-cache.ts) and the call that fetches it. Each is defined once (api-resources.ts:
 * `bookingResources.mine(uid)`), so a key never disagrees with what it fetches; the keys a change is
 * patched in by (a booking's, the bell's list) are here, for the live stream. Holds no state: any copy
 * of it will do.
 */

/** A resource's key: its kind first, then what picks it out, e.g. ['bookings', uid] or ['booking', id]. */
export type ResourceKey = readonly (string | number | boolean | null)[];

export interface Resource<T> {
  key: ResourceKey;
  /** fetches the resource; `signal` is aborted once no page wants the answer any more */
  call: (signal: AbortSignal) => Promise<T>;
  /**
   * Its answers are kept on this device for the signed-in user `uid`, under `name`, to be read offline
   * (saved-answers.ts): the cache saves each one it is given.
   */
  saved?: { uid: string; name: string };
}

export const resource = <T>(key: ResourceKey, call: (signal: AbortSignal) => Promise<T>, saved?: Resource<T>['saved']): Resource<T> =>
  saved ? { key, call, saved } : { key, call };

/** The kind (key[0]) of the lists of bookings: every one of them is patched by a booking's change. */
export const BOOKING_LISTS = 'bookings';

/** The keys of the resources about bookings, the ones the live stream patches (api-cache.ts, live-updates.ts). */
export const bookingKeys = {
  /** the signed-in user's bookings (My Bookings) */
  mine: (uid: string): ResourceKey => [BOOKING_LISTS, uid],
  /** one booking (the order summary, payment status, the slot page's change of dates) */
  one: (bookingId: string): ResourceKey => ['booking', bookingId.toLowerCase()],
  /** what happened to one booking, oldest first */
  history: (bookingId: string): ResourceKey => ['booking-history', bookingId.toLowerCase()],
  /** what cancelling one booking would refund now */
  cancellationTerms: (bookingId: string): ResourceKey => ['booking-cancellation', bookingId.toLowerCase()],
} as const;

/** How many lines the signed-in user's cart holds (the top bar's badge); every answer of the cart sets it (booking-api.ts). */
export const CART_COUNT_KEY: ResourceKey = ['cart-count'];

/** The bell's list of the user's notifications (a new one goes on top: live-updates.ts). */
export const notificationsKey = (uid: string): ResourceKey => ['notifications', uid];

/** The name the user's bookings are kept under on this device (saved-answers.ts). */
export const SAVED_BOOKINGS = 'bookings';
