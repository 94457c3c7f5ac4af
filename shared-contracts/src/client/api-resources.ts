/**
 * The API's resources as the pages view them from the page's one cache (api-cache.ts, `useApi`): each its
 * key and its call, defined once, so two pages showing the same thing share one answer and a change to it
 * (the live stream's, one made on a page) reaches every view. `@utsav/contracts/resources`; holds no state.
 *
 * Each group is a module's namespace (`export * as`), not an object: the bundler keeps only the resources a
 * page names (`bookingResources.cartCount` brings the count's call, not the cart's, the offers' and their
 * payment module). As objects, the top bar's badge put every booking call into every page's first load
 * (tooling/src/perf/README.md).
 */
export * as catalogResources from './resources/catalog';
export * as bookingResources from './resources/booking';
export * as userResources from './resources/user';
export { SAVED_BOOKINGS } from '@utsav/contracts';
