import type { ThreadKind, ThreadRole } from '@utsav/contracts/schemas';
import type { Query } from '../db';
import { BOOKING_COLUMNS, type BookingRow } from '../bookings/booking-rows';
import { PROVIDER_BOOKING_COLUMNS, type ProviderBookingRow } from '../bookings/provider-bookings';
import { NOTIFICATION_COLUMNS, type NotificationRow } from '../notifications/notification-rows';

/**
 * The newest position a stream can move to: every transaction before the oldest one still running has
 * committed or rolled back, so none can add a change at or below it any more.
 */
export async function horizon(query: Query): Promise<string> {
  const [row] = await query<{ position: string }>(`SELECT (pg_snapshot_xmin(pg_current_snapshot())::text::numeric - 1)::text AS position`);
  return row!.position;
}

/** The consumer's bookings that changed (an event, or a notification about them) after `from` up to `upTo`, oldest change first. */
export function changedBookings(query: Query, uid: string, from: string, upTo: string): Promise<BookingRow[]> {
  return query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.consumer_uid = $1 AND b.id IN (
       SELECT e.booking_id FROM booking_events e WHERE e.txid > $2::xid8 AND e.txid <= $3::xid8
       UNION SELECT r.booking_id FROM notifications r WHERE r.consumer_uid = $1 AND r.audience = 'consumer' AND r.booking_id IS NOT NULL AND r.txid > $2::xid8 AND r.txid <= $3::xid8)
     ORDER BY b.updated_at`,
    [uid, from, upTo],
  );
}

/**
 * The bookings of the listings `uid` runs that changed after `from` up to `upTo` (an event: a new request, an answer,
 * a withdrawal, a cancellation, a payment; or its refund processed, which only a notification marks), oldest change first.
 * Read as changedBookings reads the consumer's: by transaction positions, so none is missed or sent twice.
 */
export function changedProviderBookings(query: Query, uid: string, from: string, upTo: string): Promise<ProviderBookingRow[]> {
  return query<ProviderBookingRow>(
    `SELECT ${PROVIDER_BOOKING_COLUMNS} FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE p.owner_uid = $1 AND b.id IN (
       SELECT e.booking_id FROM booking_events e WHERE e.txid > $2::xid8 AND e.txid <= $3::xid8
       UNION SELECT r.booking_id FROM notifications r WHERE r.kind = 'refunded' AND r.booking_id IS NOT NULL AND r.txid > $2::xid8 AND r.txid <= $3::xid8)
     ORDER BY b.updated_at`,
    [uid, from, upTo],
  );
}

/** The consumer's newest `limit` notifications made after `from` up to `upTo`, oldest first. */
export function newNotifications(query: Query, uid: string, from: string, upTo: string, limit: number): Promise<NotificationRow[]> {
  return query<NotificationRow>(
    `SELECT * FROM (SELECT ${NOTIFICATION_COLUMNS} FROM notifications n WHERE n.consumer_uid = $1 AND n.audience = 'consumer' AND n.txid > $2::xid8 AND n.txid <= $3::xid8
                    ORDER BY n.id DESC LIMIT $4) latest ORDER BY latest.id`,
    [uid, from, upTo, limit],
  );
}

/**
 * The conversations `uid` is in (as consumer or as the listing's owner) with a message or a read mark committed after
 * `from` up to `upTo` (issue 37, item 4): the stream says which, and the page reads the thread again.
 */
export function changedThreads(query: Query, uid: string, from: string, upTo: string): Promise<Array<{ kind: ThreadKind; thread_id: string; role: ThreadRole }>> {
  return query(
    `SELECT DISTINCT changed.kind, changed.thread_id::text AS thread_id,
            CASE WHEN coalesce(e.consumer_uid, b.consumer_uid) = $1 THEN 'consumer' ELSE 'provider' END AS role
     FROM (SELECT CASE WHEN m.enquiry_id IS NOT NULL THEN 'enquiry' ELSE 'booking' END AS kind, coalesce(m.enquiry_id, m.booking_id) AS thread_id
           FROM messages m WHERE m.txid > $2::xid8 AND m.txid <= $3::xid8
           UNION SELECT r.thread_kind, r.thread_id FROM thread_reads r WHERE r.txid > $2::xid8 AND r.txid <= $3::xid8) changed
     LEFT JOIN enquiries e ON changed.kind = 'enquiry' AND e.id = changed.thread_id
     LEFT JOIN bookings b ON changed.kind = 'booking' AND b.id = changed.thread_id
     JOIN providers p ON p.id = coalesce(e.provider_id, b.provider_id)
     WHERE coalesce(e.consumer_uid, b.consumer_uid) = $1 OR p.owner_uid = $1`,
    [uid, from, upTo],
  );
}
