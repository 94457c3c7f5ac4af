// By package name, not relative paths: at run time the calls are the shared contracts' (and a test that mocks
// a call module, `jest.mock('@utsav/contracts/catalog')`, sees its resources ask through the mock).
import { getAddresses, getConsumerProfile, getEmailVerification, getNotifications, LATEST_LIMIT, POPULAR_LIMIT } from '@utsav/contracts';
import { getBooking, getBookingHistory, getCancellationTerms, getAvailability, getCart, getCartCount, getUserBookings } from '@utsav/contracts/booking';
import { getLatestServices, getMenu, getPopularServices, getService, getServiceReviews, searchServices } from '@utsav/contracts/catalog';
import { getOffers } from '@utsav/contracts/payment';
import type { ServiceCategory, ServiceSearchQuery } from '../domain/schemas/catalog';
import type { ReviewPageQuery } from '../domain/schemas/review';
import { bookingKeys, CART_COUNT_KEY, notificationsKey, resource } from './resource';

/** The name the user's bookings are kept under on this device (saved-answers.ts). */
export const SAVED_BOOKINGS = 'bookings';

/**
 * The API's resources as the pages view them from the page's one cache (api-cache.ts, `useApi`): each its
 * key and its call, defined once, so two pages showing the same thing share one answer and a change to it
 * (the live stream's, one made on a page) reaches every view. `@utsav/contracts/resources`; holds no state.
 */

export const catalogResources = {
  /** a page of a search (GET /services); its key names every parameter */
  search: (params: ServiceSearchQuery) => {
    const { q, category, city, sort, minPrice, maxPrice, limit, offset } = params;
    const key = ['services', q ?? null, category ?? null, city ?? null, sort ?? null, minPrice ?? null, maxPrice ?? null, limit ?? null, offset ?? null];
    return resource(key, (signal) => searchServices(params, signal));
  },
  service: (serviceId: string) => resource(['service', serviceId], (signal) => getService(serviceId, signal)),
  /** Home's Recommended For You: the category chosen at onboarding first, topped up from the overall list */
  popular: (category?: ServiceCategory) => resource(['services-popular', category ?? null], (signal) => getPopularServices(POPULAR_LIMIT, signal, category)),
  /** Home's Recently Added */
  latest: () => resource(['services-latest'], (signal) => getLatestServices(LATEST_LIMIT, signal)),
  menu: (menuId: string) => resource(['menu', menuId], (signal) => getMenu(menuId, signal)),
  reviews: (serviceId: string, page: ReviewPageQuery) =>
    resource(['service-reviews', serviceId, page.limit, page.offset], (signal) => getServiceReviews(serviceId, page, signal)),
};

/** The bookings service's; the live stream patches the bookings' own (bookingKeys, live-updates.ts). */
export const bookingResources = {
  /** the user's bookings, kept on this device for reading offline (My Bookings) */
  mine: (uid: string) => resource(bookingKeys.mine(uid), (signal) => getUserBookings(uid, signal), { uid, name: SAVED_BOOKINGS }),
  one: (bookingId: string) => resource(bookingKeys.one(bookingId), (signal) => getBooking(bookingId, signal)),
  history: (bookingId: string) => resource(bookingKeys.history(bookingId), (signal) => getBookingHistory(bookingId, signal)),
  cancellationTerms: (bookingId: string) => resource(bookingKeys.cancellationTerms(bookingId), (signal) => getCancellationTerms(bookingId, signal)),
  availability: (serviceId: string, month: string) => resource(['availability', serviceId, month], (signal) => getAvailability(serviceId, month, signal)),
  /** the cart, priced with `coupon` when one is asked for */
  cart: (coupon: string | null) => resource(['cart', coupon?.trim() || null], (signal) => getCart(signal, coupon)),
  /** how many lines the cart holds (the top bar's badge); every answer of the cart sets it too */
  cartCount: () => resource(CART_COUNT_KEY, (signal) => getCartCount(signal)),
  /** the offers shown on the cart */
  offers: () => resource(['offers'], (signal) => getOffers(signal)),
};

/** The users service's, and the bell's list. */
export const userResources = {
  profile: (uid: string) => resource(['profile', uid], (signal) => getConsumerProfile(uid, signal)),
  addresses: (uid: string) => resource(['addresses', uid], (signal) => getAddresses(uid, signal)),
  /** whether the profile's email (`email`: asked again when it changes) is verified */
  emailVerification: (uid: string, email: string) => resource(['email-verification', uid, email], (signal) => getEmailVerification(uid, signal)),
  /** the bell's list; a new notification goes on top (live-updates.ts) */
  notifications: (uid: string) => resource(notificationsKey(uid), (signal) => getNotifications(uid, signal)),
};
