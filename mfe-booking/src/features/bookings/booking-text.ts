import type { BookingStatus, BookingTab } from '@utsav/contracts/schemas';
import type { BookingMessage } from '../../i18n';

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

/** Spec §8 empty states ('No requested bookings'): `t(EMPTY_TEXT[tab])`. */
export const EMPTY_TEXT: Record<BookingTab, BookingMessage> = {
  requested: 'myBookings.empty.requested',
  accepted: 'myBookings.empty.accepted',
  confirmed: 'myBookings.empty.confirmed',
  failed: 'myBookings.empty.failed',
  cancelled: 'myBookings.empty.cancelled',
};

