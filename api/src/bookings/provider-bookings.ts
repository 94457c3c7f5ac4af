import { CONTACT_VISIBLE_STATUSES, type BookingStatus, type DeclineReason, type ProviderBooking } from '@utsav/contracts/schemas';
import type { Query } from '../db';
import type { Page } from '../http/page-query';
import { isUuid } from '../http/uuid';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from './booking-rows';

/**
 * A booking as the person who runs its listing reads it (issue 36): the consumer's Booking, who asked, their contact
 * once the booking is paid (CONTACT_VISIBLE_STATUSES), and the fixed reason it was declined with. The same read for
 * the provider's list, one booking, its answers and its live stream (live-reads.ts).
 */

/** BOOKING_COLUMNS, and what only the provider's side reads: the consumer's phone (their profile's) and the decline's code. */
export const PROVIDER_BOOKING_COLUMNS = `${BOOKING_COLUMNS},
  (SELECT c.phone FROM consumers c WHERE c.uid = b.consumer_uid) AS consumer_phone,
  (SELECT e.decline_reason FROM booking_events e WHERE e.booking_id = b.id AND e.action = 'decline' ORDER BY e.id DESC LIMIT 1) AS decline_reason`;

export interface ProviderBookingRow extends BookingRow {
  /** the consumer's profile's number (the sign-in's verified one); null once they have deleted their account */
  consumer_phone: string | null;
  /** the fixed reason of the provider's decline (migration 029); null when not declined, or declined before reasons were fixed */
  decline_reason: DeclineReason | null;
}

/** A provider booking row with whose listing it is (the owner's uid, null when nobody runs it). */
export type OwnedProviderBookingRow = ProviderBookingRow & { provider_owner_uid: string | null };

const contactVisible = (status: BookingStatus): boolean => (CONTACT_VISIBLE_STATUSES as readonly string[]).includes(status);

/** The provider's view: phone and email only once the booking is confirmed (before that, null). */
export function toProviderBooking(row: ProviderBookingRow): ProviderBooking {
  const visible = contactVisible(row.status);
  return {
    ...toBooking(row),
    consumer: {
      name: row.consumer_name,
      phone: visible ? row.consumer_phone || null : null,
      email: visible ? row.consumer_email || null : null,
    },
    failureReason: row.failure_reason,
    declineReason: row.decline_reason,
  };
}

/** One booking with its listing's owner; null for an unknown id (any string). */
export async function findProviderBooking(query: Query, bookingId: string): Promise<OwnedProviderBookingRow | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await query<OwnedProviderBookingRow>(
    `SELECT ${PROVIDER_BOOKING_COLUMNS}, p.owner_uid AS provider_owner_uid
     FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.id = $1`,
    [bookingId],
  );
  return row ?? null;
}

/** upcoming: its last day is today (India) or later; past: before. */
export type BookingWhen = 'upcoming' | 'past';

/** How each list is ordered: upcoming soonest first, past latest first, all newest request first. */
const ORDER: Record<BookingWhen | 'all', string> = {
  upcoming: 'ORDER BY b.date_from, b.time_start, b.created_at, b.id',
  past: 'ORDER BY b.date_to DESC, b.time_start DESC, b.created_at DESC, b.id DESC',
  all: 'ORDER BY b.created_at DESC, b.id DESC',
};

/** The bookings of every listing `ownerUid` runs, optionally of one status and of one side of `today`. */
export function listProviderBookings(
  query: Query,
  ownerUid: string,
  filter: { status?: BookingStatus; when?: BookingWhen; today: string },
  { limit, offset }: Page,
): Promise<ProviderBookingRow[]> {
  return query<ProviderBookingRow>(
    `SELECT ${PROVIDER_BOOKING_COLUMNS}
     FROM bookings b JOIN providers p ON p.id = b.provider_id
     WHERE p.owner_uid = $1 AND ($2::text IS NULL OR b.status = $2::text)
       AND ($3::text IS NULL OR ($3::text = 'upcoming' AND b.date_to >= $4::date) OR ($3::text = 'past' AND b.date_to < $4::date))
     ${ORDER[filter.when ?? 'all']} LIMIT $5 OFFSET $6`,
    [ownerUid, filter.status ?? null, filter.when ?? null, filter.today, limit, offset],
  );
}
