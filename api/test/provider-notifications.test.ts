import { notificationListSchema, type Booking } from '@utsav/contracts/schemas';
import { startMessageCatcher, type MessageCatcher } from '@utsav/stand-ins/src/message-catcher/server';
import { loadConfig } from '../src/config';
import { createChannels, type Channels } from '../src/notifications/channels';
import { createNotificationSender, type NotificationSender } from '../src/notifications/notification-sender';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 36, item 3: the person who runs a listing hears of each new request and each cancellation by email and SMS,
 * per their own settings and in their language, through the consumer's outbox and sender, to the message catcher.
 */

let server: TestServer;
let catalog: CatalogFixture;
let catcher: MessageCatcher;
let channels: Channels;
let sender: NotificationSender;
const silentLog = { warn: () => undefined, error: () => undefined } as never;
const OWNER_EMAIL = 'lens.studio@example.in';

beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  catcher = await startMessageCatcher({ smtpPort: 0, httpPort: 0, logger: false });
  channels = createChannels(loadConfig({ SMTP_URL: catcher.smtpUrl, SMS_API_URL: catcher.url, WHATSAPP_API_URL: catcher.url }));
  sender = createNotificationSender({ db: server.database, channels, appUrl: 'https://utsav.example', leaseMs: 60_000, log: silentLog });
});
afterAll(async () => {
  await channels?.close();
  await catcher?.close();
  await server.close();
});

/** A new owner for providerA, with a profile of their own (verified email) and these settings and language. */
async function ownerWith(notifications: { email: boolean; sms: boolean; push: boolean; whatsapp?: boolean }, language?: 'hi-IN'): Promise<TestUser> {
  const owner = await signInWithPhone();
  await onboardConsumer(server.database, owner, { name: 'Kiran Rao', email: OWNER_EMAIL });
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
  expect((await request(`${server.url}/users/consumer/${owner.uid}/settings`, { method: 'PUT', token: owner.idToken, json: { notifications } })).status).toBe(200);
  if (language) expect((await request(`${server.url}/users/consumer/${owner.uid}/language`, { method: 'PUT', token: owner.idToken, json: { language } })).status).toBe(200);
  return owner;
}

const providerNotifications = (booking: Booking) =>
  server.database.query<{ id: string; consumer_uid: string; kind: string; title: string; body: string; language: string }>(
    `SELECT id::text AS id, consumer_uid, kind, title, body, language FROM notifications WHERE booking_id = $1 AND audience = 'provider' ORDER BY id`,
    [booking.bookingId],
  );
const deliveriesOf = (notificationId: string) =>
  server.database.query<{ id: string; channel: string; recipient: string; status: string }>(
    'SELECT id::text AS id, channel, recipient, status FROM notification_deliveries WHERE notification_id = $1 ORDER BY id',
    [notificationId],
  );
const emailOf = (deliveryId: string) => catcher.mailbox.listEmails().find((email) => email.messageId === `<utsav-delivery-${deliveryId}@notifications.utsav.in>`);
const bell = async (user: TestUser) => expectContract(notificationListSchema, (await request(`${server.url}/users/${user.uid}/notifications`, { token: user.idToken })).body);

test('a new request: the owner gets an email and a text (their settings), in English, linking to the booking on the provider side', async () => {
  const owner = await ownerWith({ email: true, sms: true, push: true });
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0], 'requested');

  const [notification] = await providerNotifications(booking);
  expect(notification).toMatchObject({ consumer_uid: owner.uid, kind: 'new_request', title: 'New booking request — accept or decline it', language: 'en-IN' });
  // the service, the dates, and the advance it would bring
  expect(notification!.body).toMatch(/^Lens Studio Photography, .+\d{4}: a customer is waiting for your answer\. Its advance is ₹2,500\.00\.$/);
  const deliveries = await deliveriesOf(notification!.id);
  expect(deliveries).toEqual([
    expect.objectContaining({ channel: 'email', recipient: OWNER_EMAIL, status: 'pending' }),
    expect.objectContaining({ channel: 'sms', recipient: owner.phone, status: 'pending' }),
  ]);

  await sender.sendDue();
  expect((await deliveriesOf(notification!.id)).map((delivery) => delivery.status)).toEqual(['sent', 'sent']);
  const email = emailOf(deliveries[0]!.id);
  expect(email).toMatchObject({ subject: 'New booking request — accept or decline it', to: [OWNER_EMAIL], timesReceived: 1 });
  expect(email!.text).toContain(`See the booking: https://utsav.example/provider/bookings/${booking.bookingId}`);
  const texts = catcher.mailbox.listSms(owner.phone);
  expect(texts).toHaveLength(1);
  expect(texts[0]!.text).toMatch(/^Utsav: New booking request — accept or decline it\. Lens Studio Photography, .+ https:\/\/utsav\.example\/provider\/bookings\//);

  // not in anyone's consumer bell: the consumer's own request tells them nothing, the owner's bell is for their own bookings
  expect((await bell(consumer)).notifications).toEqual([]);
  expect(await bell(owner)).toEqual({ notifications: [], unreadCount: 0 });
});

test('a cancellation, to an owner who chose Hindi and texts only: one text, in Hindi', async () => {
  const owner = await ownerWith({ email: false, sms: true, push: false }, 'hi-IN');
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0], 'accepted');
  expect((await request(`${server.url}/bookings/${booking.bookingId}/cancel`, { method: 'POST', token: consumer.idToken })).status).toBe(200);

  const cancelled = (await providerNotifications(booking)).filter((notification) => notification.kind === 'request_cancelled');
  expect(cancelled).toEqual([expect.objectContaining({ consumer_uid: owner.uid, title: 'एक बुकिंग रद्द हो गई', language: 'hi-IN' })]);
  expect(cancelled[0]!.body).toMatch(/: ग्राहक ने इसे रद्द कर दिया; वह दिन फिर से ख़ाली है।$/);
  expect(await deliveriesOf(cancelled[0]!.id)).toEqual([expect.objectContaining({ channel: 'sms', recipient: owner.phone })]);
  await sender.sendDue();
  const texts = catcher.mailbox.listSms(owner.phone).filter((text) => text.text.includes('रद्द'));
  expect(texts).toHaveLength(1);
  expect(texts[0]!.text).toMatch(/^उत्सव: एक बुकिंग रद्द हो गई।/);
});

test('a request withdrawn before the answer is a cancellation too', async () => {
  const owner = await ownerWith({ email: true, sms: false, push: true });
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0], 'requested');
  expect((await request(`${server.url}/bookings/${booking.bookingId}/withdraw`, { token: consumer.idToken, json: {} })).status).toBe(200);
  expect((await providerNotifications(booking)).map((notification) => [notification.consumer_uid, notification.kind])).toEqual([
    [owner.uid, 'new_request'],
    [owner.uid, 'request_cancelled'],
  ]);
});

test('the provider’s own answers (accept, decline) tell the owner nothing more', async () => {
  const owner = await ownerWith({ email: true, sms: true, push: true });
  const consumer = await signInWithPhone();
  const accepted = await bookingIn(server, consumer, catalog.providerA.menus[0], 'requested');
  const declined = await bookingIn(server, consumer, catalog.providerA.menus[0], 'requested');
  expect((await request(`${server.url}/provider/bookings/${accepted.bookingId}/accept`, { method: 'POST', token: owner.idToken })).status).toBe(200);
  expect((await request(`${server.url}/provider/bookings/${declined.bookingId}/decline`, { method: 'POST', token: owner.idToken, json: { reason: 'fully_booked' } })).status).toBe(200);
  expect((await providerNotifications(accepted)).map((notification) => notification.kind)).toEqual(['new_request']);
  expect((await providerNotifications(declined)).map((notification) => notification.kind)).toEqual(['new_request']);
});

test('settings all off: recorded, nothing sent; an owner with no profile yet: recorded, nothing sent', async () => {
  await ownerWith({ email: false, sms: false, push: false });
  const consumer = await signInWithPhone();
  const quiet = await bookingIn(server, consumer, catalog.providerA.menus[0], 'requested');
  const [notification] = await providerNotifications(quiet);
  expect(await deliveriesOf(notification!.id)).toEqual([]);

  const newcomer = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, newcomer.uid);
  const unprofiled = await bookingIn(server, consumer, catalog.providerA.menus[0], 'requested');
  const [recorded] = await providerNotifications(unprofiled);
  expect(recorded).toMatchObject({ consumer_uid: newcomer.uid, kind: 'new_request', language: 'en-IN' });
  expect(await deliveriesOf(recorded!.id)).toEqual([]);
});

test('a listing nobody runs (the stand-in answers it): no one to tell', async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerB.menus[0], 'requested');
  expect(await providerNotifications(booking)).toEqual([]);
});

test('one person, two roles: the owner books their own listing; their bell lists only their booking’s news', async () => {
  const owner = await ownerWith({ email: true, sms: false, push: true });
  const booking = await bookingIn(server, owner, catalog.providerA.menus[0], 'requested');
  expect((await providerNotifications(booking)).map((notification) => notification.consumer_uid)).toEqual([owner.uid]);
  expect(await bell(owner)).toEqual({ notifications: [], unreadCount: 0 });
  expect((await request(`${server.url}/provider/bookings/${booking.bookingId}/accept`, { method: 'POST', token: owner.idToken })).status).toBe(200);
  const { notifications, unreadCount } = await bell(owner);
  expect([notifications.map((notification) => notification.kind), unreadCount]).toEqual([['accepted'], 1]);
});

test('an owner who opted in to WhatsApp (issue 37, item 6) hears of a new request there too, linking to the provider side', async () => {
  const owner = await ownerWith({ email: false, sms: false, push: true, whatsapp: true });
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0], 'requested');
  const [notification] = await providerNotifications(booking);
  const deliveries = await deliveriesOf(notification!.id);
  expect(deliveries).toEqual([expect.objectContaining({ channel: 'whatsapp', recipient: owner.phone, status: 'pending' })]);
  await sender.sendDue();
  expect((await deliveriesOf(notification!.id))[0]).toMatchObject({ status: 'sent' });
  const [caught] = catcher.mailbox.listWhatsApp(owner.phone);
  expect(caught).toMatchObject({
    idempotencyKey: `utsav-delivery-${deliveries[0]!.id}`,
    template: { language: 'en', parameters: [notification!.title, notification!.body, `https://utsav.example/provider/bookings/${booking.bookingId}`] },
  });
});
