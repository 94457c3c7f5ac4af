import type { AppNotification, NotificationKind } from '@utsav/contracts/schemas';
import type { Query } from '../db';
import { toIso } from '../bookings/booking-rows';

/** The columns every notification read selects (`n` is notifications). */
export const NOTIFICATION_COLUMNS = `n.id::text AS id, n.booking_id::text AS booking_id, n.enquiry_id::text AS enquiry_id, n.kind, n.title, n.body, n.push, n.created_at, n.read_at`;

export interface NotificationRow {
  id: string;
  booking_id: string | null;
  enquiry_id: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  push: boolean;
  created_at: Date | string;
  read_at: Date | string | null;
}

export const toNotification = (row: NotificationRow): AppNotification => ({
  notificationId: row.id,
  kind: row.kind,
  bookingId: row.booking_id,
  enquiryId: row.enquiry_id,
  title: row.title,
  body: row.body,
  push: row.push,
  createdAt: toIso(row.created_at),
  read: row.read_at !== null,
});

export async function unreadCount(query: Query, uid: string): Promise<number> {
  const [row] = await query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE consumer_uid = $1 AND audience = 'consumer' AND read_at IS NULL", [uid]);
  return row?.count ?? 0;
}

/** The consumer's notifications, newest first. */
export async function listNotifications(query: Query, uid: string, { limit, offset }: { limit: number; offset: number }): Promise<AppNotification[]> {
  const rows = await query<NotificationRow>(`SELECT ${NOTIFICATION_COLUMNS} FROM notifications n WHERE n.consumer_uid = $1 AND n.audience = 'consumer' ORDER BY n.id DESC LIMIT $2 OFFSET $3`, [
    uid,
    limit,
    offset,
  ]);
  return rows.map(toNotification);
}

/** Every notification of the consumer up to and including `upTo` is read (those read already keep their time). */
export async function markNotificationsRead(query: Query, uid: string, upTo: string): Promise<void> {
  await query("UPDATE notifications SET read_at = now() WHERE consumer_uid = $1 AND audience = 'consumer' AND id <= $2 AND read_at IS NULL", [uid, upTo]);
}
