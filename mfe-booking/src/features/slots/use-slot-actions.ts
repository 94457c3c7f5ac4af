import { useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from '@utsav/contracts/router';
import { errorMessage, paths, type Session, toast, useSession } from '@utsav/contracts';
import { addCartItem, createBooking, rescheduleBooking } from '@utsav/contracts/booking';
import { bookingCreatePayload, type BookingRequest } from '@utsav/contracts/booking-request';
import { bookingTab } from '@utsav/contracts/booking-state';
import type { Booking } from '@utsav/contracts/schemas';
import { SLOT_FORM_FIELDS, type SlotChoice, type SlotFormValues } from '@utsav/contracts/schemas';
import { cartItem, type PackageInfo } from './selection';
import { useBookingT } from '../../i18n';

export type SlotAction = 'book' | 'cart' | 'reschedule';

/** My Bookings on the tab a booking is in, showing it. */
const shownOnMyBookings = (booking: Booking) => paths.bookings({ tab: bookingTab(booking.status), booking: booking.bookingId });

/** Spec §3 Session user data: who books (the guard has made sure the profile is complete). */
function consumerOf(session: Session): BookingRequest['consumer'] | null {
  if (session.status !== 'signedIn') return null;
  const profile = session.profile.status === 'complete' ? session.profile.profile : {};
  return { uid: session.uid, name: profile.name ?? '', email: profile.email ?? '' };
}

/** The message the slot form's schema gave first, in the order of the form's fields. */
export function firstSlotProblem(errors: FieldErrors<SlotFormValues>): string | null {
  for (const field of SLOT_FORM_FIELDS) {
    const error = errors[field];
    if (!error) continue;
    if (typeof error.message === 'string' && error.message) return error.message;
    // the range's own parts (start, end)
    const part = Object.values(error as Record<string, { message?: unknown } | undefined>).find((entry) => typeof entry?.message === 'string');
    if (part) return part.message as string;
  }
  return null;
}

/**
 * 'Book Now' and 'Add to Cart' of the slot page, given a selection the form's schema has checked. One
 * request at a time: a second click while one is on its way does nothing (a ref, so even two clicks in
 * the same frame send once).
 */
export function useSlotActions(pkg: PackageInfo, { onBookingRefused }: { onBookingRefused?: () => void } = {}) {
  const t = useBookingT();
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

  function bookNow(slot: SlotChoice) {
    if (sending.current) return;
    const consumer = consumerOf(session);
    if (!consumer) return fail(t('slots.signInAgain'));
    return run('book', async () => {
      let booked: Booking;
      try {
        booked = await createBooking(bookingCreatePayload({ consumer, ...slot, menu: pkg, amount: pkg.price }));
      } catch (error) {
        fail(t('slots.bookingFailed', { reason: errorMessage(error) }));
        // e.g. a day that filled up since the calendar was drawn: it is asked for again
        onBookingRefused?.();
        return;
      }
      toast.success(t('slots.bookingDone'));
      // My Bookings on the booking's tab, the booking in view
      navigate(shownOnMyBookings(booked));
    });
  }

  function addToCart(slot: SlotChoice) {
    if (sending.current) return;
    return run('cart', async () => {
      try {
        // addCartItem also updates the top bar's cart count in the shared store
        await addCartItem(cartItem(slot, pkg));
      } catch (error) {
        fail(t('slots.cartFailed', { reason: errorMessage(error) }));
        return;
      }
      toast.success(t('slots.addedToCart'));
    });
  }

  /** New dates for the booking `bookingId` (the slot page's change-of-plans mode): the provider answers them. */
  function propose(bookingId: string, slot: SlotChoice) {
    if (sending.current) return;
    return run('reschedule', async () => {
      let moved: Booking;
      try {
        moved = await rescheduleBooking(bookingId, { preferredDateRange: slot.preferredDateRange, preferredTime: slot.preferredTime });
      } catch (error) {
        fail(t('slots.proposeFailed', { reason: errorMessage(error) }));
        onBookingRefused?.();
        return;
      }
      toast.success(t('slots.newDatesSent'));
      navigate(shownOnMyBookings(moved));
    });
  }

  /** the form's schema refused the selection: say its first problem */
  function refuse(errors: FieldErrors<SlotFormValues>) {
    const message = firstSlotProblem(errors);
    if (message) fail(message);
  }

  return { busy, problem, isSending: () => sending.current, clearProblem: () => setProblem(null), bookNow, addToCart, propose, refuse };
}
