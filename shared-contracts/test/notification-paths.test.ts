import { notificationPath, providerNotificationPath } from '../src/domain/schemas/notification-values';

/** Where each side's notification leads (the bell, and the links in emails, texts and WhatsApp messages). */

test("a consumer's: a message to its conversation, an enquiry's to the enquiries, a booking's to its summary", () => {
  expect(notificationPath({ kind: 'new_message', bookingId: null, enquiryId: 'e 1' })).toBe('/messages/enquiry/e%201');
  expect(notificationPath({ kind: 'new_message', bookingId: 'b1', enquiryId: null })).toBe('/messages/booking/b1');
  expect(notificationPath({ kind: 'new_message', bookingId: null, enquiryId: null })).toBe('/messages');
  expect(notificationPath({ kind: 'quote_received', bookingId: null, enquiryId: 'e1' })).toBe('/enquiries');
  expect(notificationPath({ kind: 'accepted', bookingId: 'b1' })).toBe('/bookings/order_summary?bid=b1');
  expect(notificationPath({ kind: 'refunded', bookingId: null })).toBe('/bookings');
});

test("a provider's: a message to their side of the conversation, an enquiry's to the enquiry, a booking's to the booking", () => {
  expect(providerNotificationPath({ kind: 'new_message', bookingId: null, enquiryId: 'e1' })).toBe('/provider/messages/enquiry/e1');
  expect(providerNotificationPath({ kind: 'new_message', bookingId: 'b/1', enquiryId: null })).toBe('/provider/messages/booking/b%2F1');
  expect(providerNotificationPath({ kind: 'new_message', bookingId: null })).toBe('/provider/messages');
  expect(providerNotificationPath({ kind: 'new_enquiry', bookingId: null, enquiryId: 'e1' })).toBe('/provider/enquiries/e1');
  expect(providerNotificationPath({ kind: 'enquiry_withdrawn', bookingId: null, enquiryId: null })).toBe('/provider/enquiries');
  expect(providerNotificationPath({ kind: 'new_request', bookingId: 'b1' })).toBe('/provider/bookings/b1');
  expect(providerNotificationPath({ kind: 'request_cancelled', bookingId: null })).toBe('/provider');
});
