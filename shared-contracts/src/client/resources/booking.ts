// By package name, not relative paths (see ./catalog.ts).
import { getBooking, getBookingHistory, getCancellationTerms, getAvailability, getCart, getCartCount, getUserBookings } from '@utsav/contracts/booking';
import { getOffers } from '@utsav/contracts/payment';
import { bookingKeys, CART_COUNT_KEY, resource, SAVED_BOOKINGS } from '@utsav/contracts';

/** The bookings service's resources, `bookingResources` (../api-resources.ts); the live stream patches the bookings' own (bookingKeys, live-updates.ts). */

/** the user's bookings, kept on this device for reading offline (My Bookings) */
export const mine = (uid: string) => resource(bookingKeys.mine(uid), (signal) => getUserBookings(uid, signal), { uid, name: SAVED_BOOKINGS });
export const one = (bookingId: string) => resource(bookingKeys.one(bookingId), (signal) => getBooking(bookingId, signal));
export const history = (bookingId: string) => resource(bookingKeys.history(bookingId), (signal) => getBookingHistory(bookingId, signal));
export const cancellationTerms = (bookingId: string) =>
  resource(bookingKeys.cancellationTerms(bookingId), (signal) => getCancellationTerms(bookingId, signal));
export const availability = (serviceId: string, month: string) =>
  resource(['availability', serviceId, month], (signal) => getAvailability(serviceId, month, signal));
/** the cart, priced with `coupon` when one is asked for */
export const cart = (coupon: string | null) => resource(['cart', coupon?.trim() || null], (signal) => getCart(signal, coupon));
/** how many lines the cart holds (the top bar's badge); every answer of the cart sets it too */
export const cartCount = () => resource(CART_COUNT_KEY, (signal) => getCartCount(signal));
/** the offers shown on the cart */
export const offers = () => resource(['offers'], (signal) => getOffers(signal));
