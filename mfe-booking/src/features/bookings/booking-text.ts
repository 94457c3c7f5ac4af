import type { BookingStatus } from '@utsav/contracts/schemas';
import type { BookingMessage } from '../../i18n';

/** A tab of My Bookings (spec §2): every status but cancelled, which is listed under Failed. */
export type BookingTab = Exclude<BookingStatus, 'cancelled'>;

/** The status badge's and the tab's words: `t(STATUS_LABELS[status])`. */
export const STATUS_LABELS: Record<BookingStatus, BookingMessage> = {
  requested: 'status.requested',
  accepted: 'status.accepted',
  confirmed: 'status.confirmed',
  failed: 'status.failed',
  cancelled: 'status.cancelled',
};

/** Spec §4: the badge is green for confirmed, red for failed and blue otherwise; grey for cancelled (beyond the spec). */
export function statusColor(status: BookingStatus): 'success' | 'error' | 'info' | 'default' {
  if (status === 'confirmed') return 'success';
  if (status === 'failed') return 'error';
  if (status === 'cancelled') return 'default';
  return 'info';
}

/** Which tab lists a booking: cancelled ones (not a tab of the spec) go with the failed ones. */
export function tabOf(status: BookingStatus): BookingTab {
  return status === 'cancelled' ? 'failed' : status;
}

/** Spec §8 empty states ('No requested bookings'): `t(EMPTY_TEXT[tab])`. */
export const EMPTY_TEXT: Record<BookingTab, BookingMessage> = {
  requested: 'myBookings.empty.requested',
  accepted: 'myBookings.empty.accepted',
  confirmed: 'myBookings.empty.confirmed',
  failed: 'myBookings.empty.failed',
};

