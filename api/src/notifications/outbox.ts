import type { BookingAction } from '@utsav/contracts/booking-state';
import { localeOr } from '@utsav/contracts/language';
import { notificationText, type Booking, type EnquiryNotificationKind, type NotificationKind, type ProviderNotificationKind } from '@utsav/contracts/schemas';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from '../bookings/booking-rows';
import type { Query } from '../db';
import { announceChange, announceToListingOwner } from '../live/live-bus';
import type { DeclineWith } from '../bookings/booking-transitions';
import { declineReasonText } from '../bookings/decline-reasons';
import { apiText } from '../http/api-messages';
import type { ChannelName } from './channels';

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

/** The booking changes the person who runs its listing hears about: the consumer's side ending it (issue 36, item 3). */
const PROVIDER_KIND_OF_ACTION: Partial<Record<BookingAction, ProviderNotificationKind>> = {
  withdraw: 'request_cancelled',
  cancel: 'request_cancelled',
  closeAccount: 'request_cancelled',
};

/**
 * In the transaction of a booking's change (applyTransition): wakes the consumer's live streams and the listing
 * owner's (its providerBooking event), and, for a change the consumer should hear about, writes its notification
 * (a decline's with its fixed reason); and the listing's owner's, for one they should.
 */
export async function recordBookingChange(
  query: Query,
  change: { bookingId: string; consumerUid: string; action: BookingAction; decline?: DeclineWith },
): Promise<void> {
  await announceChange(query, change.consumerUid);
  await announceToListingOwner(query, change.bookingId);
  const kind = KIND_OF_ACTION[change.action];
  if (kind) await notifyConsumer(query, { bookingId: change.bookingId, kind, decline: change.decline });
  const providerKind = PROVIDER_KIND_OF_ACTION[change.action];
  if (providerKind) await notifyProvider(query, { bookingId: change.bookingId, kind: providerKind });
}

interface Recipient extends BookingRow {
  email: string | null;
  /** the address whose verification link was opened (migration 025): emails go only to a verified address */
  email_verified: string | null;
  phone: string | null;
  notify_email: boolean | null;
  notify_sms: boolean | null;
  notify_push: boolean | null;
  /** WhatsApp, opt-in (migration 032): to the same number as SMS, the one they signed in with */
  notify_whatsapp: boolean | null;
  language: string | null;
}

/** What each kind states as its amount, from the booking as it is now (the server's figures). */
function amountOf(kind: NotificationKind, booking: Booking, refund: number | undefined): number {
  // a refund's own amount; otherwise what paying takes or took: the advance with the platform fee and its GST
  return kind === 'refunded' ? (refund ?? 0) : booking.payment.payNow;
}

/**
 * Writes a notification about a booking for its consumer, with a delivery for each channel their settings
 * have on (email, SMS, WhatsApp), and wakes their live streams. Nothing for a booking whose consumer has deleted
 * their account. `amount`: a refund's, for 'refunded'.
 *
 * Its words state the booking as it is when this runs — read here, in the caller's transaction — so a caller
 * writes every change the notification tells of (new dates, a status) before calling it (issue 39, item 6).
 */
export async function notifyConsumer(
  query: Query,
  { bookingId, kind, amount, decline }: { bookingId: string; kind: NotificationKind; amount?: number; decline?: DeclineWith },
): Promise<void> {
  const [recipient] = await query<Recipient>(
    `SELECT ${BOOKING_COLUMNS}, c.email, c.email_verified, c.phone, c.notify_email, c.notify_sms, c.notify_push, c.notify_whatsapp, c.language
     FROM bookings b JOIN consumers c ON c.uid = b.consumer_uid WHERE b.id = $1`,
    [bookingId],
  );
  if (!recipient) return;
  const booking = toBooking(recipient);
  // in the language the consumer chose (English until they choose one)
  const language = localeOr(recipient.language);
  const facts = { serviceTitle: booking.serviceTitle, dates: booking.preferredDateRange, amount: amountOf(kind, booking, amount) };
  const { title, body: words } = notificationText(kind, facts, language);
  // a provider's decline with a fixed reason says which, in the consumer's language (issue 36)
  const body = decline ? `${words} ${apiText(language, 'notification.declineReason', { reason: declineReasonText(language, decline.reason, decline.note) })}` : words;
  const [notification] = await query<{ id: string }>(
    `INSERT INTO notifications (consumer_uid, booking_id, kind, title, body, push, language) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
    [recipient.consumer_uid, bookingId, kind, title, body, recipient.notify_push === true, language],
  );
  await insertDeliveries(query, notification!.id, recipient);
  await announceChange(query, recipient.consumer_uid);
  // the booking as its provider sees it may have changed with it (a refund processed)
  await announceToListingOwner(query, bookingId);
}

/** Who runs a booking's listing, as a notification reaches them: their own profile's contact, settings and language. */
interface ProviderRecipient extends Recipient {
  owner_uid: string | null;
}

/**
 * Writes a notification about a booking for the person who runs its listing (issue 36, item 3), with a delivery for each
 * channel their own settings have on: their profile (the consumers row of their uid: one person, two roles) gives the
 * address, the number, the settings and the language. Nothing for a listing nobody runs (the provider stand-in answers
 * those). An owner who has no profile yet gets the notification recorded and nothing sent (no address, no number).
 * Not in the consumer's bell (audience 'provider'). In the caller's transaction, like notifyConsumer.
 */
export async function notifyProvider(query: Query, { bookingId, kind }: { bookingId: string; kind: ProviderNotificationKind }): Promise<void> {
  const [recipient] = await query<ProviderRecipient>(
    `SELECT ${BOOKING_COLUMNS}, p.owner_uid, c.email, c.email_verified, c.phone, c.notify_email, c.notify_sms, c.notify_push, c.notify_whatsapp, c.language
     FROM bookings b JOIN providers p ON p.id = b.provider_id LEFT JOIN consumers c ON c.uid = p.owner_uid WHERE b.id = $1`,
    [bookingId],
  );
  if (!recipient?.owner_uid) return;
  const booking = toBooking(recipient);
  const language = localeOr(recipient.language);
  // what the request would bring them: its advance (the platform fee and its GST are Utsav's)
  const facts = { serviceTitle: booking.serviceTitle, dates: booking.preferredDateRange, amount: booking.payment.advance };
  const { title, body } = notificationText(kind, facts, language);
  const [notification] = await query<{ id: string }>(
    `INSERT INTO notifications (consumer_uid, booking_id, kind, title, body, push, language, audience) VALUES ($1, $2, $3, $4, $5, $6, $7, 'provider') RETURNING id::text AS id`,
    [recipient.owner_uid, bookingId, kind, title, body, recipient.notify_push === true, language],
  );
  await insertDeliveries(query, notification!.id, recipient);
}

/** Who hears of each enquiry change: the consumer of a quote and of a decline; the listing's owner of a new enquiry and of a withdrawal. */
const ENQUIRY_AUDIENCE: Record<EnquiryNotificationKind, 'consumer' | 'provider'> = {
  quote_received: 'consumer',
  enquiry_declined: 'consumer',
  new_enquiry: 'provider',
  enquiry_withdrawn: 'provider',
};

/** A consumers row's contact and settings, as a notification reaches its person (the consumer, or who runs a listing: their own profile). */
const CONTACT_COLUMNS = 'c.email, c.email_verified, c.phone, c.notify_email, c.notify_sms, c.notify_push, c.notify_whatsapp, c.language';

/** What a notification is about: an enquiry or a booking (its row's enquiry_id or booking_id). */
type About = { enquiryId: string } | { bookingId: string };

interface AboutRecipient extends Pick<Recipient, 'email' | 'email_verified' | 'phone' | 'notify_email' | 'notify_sms' | 'notify_push' | 'notify_whatsapp' | 'language'> {
  /** null: nobody runs the listing (a provider's notification goes to no one) */
  recipient_uid: string | null;
  service_title: string;
  /** the enquiry's event day, or the booking's days */
  date_from: string;
  date_to: string;
  /** an enquiry's open quote's total (the server's sum of its line items), if one is open; null for a booking */
  quote_total: number | null;
}

/** The person on one side of an enquiry or a booking (its consumer, or who runs its listing), with what it is about; null when it is gone. */
async function recipientOf(query: Query, about: About, audience: 'consumer' | 'provider'): Promise<AboutRecipient | null> {
  const [row] = await query<AboutRecipient>(
    'enquiryId' in about
      ? `SELECT r.uid AS recipient_uid, s.title AS service_title, to_char(e.event_date, 'YYYY-MM-DD') AS date_from, to_char(e.event_date, 'YYYY-MM-DD') AS date_to,
                (SELECT q.total FROM quotes q WHERE q.enquiry_id = e.id AND q.status = 'open' ORDER BY q.created_at DESC LIMIT 1) AS quote_total, ${CONTACT_COLUMNS}
         FROM enquiries e JOIN services s ON s.id = e.service_id JOIN providers p ON p.id = e.provider_id
         CROSS JOIN LATERAL (SELECT CASE WHEN $2 = 'consumer' THEN e.consumer_uid ELSE p.owner_uid END AS uid) r
         LEFT JOIN consumers c ON c.uid = r.uid WHERE e.id = $1`
      : `SELECT r.uid AS recipient_uid, b.service_title, to_char(b.date_from, 'YYYY-MM-DD') AS date_from, to_char(b.date_to, 'YYYY-MM-DD') AS date_to,
                NULL::integer AS quote_total, ${CONTACT_COLUMNS}
         FROM bookings b JOIN providers p ON p.id = b.provider_id
         CROSS JOIN LATERAL (SELECT CASE WHEN $2 = 'consumer' THEN b.consumer_uid ELSE p.owner_uid END AS uid) r
         LEFT JOIN consumers c ON c.uid = r.uid WHERE b.id = $1`,
    ['enquiryId' in about ? about.enquiryId : about.bookingId, audience],
  );
  return row ?? null;
}

/**
 * Writes a notification about an enquiry or a booking for one side's person with a delivery for each channel their own
 * settings have on, in their language, and wakes a consumer's live streams (the bell, and the page that shows it).
 * Nothing for a listing nobody runs.
 */
async function notifySide(
  query: Query,
  about: About,
  audience: 'consumer' | 'provider',
  { kind, sender }: { kind: EnquiryNotificationKind | 'new_message'; sender?: string },
): Promise<void> {
  const recipient = await recipientOf(query, about, audience);
  if (!recipient?.recipient_uid) return;
  const language = localeOr(recipient.language);
  const facts = { serviceTitle: recipient.service_title, dates: { from: recipient.date_from, to: recipient.date_to }, amount: recipient.quote_total ?? 0, sender };
  const { title, body } = notificationText(kind, facts, language);
  const [notification] = await query<{ id: string }>(
    `INSERT INTO notifications (consumer_uid, ${'enquiryId' in about ? 'enquiry_id' : 'booking_id'}, kind, title, body, push, language, audience)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
    [recipient.recipient_uid, 'enquiryId' in about ? about.enquiryId : about.bookingId, kind, title, body, recipient.notify_push === true, language, audience],
  );
  await insertDeliveries(query, notification!.id, recipient);
  if (audience === 'consumer') await announceChange(query, recipient.recipient_uid);
}

/**
 * Writes a notification about an enquiry (issue 37, item 3), the way notifyConsumer and notifyProvider do a booking's:
 * for its consumer (a quote received, with the quote's total; the enquiry declined) or for the person who runs its
 * listing (a new enquiry; the enquiry withdrawn), per their own settings, in their language. It carries the enquiry
 * (enquiry_id), no booking; it leads to the enquiries (notificationPath). A consumer's wakes their live streams: the bell,
 * and the enquiries a page shows, follow. In the caller's transaction, after the change it tells of is written (its
 * words read the enquiry as it is).
 */
export async function notifyEnquiry(query: Query, { enquiryId, kind }: { enquiryId: string; kind: EnquiryNotificationKind }): Promise<void> {
  await notifySide(query, { enquiryId }, ENQUIRY_AUDIENCE[kind], { kind });
}

/**
 * Writes a notification of a new message (issue 37, item 4) for the other side of a thread — its consumer, or the person
 * who runs its listing — with who wrote and what about, never the message's words (they may hold what is masked until
 * a booking is confirmed). It carries the enquiry or the booking; it leads to the conversation. In the caller's
 * transaction, after the message is written.
 */
export async function notifyMessage(
  query: Query,
  { kind, threadId, to, sender }: { kind: 'enquiry' | 'booking'; threadId: string; to: 'consumer' | 'provider'; sender: string },
): Promise<void> {
  await notifySide(query, kind === 'enquiry' ? { enquiryId: threadId } : { bookingId: threadId }, to, { kind: 'new_message', sender });
}

/** The outbox's rows for a notification: email to a verified address, SMS and WhatsApp to the number, each only when its setting is on. */
async function insertDeliveries(
  query: Query,
  notificationId: string,
  recipient: Pick<Recipient, 'email' | 'email_verified' | 'phone' | 'notify_email' | 'notify_sms' | 'notify_whatsapp'>,
): Promise<void> {
  const deliveries: Array<{ channel: ChannelName; recipient: string }> = [];
  // an address not proven theirs gets nothing (My Account says so and sends the link): mail to a typo or a stranger's address would leak their bookings
  if (recipient.notify_email && recipient.email && recipient.email_verified === recipient.email) deliveries.push({ channel: 'email', recipient: recipient.email });
  const phone = smsNumber(recipient.phone);
  if (recipient.notify_sms && phone) deliveries.push({ channel: 'sms', recipient: phone });
  // the phone they signed in with (the token's verified number): WhatsApp's channel sends its digits
  if (recipient.notify_whatsapp && phone) deliveries.push({ channel: 'whatsapp', recipient: phone });
  for (const delivery of deliveries) {
    await query('INSERT INTO notification_deliveries (notification_id, channel, recipient) VALUES ($1, $2, $3)', [notificationId, delivery.channel, delivery.recipient]);
  }
}

/** A stored phone number as an SMS provider (and WhatsApp, without the +) takes it (E.164): a 10-digit Indian number gets +91. */
export function smsNumber(phone: string | null): string | null {
  const digits = phone?.replace(/[^\d+]/g, '') ?? '';
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^\d{10}$/.test(digits)) return `+91${digits}`;
  if (/^91\d{10}$/.test(digits)) return `+${digits}`;
  return null;
}
