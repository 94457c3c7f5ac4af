import { createHash } from 'node:crypto';
import { loadConfig } from '../src/config';
import { startMessageCatcher, type MessageCatcher } from '@utsav/stand-ins/src/message-catcher/server';
import { createChannels, type Channels } from '../src/notifications/channels';
import { createNotificationSender } from '../src/notifications/notification-sender';
import { LINK_INVALID, TOO_SOON } from '../src/users/email-verification-routes';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { insertCatalogFixture, makeProviderOwner, onboardConsumer } from './support/bookings';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorAnswer, errorSaying } from './support/error-answers';

/**
 * Email verification (issue 34, item 4) over real HTTP against a real database: the link goes out through the
 * notifications' outbox and sender, over SMTP to the local message catcher; opening it verifies the address.
 */

let server: TestServer;
let catcher: MessageCatcher;
let channels: Channels;
const silentLog = { warn: () => undefined, error: () => undefined } as never;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_APP_URL: 'https://utsav.example' });
  catcher = await startMessageCatcher({ smtpPort: 0, httpPort: 0, logger: false });
  channels = createChannels(loadConfig({ SMTP_URL: catcher.smtpUrl, SMS_API_URL: catcher.url }));
});
afterAll(async () => {
  await channels?.close();
  await catcher?.close();
  await server.close();
});

const sendDue = () => createNotificationSender({ db: server.database, channels, appUrl: 'https://utsav.example', leaseMs: 60_000, log: silentLog }).sendDue();
const statusUrl = (user: TestUser) => `${server.url}/users/consumer/${user.uid}/email-verification`;
const status = async (user: TestUser) => (await request(statusUrl(user), { token: user.idToken })).body;
const ask = (user: TestUser) => request(statusUrl(user), { method: 'POST', token: user.idToken });
const open = (token: string) => fetch(`${server.url}/email-verification/${token}`, { redirect: 'manual' });

async function consumer(language?: 'hi-IN'): Promise<{ user: TestUser; email: string }> {
  const user = await signInWithPhone();
  const email = `v${user.uid.slice(0, 8).toLowerCase()}@example.in`;
  await onboardConsumer(server.database, user, { email, emailVerified: false });
  if (language) await server.database.query('UPDATE consumers SET language = $2 WHERE uid = $1', [user.uid, language]);
  return { user, email };
}

/** The link the sender delivered to `email`, and its token. */
async function linkSentTo(email: string): Promise<{ subject: string; link: string; token: string }> {
  await sendDue();
  const [caught] = catcher.mailbox.listEmails(email).slice(-1);
  if (!caught) throw new Error(`no email to ${email}`);
  const link = /https?:\/\/\S+\/email-verification\/([A-Za-z0-9_-]+)/.exec(caught.text);
  if (!link) throw new Error(`no link in: ${caught.text}`);
  return { subject: caught.subject, link: link[0], token: link[1]! };
}

test('a new address is not verified; the link sent to it verifies it and leads to My Account', async () => {
  const { user, email } = await consumer();
  expect(await status(user)).toEqual({ email, verified: false });

  const asked = await ask(user);
  expect(asked).toMatchObject({ status: 202, body: { email, verified: false } });
  // nothing for the bell: the link is not a notification
  expect((await request(`${server.url}/users/${user.uid}/notifications`, { token: user.idToken })).body).toMatchObject({ notifications: [] });

  const { subject, link, token } = await linkSentTo(email);
  expect(subject).toBe('Verify your email address for Utsav');
  expect(link.startsWith(`${loadConfig({}).PUBLIC_API_URL}/email-verification/`)).toBe(true);
  // the database keeps only the token's hash
  const stored = await server.database.query<{ token_hash: string }>('SELECT token_hash FROM email_verifications WHERE consumer_uid = $1', [user.uid]);
  expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

  const opened = await open(token);
  expect(opened.status).toBe(303);
  expect(opened.headers.get('location')).toBe('https://utsav.example/account?emailVerified=1');
  expect(await status(user)).toEqual({ email, verified: true });
  // spent: the same link again is refused, with a message; asking again says it is done
  const again = await open(token);
  expect({ status: again.status, body: await again.json() }).toEqual({ status: 400, body: errorAnswer(LINK_INVALID) });
  expect(await ask(user)).toMatchObject({ status: 409, body: errorSaying('Your email address is already verified') });
});

test('one link a minute: asking again at once is 429 with a message, and sends nothing', async () => {
  const { user, email } = await consumer();
  expect((await ask(user)).status).toBe(202);
  const second = await ask(user);
  expect(second).toMatchObject({ status: 429, body: { code: TOO_SOON } });
  expect(second.headers.get('retry-after')).toBe('60');
  await sendDue();
  expect(catcher.mailbox.listEmails(email)).toHaveLength(1);
});

test('a changed email is not verified, and a link to the old address no longer verifies anything', async () => {
  const { user, email } = await consumer();
  await ask(user);
  const { token } = await linkSentTo(email);
  const changed = `new-${email}`;
  await server.database.query('UPDATE consumers SET email = $2 WHERE uid = $1', [user.uid, changed]);
  expect((await open(token)).status).toBe(400);
  expect(await status(user)).toEqual({ email: changed, verified: false });
  // verified, then changed: the new one is not
  await server.database.query('UPDATE email_verifications SET created_at = now() - interval \'2 minutes\' WHERE consumer_uid = $1', [user.uid]);
  await ask(user);
  expect((await open((await linkSentTo(changed)).token)).status).toBe(303);
  expect(await status(user)).toEqual({ email: changed, verified: true });
  await server.database.query('UPDATE consumers SET email = $2 WHERE uid = $1', [user.uid, email]);
  expect(await status(user)).toEqual({ email, verified: false });
});

test('an expired link, and a token that is not one, are 400 with a message', async () => {
  const { user, email } = await consumer();
  await ask(user);
  const { token } = await linkSentTo(email);
  await server.database.query("UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE consumer_uid = $1", [user.uid]);
  const expired = await open(token);
  expect({ status: expired.status, body: await expired.json() }).toEqual({ status: 400, body: errorAnswer(LINK_INVALID) });
  expect(await status(user)).toEqual({ email, verified: false });
  for (const bad of ['x', 'A'.repeat(43), `${token.slice(0, 42)}%2F`]) {
    const answer = await open(bad);
    expect({ bad, status: answer.status, body: await answer.json() }).toEqual({ bad, status: 400, body: errorAnswer(LINK_INVALID) });
  }
});

test('in Hindi for a consumer who chose Hindi', async () => {
  const { user, email } = await consumer('hi-IN');
  await ask(user);
  const { subject } = await linkSentTo(email);
  expect(subject).toBe('Utsav के लिए अपना ईमेल पता सत्यापित करें');
  const [caught] = catcher.mailbox.listEmails(email);
  expect(caught!.text).toContain(`यह पुष्टि करने के लिए कि ${email} आपका ईमेल पता है`);
});

test("someone else's status and link requests are refused; no profile is 404", async () => {
  const { user } = await consumer();
  const other = await signInWithPhone();
  expect((await request(statusUrl(user), { token: other.idToken })).status).toBe(403);
  expect((await request(statusUrl(user), { method: 'POST', token: other.idToken })).status).toBe(403);
  expect((await request(statusUrl(other), { token: other.idToken })).status).toBe(404);
  expect((await request(statusUrl(other), { method: 'POST', token: other.idToken })).status).toBe(404);
});

test('no email goes to an address until it is verified: the notification is written, its email only once the link was opened', async () => {
  const catalog = await insertCatalogFixture(server.database);
  const owner = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
  const { user, email } = await consumer();
  const declined = async () => {
    const booking = await bookingIn(server, user, catalog.providerA.menus[0]!, 'requested');
    expect((await request(`${server.url}/provider/bookings/${booking.bookingId}/decline`, { token: owner.idToken, json: { reason: 'fully_booked' } })).status).toBe(200);
    return server.database.query<{ channel: string; recipient: string }>(
      'SELECT d.channel, d.recipient FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.booking_id = $1',
      [booking.bookingId],
    );
  };
  // email is on (the default): the bell has it, the address gets nothing
  expect(await declined()).toEqual([]);
  expect((await request(`${server.url}/users/${user.uid}/notifications`, { token: user.idToken })).body).toMatchObject({ notifications: [expect.anything()] });
  await sendDue();
  expect(catcher.mailbox.listEmails(email)).toEqual([]);

  await ask(user);
  expect((await open((await linkSentTo(email)).token)).status).toBe(303);
  expect(await declined()).toEqual([{ channel: 'email', recipient: email }]);
  await sendDue();
  expect(catcher.mailbox.listEmails(email).map((caught) => caught.subject)).toContain('Verify your email address for Utsav');
  expect(catcher.mailbox.listEmails(email)).toHaveLength(2);
}, 60_000);
