import { enquiryListSchema, notificationListSchema, planEventSchema, planSchema, providerEnquirySchema } from '@utsav/contracts/schemas';
import { formatDate } from '@utsav/contracts/date-format';
import { formatINR } from '@utsav/contracts/money';
import { startMessageCatcher, type MessageCatcher } from '@utsav/stand-ins/src/message-catcher/server';
import { loadConfig } from '../src/config';
import { createChannels, type Channels } from '../src/notifications/channels';
import { createNotificationSender, type NotificationSender } from '../src/notifications/notification-sender';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 37, item 3: enquiries and quotes are told like bookings. The person who runs the listing hears of a new enquiry
 * and of one withdrawn; the consumer hears of a quote received (its total, the contracts' formatter) and of an enquiry
 * declined. Each per the recipient's own settings (email, SMS, WhatsApp; push: the bell's toast), in their language,
 * through the outbox and the sender to the message catcher, over HTTP against the real database; nothing for the other side.
 */

let server: TestServer;
let catalog: CatalogFixture;
let catcher: MessageCatcher;
let channels: Channels;
let sender: NotificationSender;
const silentLog = { warn: () => undefined, error: () => undefined } as never;
const OWNER_EMAIL = 'lens.studio@example.in';
const CONSUMER_EMAIL = 'asha@example.in';
const EVENT_DAY = inDays(61);
const QUOTE = { lineItems: [{ label: 'Two photographers, 6 hours', amount: 4_500_000 }, { label: 'Album (40 pages)', amount: 1_250_050 }], validUntil: inDays(20), note: '' };
const TOTAL = 4_500_000 + 1_250_050;

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

type Settings = { email: boolean; sms: boolean; push: boolean; whatsapp?: boolean };
const call = (user: TestUser, path: string, init: { method?: string; json?: unknown } = {}) => request(`${server.url}${path}`, { token: user.idToken, ...init });

async function withSettings(user: TestUser, notifications: Settings, language?: 'hi-IN') {
  expect((await call(user, `/users/consumer/${user.uid}/settings`, { method: 'PUT', json: { notifications } })).status).toBe(200);
  if (language) expect((await call(user, `/users/consumer/${user.uid}/language`, { method: 'PUT', json: { language } })).status).toBe(200);
}

/** A new owner for provider A's listing (provider B's is run by nobody), with a profile of their own and these settings. */
async function ownerWith(notifications: Settings, language?: 'hi-IN'): Promise<TestUser> {
  const owner = await signInWithPhone();
  await onboardConsumer(server.database, owner, { name: 'Kiran Rao', email: OWNER_EMAIL });
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
  await withSettings(owner, notifications, language);
  return owner;
}

/** A consumer with these settings and a plan with one event (a sangeet in Jaipur). */
async function consumerWith(notifications: Settings, language?: 'hi-IN') {
  const user = await signInWithPhone();
  await onboardConsumer(server.database, user, { name: 'Asha Verma', email: CONSUMER_EMAIL });
  await withSettings(user, notifications, language);
  const plan = planSchema.parse((await call(user, '/plans', { json: { title: 'Asha & Rohan', from: inDays(60), to: inDays(64), homeCity: 'Jaipur' } })).body);
  const created = await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'sangeet', date: EVENT_DAY, city: 'Jaipur', guests: 250 } });
  expect(created.status).toBe(201);
  return { user, eventId: planEventSchema.parse(created.body).eventId };
}

async function enquire(user: TestUser, eventId: string, serviceIds: string[]) {
  const response = await call(user, '/enquiries', { json: { eventId, serviceIds, message: 'Do you cover a sangeet for 250?' } });
  expect(response.status).toBe(201);
  return expectContract(enquiryListSchema, response.body);
}

async function sendQuote(owner: TestUser, enquiryId: string) {
  const response = await call(owner, `/provider/enquiries/${enquiryId}/quote`, { json: QUOTE });
  expect(response.status).toBe(201);
  return expectContract(providerEnquirySchema, response.body);
}

interface NotificationRecord {
  id: string;
  consumer_uid: string;
  kind: string;
  title: string;
  body: string;
  language: string;
  audience: string;
  booking_id: string | null;
}
const notificationsOf = (enquiryId: string) =>
  server.database.query<NotificationRecord>(
    `SELECT id::text AS id, consumer_uid, kind, title, body, language, audience, booking_id::text AS booking_id FROM notifications n WHERE enquiry_id = $1 ORDER BY n.id`,
    [enquiryId],
  );
const deliveriesOf = (notificationId: string) =>
  server.database.query<{ id: string; channel: string; recipient: string; status: string }>(
    'SELECT d.id::text AS id, channel, recipient, status FROM notification_deliveries d WHERE notification_id = $1 ORDER BY d.id',
    [notificationId],
  );
const emailOf = (deliveryId: string) => catcher.mailbox.listEmails().find((email) => email.messageId === `<utsav-delivery-${deliveryId}@notifications.utsav.in>`);
const bell = async (user: TestUser) => expectContract(notificationListSchema, (await call(user, `/users/${user.uid}/notifications`)).body);

const WHAT_EN = `Lens Studio Photography, ${formatDate(EVENT_DAY, 'en-IN')}`;
const WHAT_HI = `Lens Studio Photography, ${formatDate(EVENT_DAY, 'hi-IN')}`;

describe('the provider hears of an enquiry', () => {
  test('a new enquiry: the owner gets it by email and SMS (their settings), in English, leading to the enquiry’s page on the provider side; the consumer and a listing nobody runs get nothing', async () => {
    const owner = await ownerWith({ email: true, sms: true, push: true });
    // a bystander: another consumer hears nothing of it
    const { user } = await consumerWith({ email: true, sms: true, push: true });
    const mine = await consumerWith({ email: true, sms: true, push: true });
    const [toA, toB] = await enquire(mine.user, mine.eventId, [catalog.providerA.serviceId, catalog.providerB.serviceId]);

    const [notification, ...more] = await notificationsOf(toA!.enquiryId);
    expect(more).toEqual([]);
    expect(notification).toEqual({
      id: expect.any(String),
      consumer_uid: owner.uid,
      kind: 'new_enquiry',
      title: 'New enquiry — send a quote or decline it',
      body: `${WHAT_EN}: a customer is asking you for a quote for their event.`,
      language: 'en-IN',
      audience: 'provider',
      booking_id: null,
    });
    // provider B's listing is run by nobody: nothing is written for it
    expect(await notificationsOf(toB!.enquiryId)).toEqual([]);
    const deliveries = await deliveriesOf(notification!.id);
    expect(deliveries).toEqual([
      expect.objectContaining({ channel: 'email', recipient: OWNER_EMAIL, status: 'pending' }),
      expect.objectContaining({ channel: 'sms', recipient: owner.phone, status: 'pending' }),
    ]);

    await sender.sendDue();
    expect((await deliveriesOf(notification!.id)).map((delivery) => delivery.status)).toEqual(['sent', 'sent']);
    const email = emailOf(deliveries[0]!.id);
    expect(email).toMatchObject({ subject: 'New enquiry — send a quote or decline it', to: [OWNER_EMAIL], timesReceived: 1 });
    expect(email!.text).toContain(`${WHAT_EN}: a customer is asking you for a quote for their event.`);
    expect(email!.text).toContain(`See the enquiry: https://utsav.example/provider/enquiries/${toA!.enquiryId}\n`);
    const [text] = catcher.mailbox.listSms(owner.phone);
    expect(text!.text).toBe(`Utsav: New enquiry — send a quote or decline it. ${WHAT_EN}: a customer is asking you for a quote for their event. https://utsav.example/provider/enquiries/${toA!.enquiryId}`);

    // the consumer who asked hears nothing of their own enquiry; not in the owner's bell either (the provider's side)
    expect((await bell(mine.user)).notifications).toEqual([]);
    expect((await bell(owner)).notifications).toEqual([]);
    expect((await bell(user)).notifications).toEqual([]);
  });

  test('in Hindi for an owner who chose it; an owner with every channel off gets it recorded and nothing sent', async () => {
    const owner = await ownerWith({ email: false, sms: true, push: false }, 'hi-IN');
    const { user, eventId } = await consumerWith({ email: false, sms: false, push: false });
    const [enquiry] = await enquire(user, eventId, [catalog.providerA.serviceId]);
    const [notification] = await notificationsOf(enquiry!.enquiryId);
    expect(notification).toMatchObject({
      consumer_uid: owner.uid,
      kind: 'new_enquiry',
      title: 'नई पूछताछ — कोटेशन भेजें या मना करें',
      body: `${WHAT_HI}: एक ग्राहक अपने कार्यक्रम के लिए आपसे कोटेशन माँग रहा है।`,
      language: 'hi-IN',
    });
    expect((await deliveriesOf(notification!.id)).map((delivery) => delivery.channel)).toEqual(['sms']);
    await sender.sendDue();
    const [text] = catcher.mailbox.listSms(owner.phone);
    expect(text!.text).toBe(`उत्सव: नई पूछताछ — कोटेशन भेजें या मना करें। ${WHAT_HI}: एक ग्राहक अपने कार्यक्रम के लिए आपसे कोटेशन माँग रहा है। https://utsav.example/provider/enquiries/${enquiry!.enquiryId}`);

    const quiet = await ownerWith({ email: false, sms: false, push: false });
    const other = await consumerWith({ email: false, sms: false, push: false });
    const [second] = await enquire(other.user, other.eventId, [catalog.providerA.serviceId]);
    const [recorded] = await notificationsOf(second!.enquiryId);
    expect(recorded).toMatchObject({ consumer_uid: quiet.uid, kind: 'new_enquiry' });
    expect(await deliveriesOf(recorded!.id)).toEqual([]);
  });

  test('an enquiry withdrawn by the consumer: the owner hears of it (WhatsApp, opted in); the consumer does not', async () => {
    const owner = await ownerWith({ email: false, sms: false, push: true, whatsapp: true });
    const { user, eventId } = await consumerWith({ email: true, sms: true, push: true });
    const [enquiry] = await enquire(user, eventId, [catalog.providerA.serviceId]);
    expect((await call(user, `/enquiries/${enquiry!.enquiryId}/withdraw`, { method: 'POST' })).status).toBe(200);

    const notifications = await notificationsOf(enquiry!.enquiryId);
    expect(notifications.map((notification) => [notification.kind, notification.consumer_uid, notification.audience])).toEqual([
      ['new_enquiry', owner.uid, 'provider'],
      ['enquiry_withdrawn', owner.uid, 'provider'],
    ]);
    const withdrawn = notifications[1]!;
    expect(withdrawn).toMatchObject({ title: 'An enquiry was withdrawn', body: `${WHAT_EN}: the customer withdrew their enquiry; it needs no answer now.` });
    expect(await deliveriesOf(withdrawn.id)).toEqual([expect.objectContaining({ channel: 'whatsapp', recipient: owner.phone })]);
    await sender.sendDue();
    const caught = catcher.mailbox.listWhatsApp(owner.phone).find((message) => message.template?.parameters[0] === 'An enquiry was withdrawn');
    expect(caught!.template).toEqual({ name: expect.any(String), language: 'en', parameters: ['An enquiry was withdrawn', withdrawn.body, `https://utsav.example/provider/enquiries/${enquiry!.enquiryId}`] });
    expect((await bell(user)).notifications).toEqual([]);
  });
});

describe('the consumer hears of the answer', () => {
  test('a quote received: its total (the contracts’ formatter), by SMS and email (their settings), in the bell, leading to their enquiries; the provider gets nothing more', async () => {
    const owner = await ownerWith({ email: true, sms: true, push: true });
    const { user, eventId } = await consumerWith({ email: true, sms: true, push: true });
    const [enquiry] = await enquire(user, eventId, [catalog.providerA.serviceId]);
    await sendQuote(owner, enquiry!.enquiryId);

    const amount = formatINR(TOTAL);
    expect(amount).toBe('₹57,500.50');
    const notifications = await notificationsOf(enquiry!.enquiryId);
    expect(notifications.map((notification) => notification.kind)).toEqual(['new_enquiry', 'quote_received']);
    const quote = notifications[1]!;
    expect(quote).toEqual({
      id: expect.any(String),
      consumer_uid: user.uid,
      kind: 'quote_received',
      title: `You have a quote of ${amount}`,
      body: `${WHAT_EN}: the provider quoted ${amount}. Accept or decline it from your enquiries.`,
      language: 'en-IN',
      audience: 'consumer',
      booking_id: null,
    });
    const deliveries = await deliveriesOf(quote.id);
    expect(deliveries).toEqual([
      expect.objectContaining({ channel: 'email', recipient: CONSUMER_EMAIL }),
      expect.objectContaining({ channel: 'sms', recipient: user.phone }),
    ]);

    // in the bell, with no booking (the host leads it to the enquiries: notificationPath)
    const list = await bell(user);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toEqual([expect.objectContaining({ kind: 'quote_received', bookingId: null, title: quote.title, body: quote.body, push: true, read: false })]);

    await sender.sendDue();
    const email = emailOf(deliveries[0]!.id);
    expect(email).toMatchObject({ subject: `You have a quote of ${amount}`, to: [CONSUMER_EMAIL] });
    expect(email!.text).toContain('See your enquiries: https://utsav.example/enquiries\n');
    const [text] = catcher.mailbox.listSms(user.phone);
    expect(text!.text).toBe(`Utsav: You have a quote of ${amount}. ${quote.body} https://utsav.example/enquiries`);
    // the owner's own bell stays empty; only their new_enquiry was written for them
    expect((await bell(owner)).notifications).toEqual([]);
  });

  test('in Hindi for a consumer who chose it, SMS only; a new quote is told again with its own total', async () => {
    const owner = await ownerWith({ email: false, sms: false, push: false });
    const { user, eventId } = await consumerWith({ email: false, sms: true, push: false }, 'hi-IN');
    const [enquiry] = await enquire(user, eventId, [catalog.providerA.serviceId]);
    await sendQuote(owner, enquiry!.enquiryId);

    const amount = formatINR(TOTAL);
    const [quote] = (await notificationsOf(enquiry!.enquiryId)).filter((notification) => notification.kind === 'quote_received');
    expect(quote).toMatchObject({
      consumer_uid: user.uid,
      title: `आपको ${amount} का कोटेशन मिला है`,
      body: `${WHAT_HI}: सेवा प्रदाता ने ${amount} का कोटेशन भेजा है। अपनी पूछताछ में जाकर इसे स्वीकार या मना करें।`,
      language: 'hi-IN',
    });
    expect((await deliveriesOf(quote!.id)).map((delivery) => delivery.channel)).toEqual(['sms']);
    await sender.sendDue();
    const [text] = catcher.mailbox.listSms(user.phone);
    expect(text!.text).toBe(`उत्सव: आपको ${amount} का कोटेशन मिला है। ${quote!.body} https://utsav.example/enquiries`);

    // a second quote supersedes the first: its own total
    const response = await call(owner, `/provider/enquiries/${enquiry!.enquiryId}/quote`, { json: { ...QUOTE, lineItems: [{ label: 'One photographer', amount: 2_000_000 }] } });
    expect(response.status).toBe(201);
    const quotes = (await notificationsOf(enquiry!.enquiryId)).filter((notification) => notification.kind === 'quote_received');
    expect(quotes.map((notification) => notification.title)).toEqual([`आपको ${amount} का कोटेशन मिला है`, `आपको ${formatINR(2_000_000)} का कोटेशन मिला है`]);
  });

  test('an enquiry declined by the provider: the consumer hears of it (English and Hindi); the provider does not', async () => {
    const owner = await ownerWith({ email: true, sms: true, push: true });
    const english = await consumerWith({ email: false, sms: true, push: true });
    const hindi = await consumerWith({ email: false, sms: true, push: true }, 'hi-IN');
    const [first] = await enquire(english.user, english.eventId, [catalog.providerA.serviceId]);
    const [second] = await enquire(hindi.user, hindi.eventId, [catalog.providerA.serviceId]);
    for (const enquiry of [first!, second!]) {
      expect((await call(owner, `/provider/enquiries/${enquiry.enquiryId}/decline`, { method: 'POST', json: { reason: 'We are booked that week' } })).status).toBe(200);
    }

    const declinedEn = (await notificationsOf(first!.enquiryId)).filter((notification) => notification.audience === 'consumer');
    expect(declinedEn).toEqual([
      expect.objectContaining({
        consumer_uid: english.user.uid,
        kind: 'enquiry_declined',
        title: 'Your enquiry was declined',
        body: `${WHAT_EN}. The provider can't take it; see their answer in your enquiries.`,
      }),
    ]);
    const declinedHi = (await notificationsOf(second!.enquiryId)).filter((notification) => notification.audience === 'consumer');
    expect(declinedHi).toEqual([
      expect.objectContaining({
        consumer_uid: hindi.user.uid,
        kind: 'enquiry_declined',
        title: 'आपकी पूछताछ मना कर दी गई',
        body: `${WHAT_HI}। सेवा प्रदाता इसे नहीं ले सकते; उनका जवाब अपनी पूछताछ में देखें।`,
        language: 'hi-IN',
      }),
    ]);
    // the provider: only the two new enquiries, no word of their own decline
    const owners = await server.database.query<{ kind: string }>("SELECT kind FROM notifications WHERE consumer_uid = $1 AND audience = 'provider' ORDER BY id", [owner.uid]);
    expect(owners.map((row) => row.kind)).toEqual(['new_enquiry', 'new_enquiry']);

    await sender.sendDue();
    const [text] = catcher.mailbox.listSms(english.user.phone);
    expect(text!.text).toBe(`Utsav: Your enquiry was declined. ${declinedEn[0]!.body} https://utsav.example/enquiries`);
    expect((await bell(hindi.user)).notifications).toEqual([expect.objectContaining({ kind: 'enquiry_declined', bookingId: null })]);
  });
});
