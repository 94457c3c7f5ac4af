import type { BookingStatus } from '@utsav/contracts/schemas';
import { formatDate } from '@utsav/contracts';
import { parseIsoDate } from '../../shared/dates';
import { formatTime12, isTime } from '../../shared/times';

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

interface MaybeRange {
  from?: string | null;
  to?: string | null;
}

interface MaybeTimes {
  start?: string | null;
  end?: string | null;
}

/** '5 Dec 2026 – 7 Dec 2026'; one date when the range is a single day; 'Date not specified'. */
export function formatDateRange(range: MaybeRange | null | undefined): string {
  const from = parseIsoDate(range?.from) ? range!.from! : null;
  const to = parseIsoDate(range?.to) ? range!.to! : null;
  if (from === null && to === null) return 'Date not specified';
  if (from === null || to === null || from === to) return formatDate((from ?? to)!);
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/** '9:00 AM – 5:00 PM', or 'Time not specified'. */
export function formatTimeRange(times: MaybeTimes | null | undefined): string {
  const start = isTime(times?.start) ? times!.start! : null;
  const end = isTime(times?.end) ? times!.end! : null;
  if (start === null && end === null) return 'Time not specified';
  if (start === null || end === null) return formatTime12((start ?? end)!);
  return `${formatTime12(start)} – ${formatTime12(end)}`;
}
