import { notificationListSchema, serviceDetailSchema, serviceListResponseSchema } from '@utsav/contracts/schemas';
import { startMessageCatcher, type MessageCatcher } from '@utsav/stand-ins/src/message-catcher/server';
import { killAllApiProcesses, startApiProcess, type ApiProcess } from './support/api-process';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingPayload, expectContract, inDays, onboardOverHttp, type FixtureMenu } from './support/bookings';
import { getOk } from './support/catalog';
import { pgliteStore, postgresStore, type DurabilityStore } from './support/durability-store';
import { request } from './support/test-server';

/**
 * At-least-once, never twice (issue 19, item 4): the API's notification sender is killed with SIGKILL in
 * the middle of a batch of emails — inside the SMTP conversation of one of them, before the relay has
 * answered it — and started again on the same data. Every notification must reach the mailbox; the one
 * in flight at the kill is sent again under its Message-ID (which the mailbox keeps once); none of those
 * the relay had already taken is sent again. On PGlite, or on the PostgreSQL server of DATABASE_URL.
 */

const NOTIFICATIONS = 8;
/** the kill comes while the relay receives this email of the batch */
const KILL_AT_EMAIL = 3;

let store: DurabilityStore;
let catcher: MessageCatcher;
let consumer: TestUser;
beforeAll(async () => {
  store = process.env.DATABASE_URL ? await postgresStore(process.env.DATABASE_URL) : pgliteStore();
  catcher = await startMessageCatcher({ smtpPort: 0, httpPort: 0, logger: false });
  consumer = await signInWithPhone();
});
afterAll(async () => {
  await killAllApiProcesses();
  await catcher?.close();
  await store?.remove();
});

const apiEnv = (sendEveryMs: number) => ({
  ...store.env,
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  SEED_DEMO_CATALOG: 'true',
  // the stand-in answers each request at once: one notification (and one email) per booking
  PROVIDER_AUTO_ACCEPT_MS: '1',
  WRITE_RATE_LIMIT_PER_MINUTE: '0',
  SMTP_URL: catcher.smtpUrl,
  SMS_API_URL: catcher.url,
  NOTIFICATION_SEND_INTERVAL_MS: String(sendEveryMs),
  // what a sender that died had claimed is claimed again after this
  NOTIFICATION_LEASE_MS: '1500',
});

async function stop(api: ApiProcess): Promise<void> {
  process.kill(api.pid, 'SIGTERM');
  await api.exited;
}

async function seededMenu(api: ApiProcess): Promise<FixtureMenu> {
  const { results } = await getOk(`${api.url}/services/latest?limit=1`, serviceListResponseSchema);
  const service = await getOk(`${api.url}/services/${results[0]!.serviceId}`, serviceDetailSchema);
  const menu = service.menus[0]!;
  return { id: menu.menuId, serviceId: menu.serviceId, name: menu.name, price: menu.price };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The notifications' emails the catcher holds (not the email verification's link, sent before them). */
const bookingEmails = () => catcher.mailbox.listEmails().filter((email) => !email.text.includes('/email-verification/'));

test('killed mid-batch and started again: every email delivered, only the one in flight sent twice, and kept once', async () => {
  // 0. the consumer, with their email verified (emails go to no other): its link sent by an API with a sender, and opened
  const verifier = await startApiProcess(apiEnv(200));
  await onboardOverHttp(verifier.url, consumer);
  expect((await request(`${verifier.url}/users/consumer/${consumer.uid}/email-verification`, { method: 'POST', token: consumer.idToken })).status).toBe(202);
  const link = await waitFor('the verification link', () => /\/email-verification\/([A-Za-z0-9_-]{43})/.exec(catcher.mailbox.listEmails()[0]?.text ?? '')?.[1]);
  expect((await fetch(`${verifier.url}/email-verification/${link}`, { redirect: 'manual' })).status).toBe(303);
  await stop(verifier);

  // 1. the notifications, written while no sender runs
  const quiet = await startApiProcess(apiEnv(0));
  const menu = await seededMenu(quiet);
  for (let i = 0; i < NOTIFICATIONS; i++) {
    const payload = bookingPayload(consumer, menu, { preferredDateRange: { from: inDays(20 + i), to: inDays(20 + i) } });
    const created = await request(`${quiet.url}/bookings`, { token: consumer.idToken, json: payload, headers: { nocart: 'true' } });
    expect(created.status).toBe(201);
  }
  await waitFor('a notification per booking', async () => {
    const list = expectContract(notificationListSchema, (await request(`${quiet.url}/users/${consumer.uid}/notifications`, { token: consumer.idToken })).body);
    return list.notifications.length === NOTIFICATIONS ? list : undefined;
  });
  await stop(quiet);
  expect(bookingEmails()).toEqual([]);

  // 2. a sender takes them as one batch and dies inside the SMTP conversation of one of them
  const sender = await startApiProcess(apiEnv(200));
  const receive = catcher.mailbox.receiveEmail.bind(catcher.mailbox);
  let received = 0;
  catcher.mailbox.receiveEmail = (email, now) => {
    received += 1;
    // before the relay answers this one (its 250 never reaches the sender)
    if (received === KILL_AT_EMAIL) process.kill(sender.pid, 'SIGKILL');
    return receive(email, now);
  };
  expect((await sender.exited).signal).toBe('SIGKILL');
  catcher.mailbox.receiveEmail = receive;
  const atKill = bookingEmails().length;
  expect(atKill).toBe(KILL_AT_EMAIL);

  // 3. started again: the rest once the dead sender's lease has passed
  const again = await startApiProcess(apiEnv(200));
  const emails = await waitFor('every email', () => {
    const caught = bookingEmails();
    return caught.length === NOTIFICATIONS ? caught : undefined;
  });
  // a little longer: nothing more comes
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(bookingEmails()).toHaveLength(NOTIFICATIONS);
  const times = emails.map((email) => email.timesReceived).sort();
  // the one in flight at the kill came twice (and is shown once); every other one once
  expect(times).toEqual([...Array(NOTIFICATIONS - 1).fill(1), 2]);
  expect(new Set(emails.map((email) => email.messageId)).size).toBe(NOTIFICATIONS);
  await stop(again);
}, 240_000);
