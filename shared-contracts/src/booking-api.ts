// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest, setCartCount } from '@utsav/contracts';
import {
  bookingListSchema,
  bookingSchema,
  type Booking,
  type BookingCreate,
} from './schemas/booking';
import { cartSchema, type Cart, type CartItemCreate } from './schemas/cart';

/**
 * The bookings service (spec §7) and the cart, as the signed-in user. A subpath of its own,
 * `@utsav/contracts/booking`, so zod stays out of the shared contracts chunk.
 */
/**
 * Books. `cartItemId`: the cart item it comes from — the API books it and removes it from the cart in one
 * transaction, or refuses (409, nothing booked) if it is no longer there. Without it, `nocart: true` (spec §7):
 * a direct booking leaves the cart alone.
 */
export async function createBooking(payload: BookingCreate, cartItemId?: string): Promise<Booking> {
  const body = await apiRequest<unknown>(
    '/bookings',
    cartItemId === undefined
      ? { method: 'POST', body: payload, auth: true, headers: { nocart: 'true' } }
      : { method: 'POST', body: { ...payload, cartItemId }, auth: true },
  );
  return bookingSchema.parse(body);
}

export async function getUserBookings(uid: string, signal?: AbortSignal): Promise<Booking[]> {
  return bookingListSchema.parse(await apiRequest<unknown>(`/bookings/user/${encodeURIComponent(uid)}`, { auth: true, signal }));
}

export async function getBooking(bookingId: string, signal?: AbortSignal): Promise<Booking> {
  return bookingSchema.parse(await apiRequest<unknown>(`/bookings/${encodeURIComponent(bookingId)}`, { auth: true, signal }));
}

/** Cancels an accepted booking (the consumer's own); the API refuses any other status with a 409. */
export async function cancelBooking(bookingId: string): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/cancel`;
  return bookingSchema.parse(await apiRequest<unknown>(path, { method: 'POST', auth: true }));
}

function keepCount(cart: Cart): Cart {
  setCartCount(cart.items.reduce((sum, item) => sum + item.quantity, 0));
  return cart;
}

export async function getCart(signal?: AbortSignal): Promise<Cart> {
  return keepCount(cartSchema.parse(await apiRequest<unknown>('/cart', { auth: true, signal })));
}

export async function addCartItem(item: CartItemCreate): Promise<Cart> {
  return keepCount(cartSchema.parse(await apiRequest<unknown>('/cart/items', { method: 'POST', body: item, auth: true })));
}

export async function removeCartItem(cartItemId: string): Promise<Cart> {
  const path = `/cart/items/${encodeURIComponent(cartItemId)}`;
  return keepCount(cartSchema.parse(await apiRequest<unknown>(path, { method: 'DELETE', auth: true })));
}
