import * as z from './zod';
import { said } from '../validation-messages';
import { currentLocale, loading, registerMessages, translateIn, type MessageValues } from '@utsav/contracts/i18n-core';
import en from '../notifications/locales/en-IN.json';
import { formatDate, formatDateRange } from '../date-format';
import { DEFAULT_LOCALE, type Locale } from '../language';
import { formatINR, type Paise } from '../money';

export * from './notification-values';

/**
 * The notifications' words, a catalogue of their own ('notifications'): the API writes them (notificationText), and a
 * page needs them only with these schemas (the live stream's, loaded once it connects), not with the contracts' main
 * entry every first load carries: about 0.85 KB gzip, half of the 'common' catalogue (bench first-load,
 * tooling/src/perf/README.md). The API loads every language of every catalogue before it serves (loadApiMessages).
 */
registerMessages('notifications', { en, hi: () => import(/* webpackChunkName: "notifications-hi-IN" */ '../notifications/locales/hi-IN.json') });
if (currentLocale() !== DEFAULT_LOCALE) void loading(currentLocale(), 'notifications')?.catch(() => undefined);

type NotificationMessage = keyof typeof en;
const notificationWords = (locale: Locale, id: NotificationMessage, values?: MessageValues) => translateIn(locale, 'notifications', id, values);

/**
 * Notifications (issue 19, item 4): what the API tells a consumer about their bookings, in the app (the
 * bell's list, and a toast through the live stream when their push setting is on), by email and by SMS
 * (when those settings are on). The API words each one with notificationText, stores it, and sends it.
 */

export const NOTIFICATION_KINDS = [
  'accepted',
  'declined',
  'paid',
  'payment_failed',
  'rescheduled',
  'reschedule_declined',
  'refunded',
  // enquiries (issue 37, item 3): a quote received (its total), an enquiry the provider declined
  'quote_received',
  'enquiry_declined',
  // conversations (issue 37, item 4): the provider wrote in a thread of theirs
  'new_message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What the API tells the person who runs a listing (issue 36, item 3): a new request for one of its services, and a
 * booking of it cancelled (withdrawn, cancelled, or its consumer's account deleted). By email and SMS per that
 * person's own settings, in their language; not in the consumer's bell.
 */
export const PROVIDER_NOTIFICATION_KINDS = ['new_request', 'request_cancelled', 'new_enquiry', 'enquiry_withdrawn', 'new_message'] as const;
export type ProviderNotificationKind = (typeof PROVIDER_NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  notificationId: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** the booking it is about (null once that booking is gone, and for an enquiry's: see notificationPath) */
  bookingId: z.string().nullable(),
  /** the enquiry it is about (a message in an enquiry's thread; null otherwise; left out by an API before issue 37, item 4) */
  enquiryId: z.string().nullable().default(null),
  title: z.string(),
  body: z.string(),
  /** the consumer's push setting when it was written: the app raises a toast for it only then */
  push: z.boolean(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /users/:uid/notifications: the newest first (a page of them), and how many are unread in all. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /users/:uid/notifications/read: everything up to and including this one is read. */
export const notificationsReadSchema = z.object({
  upTo: z.string({ error: said('validation.upTo') }).regex(/^\d{1,18}$/, { error: said('validation.upTo') }),
});

/** POST /users/:uid/notifications/read's answer: how many are left unread. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });

/** What the live stream (GET /users/:uid/events) says a notification event carries. */
export const liveNotificationSchema = z.object({
  notification: notificationSchema,
  unreadCount: z.number().int().nonnegative(),
});
export type LiveNotification = z.infer<typeof liveNotificationSchema>;


/** What a notification states, read from the booking (or the enquiry: its event's day) as it is AFTER the change it tells of (issue 39). */
export interface NotificationFacts {
  serviceTitle: string;
  dates: { from: string; to: string };
  /** the server's figure: refunded, the refund; accepted and payment_failed, what paying takes; paid, what was received; quote_received, the quote's total */
  amount: Paise;
  /** new_message: who wrote (the consumer's first name, or the provider's name) */
  sender?: string;
}

/**
 * The words of each kind: the title (also the email's subject and the toast) and the body, in the
 * consumer's language (the profile's; English when they have not chosen). From the contracts' catalogue.
 */
export function notificationText(kind: NotificationKind | ProviderNotificationKind, facts: NotificationFacts, locale: Locale = DEFAULT_LOCALE): { title: string; body: string } {
  const what = `${facts.serviceTitle}, ${formatDateRange(facts.dates, (date) => formatDate(date, locale), locale)}`;
  const amount = formatINR(facts.amount);
  const sender = facts.sender ?? '';
  return { title: notificationWords(locale, `notification.${kind}.title`, { amount, sender }), body: notificationWords(locale, `notification.${kind}.body`, { what, amount, sender }) };
}

/**
 * An email's text and an SMS, around a notification's words (the sender adds the link at sending time). The SMS
 * carries the body too: its dates and amounts are the facts a text message is read for.
 */
const EMAIL_TEXT = {
  consumer: { booking: 'notification.email', enquiry: 'notification.email.enquiry', conversation: 'notification.email.message' },
  provider: { booking: 'notification.email.provider', enquiry: 'notification.email.provider.enquiry', conversation: 'notification.email.provider.message' },
} as const;
export const notificationEmailText = (locale: Locale, body: string, link: string, audience: 'consumer' | 'provider' = 'consumer', about: 'booking' | 'enquiry' | 'conversation' = 'booking'): string =>
  notificationWords(locale, EMAIL_TEXT[audience][about], { body, link });
export const notificationSmsText = (locale: Locale, { title, body }: { title: string; body: string }, link: string): string =>
  notificationWords(locale, 'notification.sms', { title, body, link });
