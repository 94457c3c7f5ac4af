// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest, CART_COUNT_KEY, currentCache } from '@utsav/contracts';
import { checkedAnswer } from './checked-answer';
import type {
  Booking,
  CancellationTerms,
  BookingHistory,
  RescheduleRequest,
  BookingCreate,
  MonthAvailability,
} from '../domain/schemas/booking';
import type { ReviewCreate } from '../domain/schemas/review';
import type { Cart, CartCount, CartItemCreate, CheckoutRequest, CheckoutResponse } from '../domain/schemas/cart';

/**
 * The bookings service (spec §7) and the cart, as the signed-in user. A subpath of its own,
 * `@utsav/contracts/booking`, so zod stays out of the shared contracts chunk; each answer is checked
 * by schemas loaded with it (checked-answer.ts), so a page drawn from the server's answers (My Bookings)
 * does not bring zod and the schemas with its first load either.
 */
const bookingSchemas = () => import('../domain/schemas/booking');
const cartSchemas = () => import('../domain/schemas/cart');

/** An answer of the bookings service, checked by its schema (`schemaOf`) once both have come. */
const checkedBooking = <T>(schemaOf: (schemas: typeof import('../domain/schemas/booking')) => { parse(data: unknown): T }, answer: Promise<unknown>) =>
  checkedAnswer(bookingSchemas(), schemaOf, answer);
const checkedCart = <T>(schemaOf: (schemas: typeof import('../domain/schemas/cart')) => { parse(data: unknown): T }, answer: Promise<unknown>) =>
  checkedAnswer(cartSchemas(), schemaOf, answer);

/**
 * Books. `cartItemId`: the cart item it comes from — the API books it and removes it from the cart in one
 * transaction, or refuses (409, nothing booked) if it is no longer there. Without it, `nocart: true` (spec §7):
 * a direct booking leaves the cart alone.
 */
export async function createBooking(payload: BookingCreate, cartItemId?: string): Promise<Booking> {
  const answer = apiRequest<unknown>(
    '/bookings',
    cartItemId === undefined
      ? { method: 'POST', body: payload, auth: true, headers: { nocart: 'true' } }
      : { method: 'POST', body: { ...payload, cartItemId }, auth: true },
  );
  return checkedBooking((schemas) => schemas.bookingSchema, answer);
}

export async function getUserBookings(uid: string, signal?: AbortSignal): Promise<Booking[]> {
  return checkedBooking((schemas) => schemas.bookingListSchema, apiRequest<unknown>(`/bookings/user/${encodeURIComponent(uid)}`, { auth: true, signal }));
}

export async function getBooking(bookingId: string, signal?: AbortSignal): Promise<Booking> {
  return checkedBooking((schemas) => schemas.bookingSchema, apiRequest<unknown>(`/bookings/${encodeURIComponent(bookingId)}`, { auth: true, signal }));
}

/** Cancels an accepted, paid or payment-failed booking (the consumer's own; a paid one is refunded by the cancellation policy); any other status is a 409. */
export async function cancelBooking(bookingId: string): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/cancel`;
  return checkedBooking((schemas) => schemas.bookingSchema, apiRequest<unknown>(path, { method: 'POST', auth: true }));
}

/** Withdraws a request the provider has not answered yet. */
export async function withdrawBooking(bookingId: string): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/withdraw`;
  return checkedBooking((schemas) => schemas.bookingSchema, apiRequest<unknown>(path, { method: 'POST', auth: true }));
}

/** Proposes new dates and times for an accepted or paid booking; its provider answers. */
export async function rescheduleBooking(bookingId: string, slot: RescheduleRequest): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/reschedule`;
  return checkedBooking((schemas) => schemas.bookingSchema, apiRequest<unknown>(path, { method: 'POST', auth: true, body: slot }));
}

/** The consumer's review of a paid booking that has taken place (once): the booking with its review. */
export async function reviewBooking(bookingId: string, review: ReviewCreate): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/review`;
  return checkedBooking((schemas) => schemas.bookingSchema, apiRequest<unknown>(path, { method: 'POST', auth: true, body: review }));
}

/** The booking's GST tax invoice, as a PDF (once its advance is paid). */
export async function getInvoicePdf(bookingId: string): Promise<Blob> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/invoice`;
  return apiRequest<Blob>(path, { auth: true, responseType: 'blob' });
}

/** The booking's timeline, oldest first. */
export async function getBookingHistory(bookingId: string, signal?: AbortSignal): Promise<BookingHistory> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/history`;
  return checkedBooking((schemas) => schemas.bookingHistorySchema, apiRequest<unknown>(path, { auth: true, signal }));
}

/** What cancelling the booking now would give back (the server's figures, for the cancel dialog). */
export async function getCancellationTerms(bookingId: string, signal?: AbortSignal): Promise<CancellationTerms> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/cancellation`;
  return checkedBooking((schemas) => schemas.cancellationTermsSchema, apiRequest<unknown>(path, { auth: true, signal }));
}

/** The days of `month` ('2026-12') the service's provider cannot take a booking on (the slot calendar disables them). */
export async function getAvailability(serviceId: string, month: string, signal?: AbortSignal): Promise<MonthAvailability> {
  const path = `/services/${encodeURIComponent(serviceId)}/availability?month=${encodeURIComponent(month)}`;
  return checkedBooking((schemas) => schemas.monthAvailabilitySchema, apiRequest<unknown>(path, { signal }));
}

/** Every answer of the cart says how many lines it holds: the top bar's badge follows (CART_COUNT_KEY). */
function keepCount(cart: Cart): Cart {
  currentCache().set<CartCount>(CART_COUNT_KEY, { count: cart.items.length });
  return cart;
}

/**
 * How many lines the cart holds, without pricing it (the top bar's badge). Read on every signed-in page once it is
 * interactive, so not through the cart's schemas: they would bring zod (24 KB gzip) to pages that use none. A count
 * that is not one is the API failing its contract (cartCountSchema), said as such.
 */
export async function getCartCount(signal?: AbortSignal): Promise<CartCount> {
  const { count } = await apiRequest<Partial<CartCount>>('/cart/count', { auth: true, signal });
  if (!Number.isInteger(count) || count! < 0) throw new TypeError(`GET /cart/count answered ${String(count)}, not a count`);
  return { count: count! };
}

/** `?coupon=CODE` when a coupon is asked for: the server prices the cart with it and says whether it applies. */
const withCoupon = (path: string, coupon?: string | null) => (coupon?.trim() ? `${path}?coupon=${encodeURIComponent(coupon.trim())}` : path);

/** The cart priced by the server: each line's pricing, the totals and, with `coupon`, whether (and why not) it applies. */
export async function getCart(signal?: AbortSignal, coupon?: string | null): Promise<Cart> {
  return keepCount(await checkedCart((schemas) => schemas.cartSchema, apiRequest<unknown>(withCoupon('/cart', coupon), { auth: true, signal })));
}

/** Adds a selection (one line is one booking); the same selection again is a 409 'This selection is already in your cart'. */
export async function addCartItem(item: CartItemCreate): Promise<Cart> {
  return keepCount(await checkedCart((schemas) => schemas.cartSchema, apiRequest<unknown>('/cart/items', { method: 'POST', body: item, auth: true })));
}

/** Removes a line; the cart answered is priced with `coupon` (which may stop applying). */
export async function removeCartItem(cartItemId: string, coupon?: string | null): Promise<Cart> {
  const path = withCoupon(`/cart/items/${encodeURIComponent(cartItemId)}`, coupon);
  return keepCount(await checkedCart((schemas) => schemas.cartSchema, apiRequest<unknown>(path, { method: 'DELETE', auth: true })));
}

/**
 * Books every line of the cart in one server transaction, priced as the quote was (`expectedTotal` is the total
 * shown; a different one on the server is a 409 and nothing is booked). The cart answered is what is left.
 */
export async function checkoutCart(request: CheckoutRequest): Promise<CheckoutResponse> {
  const answer = await checkedCart((schemas) => schemas.checkoutResponseSchema, apiRequest<unknown>('/checkout', { method: 'POST', body: request, auth: true }));
  keepCount(answer.cart);
  return answer;
}
