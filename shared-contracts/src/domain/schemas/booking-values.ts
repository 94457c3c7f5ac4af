/**
 * The booking statuses and My Bookings' tabs, apart from the booking schemas: a page that needs only
 * these (My Bookings' tabs) does not bring zod with them. Re-exported by ./booking, where they belong.
 */

export const BOOKING_STATUSES = ['requested', 'accepted', 'confirmed', 'failed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The My Bookings tabs, in order: the spec's four, then Cancelled (issue 39: cancelled and withdrawn bookings
 * have a tab of their own). Which tab lists a booking: `bookingTab` (booking-state.ts).
 */
export const BOOKING_TABS = ['requested', 'accepted', 'confirmed', 'failed', 'cancelled'] as const satisfies readonly BookingStatus[];
export type BookingTab = (typeof BOOKING_TABS)[number];
