import { useRef, useState } from 'react';
import { useNavigate } from '@utsav/contracts/router';
import { errorMessage, paths, type Session, toast, useSession } from '@utsav/contracts';
import { addCartItem, createBooking } from '@utsav/contracts/booking';
import { bookingCreatePayload, type BookingRequest } from '@utsav/contracts/booking-request';
import type { IndiaTime } from '@utsav/contracts/slot-rules';
import { cartItem, checkSelection, type PackageInfo, type SlotSelection } from './selection';

export type SlotAction = 'book' | 'cart';

export const BOOKING_SUCCESS = 'Booking successful!';
export const ADDED_TO_CART = 'Added to cart';
/** Why Book Now and Add to Cart are off until an address is chosen (the API's words too). */
export const CHOOSE_ADDRESS = 'Choose where the service should happen';

/** Spec §3 Session user data: who books (the guard has made sure the profile is complete). */
function consumerOf(session: Session): BookingRequest['consumer'] | null {
  if (session.status !== 'signedIn') return null;
  const profile = session.profile.status === 'complete' ? session.profile.profile : {};
  return { uid: session.uid, name: profile.name ?? '', email: profile.email ?? '' };
}

/**
 * 'Book Now' and 'Add to Cart' of the slot page. One request at a time: a second click while one
 * is on its way does nothing (a ref, so even two clicks in the same frame send once).
 */
export function useSlotActions(pkg: PackageInfo, selection: SlotSelection, note: string, addressId: string | null, at?: IndiaTime) {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<SlotAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useRef(false);

  function fail(message: string) {
    setProblem(message);
    toast.error(message);
  }

  async function run(action: SlotAction, send: () => Promise<void>) {
    if (sending.current) return;
    sending.current = true;
    setBusy(action);
    setProblem(null);
    try {
      await send();
    } finally {
      sending.current = false;
      setBusy(null);
    }
  }

  function bookNow() {
    if (sending.current) return;
    const check = checkSelection(selection, at);
    if (!check.ok) return fail(check.message);
    if (addressId === null) return fail(CHOOSE_ADDRESS);
    const consumer = consumerOf(session);
    if (!consumer) return fail('Booking failed: Please sign in again.');
    return run('book', async () => {
      try {
        await createBooking(bookingCreatePayload({ consumer, ...check.slot, menu: pkg, amount: pkg.price, note, addressId }));
      } catch (error) {
        fail(`Booking failed: ${errorMessage(error)}`);
        return;
      }
      toast.success(BOOKING_SUCCESS);
      navigate(paths.bookings());
    });
  }

  function addToCart() {
    if (sending.current) return;
    const check = checkSelection(selection, at);
    if (!check.ok) return fail(check.message);
    if (addressId === null) return fail(CHOOSE_ADDRESS);
    return run('cart', async () => {
      try {
        // addCartItem also updates the top bar's cart count in the shared store
        await addCartItem(cartItem(check.slot, pkg, note, addressId));
      } catch (error) {
        fail(`Could not add to cart: ${errorMessage(error)}`);
        return;
      }
      toast.success(ADDED_TO_CART);
    });
  }

  return { busy, problem, clearProblem: () => setProblem(null), bookNow, addToCart };
}
