import { paths } from '../routes';

// The live stream's event names, apart from the notification schemas: the host's stream reader needs
// them from the start, the schemas only once the stream connects (live-updates.ts). Re-exported by ./notification.

/** The live stream's event names: a booking's new state, a new notification, a conversation changed, and the stream's start. */
export const LIVE_EVENTS = { booking: 'booking', providerBooking: 'providerBooking', notification: 'notification', thread: 'thread', ready: 'ready' } as const;

/**
 * The kinds about an enquiry rather than a booking (issue 37, item 3): the consumer's (a quote received, an enquiry
 * declined) and the provider's (a new enquiry, one withdrawn). They carry no booking; they lead to the enquiries.
 */
export const ENQUIRY_NOTIFICATION_KINDS = ['quote_received', 'enquiry_declined', 'new_enquiry', 'enquiry_withdrawn'] as const;
export type EnquiryNotificationKind = (typeof ENQUIRY_NOTIFICATION_KINDS)[number];
export const isEnquiryNotification = (kind: string): kind is EnquiryNotificationKind => (ENQUIRY_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * Where a consumer's notification leads, in the app (the bell) and in its email, SMS and WhatsApp (the sender): a
 * message's to its conversation, an enquiry's to the enquiries and their quotes, a booking's to its order summary, one whose booking is gone to My Bookings.
 */
export function notificationPath({ kind, bookingId, enquiryId = null }: { kind: string; bookingId: string | null; enquiryId?: string | null }): string {
  // a message: its conversation (issue 37, item 4)
  if (kind === 'new_message') {
    if (enquiryId) return paths.thread('enquiry', enquiryId);
    if (bookingId) return paths.thread('booking', bookingId);
    return paths.messages();
  }
  if (isEnquiryNotification(kind)) return paths.enquiries();
  return bookingId ? paths.orderSummary(bookingId) : paths.bookings();
}

/**
 * Where a notification of the person who runs a listing leads (its email, SMS and WhatsApp; they have no bell): a
 * message's to their side of the conversation, an enquiry's to the enquiry, a booking's to the booking, else their inbox.
 */
export function providerNotificationPath({ kind, bookingId, enquiryId = null }: { kind: string; bookingId: string | null; enquiryId?: string | null }): string {
  if (kind === 'new_message') {
    if (enquiryId) return paths.providerThread('enquiry', enquiryId);
    if (bookingId) return paths.providerThread('booking', bookingId);
    return paths.providerMessages();
  }
  if (isEnquiryNotification(kind)) return enquiryId ? paths.providerEnquiry(enquiryId) : paths.providerEnquiries();
  return bookingId ? paths.providerBooking(bookingId) : paths.provider();
}
