// The pages the bench measures: the Login page signed out, four pages a signed-in consumer meets, and the
// provider's inbox.
import { becomeProvider, createConsumer, firstServiceFor, requestBooking } from './bench-consumer.mjs';

export const SEARCH_QUERY = 'wedding';

/**
 * The routes, with a real seeded service for Service detail, and a fresh onboarded consumer with one
 * booking request (so My Bookings shows a booking rather than its empty state).
 */
export async function prepareRoutes() {
  const service = await firstServiceFor(SEARCH_QUERY);
  const consumer = await createConsumer();
  await requestBooking(consumer, service);
  await becomeProvider(consumer);
  // as `paths` in shared-contracts/src/domain/routes.ts builds them (TypeScript, which this script cannot import)
  const routes = [
    { name: 'Login (signed out)', path: '/login', signedIn: false },
    { name: 'Home', path: '/', signedIn: true },
    { name: 'Search with results', path: `/services?q=${encodeURIComponent(SEARCH_QUERY)}`, signedIn: true },
    { name: 'Service detail', path: `/service/${encodeURIComponent(service.serviceId)}`, signedIn: true },
    { name: 'My Bookings', path: '/bookings', signedIn: true },
    // the provider's side (issue 36): the inbox of a person who runs a listing, with one request in it
    { name: 'Provider requests', path: '/provider', signedIn: true },
  ];
  return { routes, consumer, service };
}

/** The path and query a browser ended on, to compare with a route's path. */
export function landedOn(url) {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}
