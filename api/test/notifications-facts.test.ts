import { createOrderResponseSchema, type Booking, type EnquiryNotificationKind, type NotificationKind } from '@utsav/contracts/schemas';
import { loadConfig } from '../src/config';
import { startMessageCatcher, type MessageCatcher } from '@utsav/stand-ins/src/message-catcher/server';
import { createChannels, type Channels } from '../src/notifications/channels';
import { createNotificationSender } from '../src/notifications/notification-sender';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { inDays, insertCatalogFixture, makeProviderOwner, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { bookingIn, cancelBooking, failInCheckout, insertMenu, payInCheckout, startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';

/**
 * Issue 39, item 6: every notification states the facts of the booking AFTER the change it tells of. For each
 * kind, the change is made over real HTTP (the provider's routes, the payment sandbox's checkout and webhooks),
 * the sender delivers through real channels to the message catcher, and the email and the SMS it caught are
 * read for the dates and the amounts they state.
 */

let stack: PaymentStack;
let catalog: CatalogFixture;
let menu: FixtureMenu; // ₹50,000: pay now ₹5,118.00 (advance ₹5,000 + fee ₹100 + GST ₹18)
let owner: TestUser; // runs providerA
let catcher: MessageCatcher;
let channels: Channels;
const silentLog = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;

beforeAll(async () => {
  stack = await startPaymentStack();
  catalog = await insertCatalogFixture(stack.server.database);
  menu = await insertMenu(stack.server.database, catalog.providerA.serviceId, 5_000_000);
  owner = await signInWithPhone();
  await makeProviderOwner(stack.server.database, catalog.providerA.id, owner.uid);
  catcher = await startMessageCatcher({ smtpPort: 0, httpPort: 0, logger: false });
  channels = createChannels(loadConfig({ SMTP_URL: catcher.smtpUrl, SMS_API_URL: catcher.url }));
}, 120_000);
afterAll(async () => {
  await channels?.close();
  await catcher?.close();
  await stack?.close();
});
afterEach(() => stack.webhooksDone());

const api = () => stack.server.url;
const PAY_NOW = '₹5,118.00';
const ADVANCE = '₹5,000.00';

// an oracle of its own (not the contracts' formatter): 'YYYY-MM-DD' → '5 Mar 2027'; a range joined by ' – '
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const range = (from: string, to: string) => (from === to ? day(from) : `${day(from)} – ${day(to)}`);

/** A consumer with every channel on (email, SMS, push). */
async function consumerWithEveryChannel(): Promise<TestUser> {
  const consumer = await signInWithPhone();
  await bookingIn(stack.server, consumer, menu, 'requested'); // onboards them (a profile with an email)
  const settings = await request(`${api()}/users/consumer/${consumer.uid}/settings`, {
    method: 'PUT',
    token: consumer.idToken,
    json: { notifications: { email: true, sms: true, push: true } },
  });
  expect(settings.status).toBe(200);
  return consumer;
}

/** Delivers what is due, then the email and the SMS the catcher holds for the booking's notification of `kind`. */
async function caught(booking: Booking, kind: NotificationKind, consumer: TestUser): Promise<{ subject: string; email: string; sms: string }> {
  await createNotificationSender({ db: stack.server.database, channels, appUrl: 'https://utsav.example', leaseMs: 60_000, log: silentLog }).sendDue();
  const deliveries = await stack.server.database.query<{ id: string; channel: 'email' | 'sms'; status: string }>(
    `SELECT d.id::text AS id, d.channel, d.status FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
     WHERE n.booking_id = $1 AND n.kind = $2 ORDER BY d.id`,
    [booking.bookingId, kind],
  );
  expect(deliveries.map(({ channel, status }) => [channel, status])).toEqual([
    ['email', 'sent'],
    ['sms', 'sent'],
  ]);
  const emailId = `<utsav-delivery-${deliveries[0]!.id}@notifications.utsav.in>`;
  const email = catcher.mailbox.listEmails().find((message) => message.messageId === emailId);
  const sms = catcher.mailbox.listSms(consumer.phone).find((message) => message.text.includes(booking.bookingId) && textKind(message.text) === kind);
  expect(email).toBeDefined();
  expect(sms).toBeDefined();
  return { subject: email!.subject, email: email!.text, sms: sms!.text };
}

// which kind a caught SMS is, by its title (one booking gets several)
const TITLES: Record<Exclude<NotificationKind, EnquiryNotificationKind | 'new_message'>, RegExp> = {
  accepted: /^Utsav: Your booking was accepted/,
  declined: /^Utsav: Your booking request was declined/,
  paid: /^Utsav: Payment received/,
  payment_failed: /^Utsav: Your payment didn't go through/,
  rescheduled: /^Utsav: Your new dates were accepted/,
  reschedule_declined: /^Utsav: Your new dates were declined/,
  refunded: /^Utsav: Your refund of/,
};
const textKind = (text: string) => (Object.keys(TITLES) as Array<keyof typeof TITLES>).find((kind) => TITLES[kind].test(text));

const provider = (booking: Booking, path: string, json: unknown = {}) =>
  request(`${api()}/provider/bookings/${booking.bookingId}/${path}`, { token: owner.idToken, json });
const proposeDates = (consumer: TestUser, booking: Booking, from: string, to: string) =>
  request(`${api()}/bookings/${booking.bookingId}/reschedule`, {
    token: consumer.idToken,
    json: { preferredDateRange: { from, to }, preferredTime: { start: '10:00', end: '14:00' } },
  });
async function openOrder(consumer: TestUser, booking: Booking) {
  const answer = await request(`${api()}/payment/create_order`, { token: consumer.idToken, json: { userId: consumer.uid, bookingId: booking.bookingId } });
  return createOrderResponseSchema.parse(answer.body);
}
async function pay(consumer: TestUser, booking: Booking): Promise<void> {
  const result = await payInCheckout(stack.sandboxUrl, (await openOrder(consumer, booking)).id);
  expect((await request(`${api()}/payment/verify_payment`, { token: consumer.idToken, json: result })).body).toMatchObject({ status: true });
}

const BOOKED = () => range(inDays(10), inDays(11)); // bookingPayload's dates

test('accepted: the booking’s dates and the amount to pay now', async () => {
  const consumer = await consumerWithEveryChannel();
  const booking = await bookingIn(stack.server, consumer, menu, 'requested');
  expect((await provider(booking, 'accept')).status).toBe(200);
  const { subject, email, sms } = await caught(booking, 'accepted', consumer);
  expect(subject).toBe('Your booking was accepted — pay the advance to confirm');
  expect(email).toContain(`${BOOKED()}. To confirm it, pay ${PAY_NOW} (the advance with the platform fee and GST) from My Bookings.`);
  expect(sms).toContain(BOOKED());
  expect(sms).toContain(PAY_NOW);
});

test('declined: the dates asked for; nothing charged, no amount claimed', async () => {
  const consumer = await consumerWithEveryChannel();
  const booking = await bookingIn(stack.server, consumer, menu, 'requested');
  expect((await provider(booking, 'decline', { reason: 'fully_booked' })).status).toBe(200);
  const { email, sms } = await caught(booking, 'declined', consumer);
  // and why, in the consumer's words for the provider's fixed reason
  expect(email).toContain(`${BOOKED()}. The provider can't take it; nothing was charged. Reason: Fully booked on those dates.`);
  expect(sms).toContain(BOOKED());
  expect(`${email}${sms}`).not.toContain('₹');
});

test('paid: the dates, confirmed, and the amount received', async () => {
  const consumer = await consumerWithEveryChannel();
  const booking = await bookingIn(stack.server, consumer, menu);
  await pay(consumer, booking);
  const { subject, email, sms } = await caught(booking, 'paid', consumer);
  expect(subject).toBe('Payment received — your booking is confirmed');
  expect(email).toContain(`${BOOKED()} is confirmed: we received ${PAY_NOW}.`);
  expect(sms).toContain(BOOKED());
  expect(sms).toContain(PAY_NOW);
});

test('payment failed: the dates, nothing charged, and what paying again takes', async () => {
  const consumer = await consumerWithEveryChannel();
  const booking = await bookingIn(stack.server, consumer, menu);
  await failInCheckout(stack.sandboxUrl, (await openOrder(consumer, booking)).id);
  await stack.webhooksDone();
  const { email, sms } = await caught(booking, 'payment_failed', consumer);
  expect(email).toContain(`${BOOKED()}. Nothing was charged; you can pay ${PAY_NOW} again from My Bookings.`);
  expect(sms).toContain(BOOKED());
});

test('new dates accepted: the NEW dates, never the old ones', async () => {
  const consumer = await consumerWithEveryChannel();
  const booking = await bookingIn(stack.server, consumer, menu);
  expect((await proposeDates(consumer, booking, inDays(30), inDays(31))).status).toBe(200);
  expect((await provider(booking, 'reschedule/accept')).status).toBe(200);
  const { subject, email, sms } = await caught(booking, 'rescheduled', consumer);
  expect(subject).toBe('Your new dates were accepted');
  const moved = range(inDays(30), inDays(31));
  expect(email).toContain(`${moved}: your booking has moved to these dates.`);
  expect(sms).toContain(moved);
  expect(email).not.toContain(BOOKED());
  expect(sms).not.toContain(BOOKED());
});

test('new dates declined: the dates the booking keeps', async () => {
  const consumer = await consumerWithEveryChannel();
  const booking = await bookingIn(stack.server, consumer, menu);
  expect((await proposeDates(consumer, booking, inDays(40), inDays(40))).status).toBe(200);
  expect((await provider(booking, 'reschedule/decline', { reason: 'other', note: 'Away that week' })).status).toBe(200);
  const { email, sms } = await caught(booking, 'reschedule_declined', consumer);
  expect(email).toContain(`${BOOKED()}: your booking keeps these dates. Reason: Another reason: Away that week.`);
  expect(sms).toContain(BOOKED());
  expect(`${email}${sms}`).not.toMatch(new RegExp(`(^|\\D)${day(inDays(40))}`));
});

test('cancelled after paying: the refund’s amount (the advance, by the policy) and the dates', async () => {
  const consumer = await consumerWithEveryChannel();
  const booking = await bookingIn(stack.server, consumer, menu);
  await pay(consumer, booking);
  await cancelBooking(stack.server, consumer, booking.bookingId);
  await stack.webhooksDone();
  const { subject, email, sms } = await caught(booking, 'refunded', consumer);
  expect(subject).toBe(`Your refund of ${ADVANCE} has been processed`);
  expect(email).toContain(`${BOOKED()}: back to the account you paid from.`);
  expect(sms).toContain(ADVANCE);
  expect(sms).toContain(BOOKED());
});

test('in Hindi too: new dates accepted states the new dates, in Hindi words', async () => {
  const consumer = await consumerWithEveryChannel();
  expect((await request(`${api()}/users/consumer/${consumer.uid}/language`, { method: 'PUT', token: consumer.idToken, json: { language: 'hi-IN' } })).status).toBe(200);
  const booking = await bookingIn(stack.server, consumer, menu);
  expect((await proposeDates(consumer, booking, inDays(30), inDays(30))).status).toBe(200);
  expect((await provider(booking, 'reschedule/accept')).status).toBe(200);
  await createNotificationSender({ db: stack.server.database, channels, appUrl: 'https://utsav.example', leaseMs: 60_000, log: silentLog }).sendDue();
  const [notification] = await stack.server.database.query<{ body: string }>(`SELECT body FROM notifications WHERE booking_id = $1 AND kind = 'rescheduled'`, [
    booking.bookingId,
  ]);
  const HINDI_MONTHS = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'];
  const iso = inDays(30);
  const hindiDay = `${Number(iso.slice(8, 10))} ${HINDI_MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
  expect(notification!.body).toContain(`${hindiDay}: आपकी बुकिंग इन तारीख़ों पर आ गई है।`);
  const sms = catcher.mailbox.listSms(consumer.phone).find((message) => message.text.includes(booking.bookingId) && message.text.includes('नई तारीख़ें स्वीकार'));
  expect(sms?.text).toMatch(/^उत्सव: आपकी नई तारीख़ें स्वीकार हो गईं। /);
  expect(sms?.text).toContain(hindiDay);
});
