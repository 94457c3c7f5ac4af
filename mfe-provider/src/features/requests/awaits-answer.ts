import type { ProviderBooking } from '@utsav/contracts/schemas';

/** Waiting for the provider: new requests, and new dates consumers proposed for bookings already taken. */
export const awaitsAnswer = (booking: ProviderBooking) =>
  booking.status === 'requested' || ((booking.status === 'accepted' || booking.status === 'confirmed') && booking.reschedule !== undefined);
