import type { BookingAction } from '@utsav/contracts/booking-state';
import { localeOr } from '@utsav/contracts/language';
import { notificationText, type NotificationKind } from '@utsav/contracts/schemas';
import type { Query } from '../db';
import { announceChange } from '../live/live-bus';

/**
 * The notifications' outbox (migration 020): written in the transaction of the change it tells of, so a
 * change is never without its notification nor a notification without its change. The sender
 * (notification-sender.ts) delivers what this writes.
 */

/** The booking changes a consumer hears about: those someone else makes (the provider, the payment). */
const KIND_OF_ACTION: Partial<Record<BookingAction, NotificationKind>> = {
  accept: 'accepted',
  decline: 'declined',
  confirmPayment: 'paid',
  failPayment: 'payment_failed',
  acceptReschedule: 'rescheduled',
  declineReschedule: 'reschedule_declined',
};

/**
 * In the transaction of a booking's change (applyTransition): wakes the consumer's live streams and,
 * for a change they should hear about, writes its notification.
 */
export async function recordBookingChange(query: Query, change: { bookingId: string; consumerUid: string; action: BookingAction }): Promise<void> {
  await announceChange(query, change.consumerUid);
  const kind = KIND_OF_ACTION[change.action];
  if (kind) await notifyConsumer(query, { bookingId: change.bookingId, kind });
}

interface Recipient {
  consumer_uid: string;
  email: string | null;
  phone: string | null;
  notify_email: boolean | null;
  notify_sms: boolean | null;
  notify_push: boolean | null;
  language: string | null;
  service_title: string;
  date_from: string;
  date_to: string;
}

/**
 * Writes a notification about a booking for its consumer, with a delivery for each channel their settings
 * have on (email, SMS), and wakes their live streams. Nothing for a booking whose consumer has deleted
 * their account. `amount`: a refund's, for 'refunded'.
 */
export async function notifyConsumer(query: Query, { bookingId, kind, amount }: { bookingId: string; kind: NotificationKind; amount?: number }): Promise<void> {
  const [recipient] = await query<Recipient>(
    `SELECT b.consumer_uid, c.email, c.phone, c.notify_email, c.notify_sms, c.notify_push, c.language, b.service_title,
            to_char(b.date_from, 'YYYY-MM-DD') AS date_from, to_char(b.date_to, 'YYYY-MM-DD') AS date_to
     FROM bookings b JOIN consumers c ON c.uid = b.consumer_uid WHERE b.id = $1`,
    [bookingId],
  );
  if (!recipient) return;
  // in the language the consumer chose (English until they choose one)
  const language = localeOr(recipient.language);
  const { title, body } = notificationText(kind, { serviceTitle: recipient.service_title, dates: { from: recipient.date_from, to: recipient.date_to }, amount }, language);
  const [notification] = await query<{ id: string }>(
    `INSERT INTO notifications (consumer_uid, booking_id, kind, title, body, push, language) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
    [recipient.consumer_uid, bookingId, kind, title, body, recipient.notify_push === true, language],
  );
  const deliveries: Array<{ channel: 'email' | 'sms'; recipient: string }> = [];
  if (recipient.notify_email && recipient.email) deliveries.push({ channel: 'email', recipient: recipient.email });
  const phone = smsNumber(recipient.phone);
  if (recipient.notify_sms && phone) deliveries.push({ channel: 'sms', recipient: phone });
  for (const delivery of deliveries) {
    await query('INSERT INTO notification_deliveries (notification_id, channel, recipient) VALUES ($1, $2, $3)', [notification!.id, delivery.channel, delivery.recipient]);
  }
  await announceChange(query, recipient.consumer_uid);
}

/** A stored phone number as an SMS provider takes it (E.164): a 10-digit Indian number gets +91. */
export function smsNumber(phone: string | null): string | null {
  const digits = phone?.replace(/[^\d+]/g, '') ?? '';
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^\d{10}$/.test(digits)) return `+91${digits}`;
  if (/^91\d{10}$/.test(digits)) return `+${digits}`;
  return null;
}
