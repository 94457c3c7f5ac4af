import { notificationListSchema, type Booking } from '@utsav/contracts/schemas';
import { loadConfig, NOTIFICATIONS_LOCAL } from '../src/config';
import { startMessageCatcher, type MessageCatcher } from '@utsav/stand-ins/src/message-catcher/server';
import { createChannels, type Channels } from '../src/notifications/channels';
import { createNotificationSender, MAX_ATTEMPTS, type NotificationSender } from '../src/notifications/notification-sender';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, FIXTURE_CONSUMER, insertCatalogFixture, makeProviderOwner, type CatalogFixture } from './support/bookings';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * Notifications (issue 19, item 4) over real HTTP against a real database, sent through real channels
 * (nodemailer over SMTP, the SMS API over HTTP) to the local message catcher: written with the change,
 * by the consumer's settings; listed and read in the app; sent at least once and never twice.
 */

let server: TestServer;
let catalog: CatalogFixture;
let owner: TestUser; // runs providerA
let catcher: MessageCatcher;
let channels: Channels;
const silentLog = { warn: () => undefined, error: () => undefined } as never;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  owner = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
  catcher = await startMessageCatcher({ smtpPort: 0, httpPort: 0, logger: false });
  channels = createChannels(channelConfig(catcher));
});
afterAll(async () => {
  await channels?.close();
  await catcher?.close();
  await server.close();
});

function channelConfig(at: Pick<MessageCatcher, 'smtpUrl' | 'url'>, env: Record<string, string> = {}) {
  return loadConfig({ SMTP_URL: at.smtpUrl, SMS_API_URL: at.url, WHATSAPP_API_URL: at.url, ...env });
}
const senderWith = (using: Channels, leaseMs = 60_000): NotificationSender =>
  createNotificationSender({ db: server.database, channels: using, appUrl: 'https://utsav.example', leaseMs, log: silentLog });

const accept = (booking: Booking) => request(`${server.url}/provider/bookings/${booking.bookingId}/accept`, { token: owner.idToken, json: {} });
const decline = (booking: Booking) => request(`${server.url}/provider/bookings/${booking.bookingId}/decline`, { token: owner.idToken, json: { reason: 'fully_booked' } });
const settings = (user: TestUser, notifications: { email: boolean; sms: boolean; push: boolean; whatsapp?: boolean }) =>
  request(`${server.url}/users/consumer/${user.uid}/settings`, { method: 'PUT', token: user.idToken, json: { notifications } });
const deliveriesOf = (booking: Booking) =>
  server.database.query<{ id: string; channel: string; recipient: string; status: string; attempts: number; last_error: string | null }>(
    `SELECT d.id::text AS id, d.channel, d.recipient, d.status, d.attempts, d.last_error FROM notification_deliveries d
     JOIN notifications n ON n.id = d.notification_id WHERE n.booking_id = $1 ORDER BY d.id`,
    [booking.bookingId],
  );
const list = async (user: TestUser) => expectContract(notificationListSchema, (await request(`${server.url}/users/${user.uid}/notifications`, { token: user.idToken })).body);

test('the default settings (email on, SMS off, push on): an acceptance writes the notification and one email, which the sender delivers', async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  expect((await accept(booking)).status).toBe(200);

  const { notifications, unreadCount } = await list(consumer);
  expect(unreadCount).toBe(1);
  expect(notifications).toEqual([
    expect.objectContaining({ kind: 'accepted', bookingId: booking.bookingId, title: 'Your booking was accepted — pay the advance to confirm', push: true, read: false }),
  ]);
  expect(await deliveriesOf(booking)).toEqual([expect.objectContaining({ channel: 'email', recipient: FIXTURE_CONSUMER.email, status: 'pending', attempts: 0 })]);

  await senderWith(channels).sendDue();
  const [delivery] = await deliveriesOf(booking);
  expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
  const email = catcher.mailbox.listEmails().find((caught) => caught.messageId === `<utsav-delivery-${delivery!.id}@notifications.utsav.in>`);
  expect(email).toMatchObject({ subject: 'Your booking was accepted — pay the advance to confirm', to: [FIXTURE_CONSUMER.email], timesReceived: 1 });
  expect(email!.text).toContain(`https://utsav.example/bookings/order_summary?bid=${booking.bookingId}`);
  expect(catcher.mailbox.listSms(consumer.phone)).toEqual([]);
  // WhatsApp is opt-in: nothing for a consumer who did not turn it on
  expect(catcher.mailbox.listWhatsApp(consumer.phone)).toEqual([]);
});

test('email off, SMS on, push off: one text to the phone, no email, and the notification says no push', async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  expect((await settings(consumer, { email: false, sms: true, push: false })).status).toBe(200);
  expect((await decline(booking)).status).toBe(200);

  expect((await list(consumer)).notifications).toEqual([expect.objectContaining({ kind: 'declined', push: false })]);
  expect(await deliveriesOf(booking)).toEqual([expect.objectContaining({ channel: 'sms', recipient: consumer.phone })]);
  await senderWith(channels).sendDue();
  expect(await deliveriesOf(booking)).toEqual([expect.objectContaining({ status: 'sent' })]);
  const [text] = catcher.mailbox.listSms(consumer.phone);
  expect(text).toMatchObject({ sender: 'UTSAVB', timesReceived: 1 });
  // the title, then the body with its dates, then the link
  expect(text!.text).toMatch(/^Utsav: Your booking request was declined\. .+, \d{1,2} \w{3} \d{4}.*\. The provider can't take it; nothing was charged\. Reason: Fully booked on those dates\. https:\/\/utsav\.example\/bookings\/order_summary\?bid=/);
});

test('a consumer who chose Hindi: the notification, its email and its text are in Hindi (issue 20)', async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  await settings(consumer, { email: true, sms: true, push: true });
  const chosen = await request(`${server.url}/users/consumer/${consumer.uid}/language`, { method: 'PUT', token: consumer.idToken, json: { language: 'hi-IN' } });
  expect(chosen.status).toBe(200);
  expect((await accept(booking)).status).toBe(200);

  const [notification] = (await list(consumer)).notifications;
  expect(notification).toMatchObject({ kind: 'accepted', title: 'आपकी बुकिंग स्वीकार हो गई — पक्का करने के लिए एडवांस चुकाएँ' });
  // the dates in Hindi too ('5 दिस॰ 2026'), and the same words the English has around them
  expect(notification!.body).toMatch(/ दिस॰ | नव॰ | जन॰ |[०-९\d] \S+॰? \d{4}/);
  expect(notification!.body).toMatch(/मेरी बुकिंग से ₹[\d,]+\.\d\d \(एडवांस, प्लेटफ़ॉर्म फ़ीस और GST\) चुकाएँ।$/);

  await senderWith(channels).sendDue();
  const ids = (await deliveriesOf(booking)).map((delivery) => delivery.id);
  const email = catcher.mailbox.listEmails().find((caught) => ids.some((id) => caught.messageId === `<utsav-delivery-${id}@notifications.utsav.in>`));
  expect(email).toMatchObject({ subject: notification!.title, timesReceived: 1 });
  expect(email!.text).toContain('अपनी बुकिंग देखें: https://utsav.example/bookings/order_summary?bid=');
  const [text] = catcher.mailbox.listSms(consumer.phone);
  expect(text!.text).toMatch(/^उत्सव: आपकी बुकिंग स्वीकार हो गई/);
  // WhatsApp was left off (opt-in)
  expect(catcher.mailbox.listWhatsApp(consumer.phone)).toEqual([]);
});

describe('WhatsApp (issue 37, item 6): opt-in, to the number they signed in with, through the Cloud API stand-in', () => {
  const whatsAppOf = (delivery: { id: string }) => catcher.mailbox.listWhatsApp().find((caught) => caught.idempotencyKey === `utsav-delivery-${delivery.id}`);

  test('opted in: one template message with the title, the body and the link, in the Cloud API shape', async () => {
    const consumer = await signInWithPhone();
    const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    expect((await settings(consumer, { email: false, sms: false, push: true, whatsapp: true })).status).toBe(200);
    expect((await accept(booking)).status).toBe(200);

    expect(await deliveriesOf(booking)).toEqual([expect.objectContaining({ channel: 'whatsapp', recipient: consumer.phone, status: 'pending', attempts: 0 })]);
    await senderWith(channels).sendDue();
    const [delivery] = await deliveriesOf(booking);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
    const [notification] = (await list(consumer)).notifications;
    const caught = whatsAppOf(delivery!);
    expect(caught).toMatchObject({
      phoneNumberId: NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID,
      // the Cloud API takes the digits, without the +
      to: consumer.phone.replace(/^\+/, ''),
      type: 'template',
      template: { name: 'utsav_booking_update', language: 'en', parameters: [notification!.title, notification!.body, `https://utsav.example/bookings/order_summary?bid=${booking.bookingId}`] },
      timesReceived: 1,
    });
    const [row] = await server.database.query<{ provider_message_id: string }>('SELECT provider_message_id FROM notification_deliveries WHERE id = $1', [delivery!.id]);
    expect(row!.provider_message_id).toBe(caught!.id);
    expect(row!.provider_message_id).toMatch(/^wamid\./);
    // nothing by SMS or email: those were off
    expect(catcher.mailbox.listSms(consumer.phone)).toEqual([]);
  });

  test('in Hindi for a consumer who chose Hindi (the template in language hi); beside SMS, each its own delivery', async () => {
    const consumer = await signInWithPhone();
    const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    await settings(consumer, { email: false, sms: true, push: true, whatsapp: true });
    await request(`${server.url}/users/consumer/${consumer.uid}/language`, { method: 'PUT', token: consumer.idToken, json: { language: 'hi-IN' } });
    await decline(booking);
    expect((await deliveriesOf(booking)).map((delivery) => delivery.channel)).toEqual(['sms', 'whatsapp']);
    await senderWith(channels).sendDue();
    const whatsApp = (await deliveriesOf(booking)).find((delivery) => delivery.channel === 'whatsapp')!;
    expect(whatsApp.status).toBe('sent');
    const caught = whatsAppOf(whatsApp);
    const [notification] = (await list(consumer)).notifications;
    expect(notification!.title).toBe('आपकी बुकिंग का अनुरोध अस्वीकार हो गया');
    expect(caught!.template).toMatchObject({ language: 'hi', parameters: [notification!.title, notification!.body, expect.stringContaining('https://utsav.example/')] });
    expect(catcher.mailbox.listSms(consumer.phone)).toHaveLength(1);
  });

  test('the stand-in down: stays due with its error, goes out on a later look; a resend under the same key is one message', async () => {
    const consumer = await signInWithPhone();
    const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    await settings(consumer, { email: false, sms: false, push: true, whatsapp: true });
    await accept(booking);
    const down = createChannels(channelConfig({ smtpUrl: 'smtp://127.0.0.1:9', url: 'http://127.0.0.1:9' }));
    try {
      await senderWith(down).sendDue();
    } finally {
      await down.close();
    }
    const [failed] = await deliveriesOf(booking);
    expect(failed).toMatchObject({ channel: 'whatsapp', status: 'pending', attempts: 1, last_error: expect.stringMatching(/^WhatsApp message not sent: /) });
    await server.database.query('UPDATE notification_deliveries SET next_attempt_at = now() WHERE id = $1', [failed!.id]);
    await senderWith(channels).sendDue();
    expect((await deliveriesOf(booking))[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    // a sender that died after the send and before marking it: the next sends it again under the same key
    await server.database.query("UPDATE notification_deliveries SET status = 'pending', next_attempt_at = now() WHERE id = $1", [failed!.id]);
    await senderWith(channels).sendDue();
    expect(whatsAppOf(failed!)).toMatchObject({ timesReceived: 2 });
    expect(catcher.mailbox.listWhatsApp(consumer.phone)).toHaveLength(1);
  });

  test('refused for good (a wrong access token, 401): failed at once with the refusal kept, not retried', async () => {
    const consumer = await signInWithPhone();
    const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    await settings(consumer, { email: false, sms: false, push: true, whatsapp: true });
    await accept(booking);
    const wrongToken = createChannels(channelConfig(catcher, { WHATSAPP_ACCESS_TOKEN: 'not-the-token' }));
    try {
      await senderWith(wrongToken).sendDue();
    } finally {
      await wrongToken.close();
    }
    expect(await deliveriesOf(booking)).toEqual([
      expect.objectContaining({ channel: 'whatsapp', status: 'failed', attempts: 1, last_error: 'WhatsApp message not sent: the provider answered 401: Invalid OAuth access token - Cannot parse access token' }),
    ]);
    expect(catcher.mailbox.listWhatsApp(consumer.phone)).toEqual([]);
  });

  test('refused for good (400: a template the stand-in cannot take): failed at once', async () => {
    const consumer = await signInWithPhone();
    const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
    await settings(consumer, { email: false, sms: false, push: true, whatsapp: true });
    await accept(booking);
    const wrongNumber = createChannels(channelConfig(catcher, { WHATSAPP_PHONE_NUMBER_ID: '42' }));
    try {
      await senderWith(wrongNumber).sendDue();
    } finally {
      await wrongNumber.close();
    }
    expect(await deliveriesOf(booking)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, last_error: expect.stringContaining('the provider answered 400: Unsupported post request') })]);
  });
});

test('everything off: the bell still lists it, nothing is sent', async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  await settings(consumer, { email: false, sms: false, push: false });
  await accept(booking);
  expect((await list(consumer)).notifications).toHaveLength(1);
  expect(await deliveriesOf(booking)).toEqual([]);
});

test("the consumer's own changes (a request, a withdrawal) tell them nothing", async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  expect((await request(`${server.url}/bookings/${booking.bookingId}/withdraw`, { token: consumer.idToken, json: {} })).status).toBe(200);
  expect((await list(consumer)).notifications).toEqual([]);
});

test('read: everything up to a notification is read, the unread count follows, and again changes nothing', async () => {
  const consumer = await signInWithPhone();
  const first = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  const second = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  await accept(first);
  await decline(second);
  const before = await list(consumer);
  expect(before.notifications.map((n) => n.kind)).toEqual(['declined', 'accepted']); // newest first
  const older = before.notifications[1]!.notificationId;
  const read = await request(`${server.url}/users/${consumer.uid}/notifications/read`, { token: consumer.idToken, json: { upTo: older } });
  expect(read).toMatchObject({ status: 200, body: { unreadCount: 1 } });
  expect((await list(consumer)).notifications.map((n) => n.read)).toEqual([false, true]);
  const all = await request(`${server.url}/users/${consumer.uid}/notifications/read`, { token: consumer.idToken, json: { upTo: before.notifications[0]!.notificationId } });
  expect(all.body).toEqual({ unreadCount: 0 });
  expect((await request(`${server.url}/users/${consumer.uid}/notifications/read`, { token: consumer.idToken, json: { upTo: 'all' } })).status).toBe(400);
});

test('the relay down: the email stays due, with its error, and goes out on a later look', async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  await accept(booking);
  const down = createChannels(channelConfig({ smtpUrl: 'smtp://127.0.0.1:9', url: 'http://127.0.0.1:9' }));
  try {
    await senderWith(down).sendDue();
  } finally {
    await down.close();
  }
  const [failed] = await deliveriesOf(booking);
  expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.any(String) });
  // its next attempt is later: a look now leaves it alone
  await senderWith(channels).sendDue();
  expect((await deliveriesOf(booking))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  await server.database.query('UPDATE notification_deliveries SET next_attempt_at = now() WHERE id = $1', [failed!.id]);
  await senderWith(channels).sendDue();
  expect((await deliveriesOf(booking))[0]).toMatchObject({ status: 'sent', attempts: 2 });
});

test('refused for good (a wrong SMS key): failed at once, not retried', async () => {
  const consumer = await signInWithPhone();
  const booking = await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested');
  await settings(consumer, { email: false, sms: true, push: true });
  await accept(booking);
  const wrongKey = createChannels(channelConfig(catcher, { SMS_API_KEY: 'not-the-key' }));
  try {
    await senderWith(wrongKey).sendDue();
  } finally {
    await wrongKey.close();
  }
  expect(await deliveriesOf(booking)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })]);
  expect(MAX_ATTEMPTS).toBeGreaterThan(1);
});

test('two senders at once (two API instances) never send one delivery twice', async () => {
  const consumers = await Promise.all([1, 2, 3].map(() => signInWithPhone()));
  const bookings: Booking[] = [];
  for (const consumer of consumers) {
    for (let i = 0; i < 9; i++) bookings.push(await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested'));
  }
  for (const booking of bookings) await decline(booking);
  const second = createChannels(channelConfig(catcher));
  const sent = await Promise.all([senderWith(channels).sendDue(), senderWith(second).sendDue()]).finally(() => second.close());
  expect(sent[0]! + sent[1]!).toBeGreaterThanOrEqual(bookings.length);
  for (const booking of bookings) {
    const [delivery] = await deliveriesOf(booking);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
    const caught = catcher.mailbox.listEmails().find((email) => email.messageId === `<utsav-delivery-${delivery!.id}@notifications.utsav.in>`);
    expect(caught?.timesReceived).toBe(1);
  }
});

test('a relay slower than the lease: a second sender never sends a delivery the first still holds or already sent', async () => {
  const consumer = await signInWithPhone();
  const bookings: Booking[] = [];
  for (let i = 0; i < 3; i++) bookings.push(await bookingIn(server, consumer, catalog.providerA.menus[0]!, 'requested'));
  for (const booking of bookings) await decline(booking);
  // each send takes more than three leases: the first sender's batch lapses behind it while it sends
  const leaseMs = 300;
  const sends: string[] = [];
  const slow: Channels = {
    email: {
      async send(email) {
        sends.push(email.idempotencyKey);
        await new Promise((resolve) => setTimeout(resolve, leaseMs * 3 + 100));
        return { providerMessageId: `<${email.idempotencyKey}@slow.example>` };
      },
    },
    sms: { send: async (sms) => (sends.push(sms.idempotencyKey), { providerMessageId: sms.idempotencyKey }) },
    whatsapp: { send: async (message) => (sends.push(message.idempotencyKey), { providerMessageId: message.idempotencyKey }) },
    close: async () => undefined,
  };
  const first = senderWith(slow, leaseMs).sendDue();
  // the second looks once the first's leases would have passed, its first send still under way
  await new Promise((resolve) => setTimeout(resolve, leaseMs + 150));
  const sent = await Promise.all([first, senderWith(slow, leaseMs).sendDue()]);
  const ids = (await Promise.all(bookings.map(deliveriesOf))).flat();
  expect(ids.map((delivery) => delivery.status)).toEqual(['sent', 'sent', 'sent']);
  expect(sends.filter((key) => ids.some((delivery) => key === `utsav-delivery-${delivery.id}`)).sort()).toEqual(ids.map((delivery) => `utsav-delivery-${delivery.id}`).sort());
  expect(new Set(sends).size).toBe(sends.length);
  expect(sent[0]! + sent[1]!).toBe(sends.length);
}, 30_000);
