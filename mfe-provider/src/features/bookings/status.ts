import type { ProviderBooking } from '@utsav/contracts/schemas';
import type { ProviderMessage } from '../../i18n';

/** The bookings page's tabs, in order: coming up (taken, paid or awaiting the advance), done, and those that ended without happening. */
export const PROVIDER_BOOKING_TABS = ['upcoming', 'past', 'closed'] as const;
export type ProviderBookingTab = (typeof PROVIDER_BOOKING_TABS)[number];

/** Which tab lists a booking on India's `today` ('YYYY-MM-DD'); a request still waiting is in the inbox, in none. */
export function providerBookingTab(booking: ProviderBooking, today: string): ProviderBookingTab | null {
  switch (booking.status) {
    case 'requested':
      return null;
    case 'accepted':
    case 'confirmed':
      return booking.preferredDateRange.to < today ? 'past' : 'upcoming';
    default:
      return 'closed';
  }
}

/** A booking's state in a word, from its provider's side. */
export function statusLabel(booking: ProviderBooking): ProviderMessage {
  if (booking.status === 'failed') return booking.failureReason === 'payment_failed' ? 'status.paymentFailed' : 'status.declined';
  if (booking.status === 'cancelled' && booking.refund) return 'status.cancelledRefund';
  return `status.${booking.status}`;
}
