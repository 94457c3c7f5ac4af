import { paths } from '../routes';

// The live stream's event names, apart from the notification schemas: the host's stream reader needs
// them from the start, the schemas only once the stream connects (live-updates.ts). Re-exported by ./notification.

/** The live stream's event names: a booking's new state, a new notification, and the stream's start. */
export const LIVE_EVENTS = { booking: 'booking', providerBooking: 'providerBooking', notification: 'notification', ready: 'ready' } as const;

/**
 * The kinds about an enquiry rather than a booking (issue 37, item 3): the consumer's (a quote received, an enquiry
 * declined) and the provider's (a new enquiry, one withdrawn). They carry no booking; they lead to the enquiries.
 */
export const ENQUIRY_NOTIFICATION_KINDS = ['quote_received', 'enquiry_declined', 'new_enquiry', 'enquiry_withdrawn'] as const;
export type EnquiryNotificationKind = (typeof ENQUIRY_NOTIFICATION_KINDS)[number];
export const isEnquiryNotification = (kind: string): kind is EnquiryNotificationKind => (ENQUIRY_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * Where a consumer's notification leads, in the app (the bell) and in its email, SMS and WhatsApp (the sender): an
 * enquiry's to the enquiries and their quotes, a booking's to its order summary, one whose booking is gone to My Bookings.
 */
export function notificationPath({ kind, bookingId }: { kind: string; bookingId: string | null }): string {
  if (isEnquiryNotification(kind)) return paths.enquiries();
  return bookingId ? paths.orderSummary(bookingId) : paths.bookings();
}
