import {
  enquiryListSchema,
  messageSchema,
  planEventSchema,
  planSchema,
  quoteAcceptedSchema,
  threadListSchema,
  threadSchema,
  type Message,
} from '@utsav/contracts/schemas';
import { MASKED_CONTACT } from '@utsav/contracts/contact-mask';
import { randomUUID } from 'node:crypto';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, fixtureAddressId, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { tinyPng } from './support/images';
import { openLiveStream } from './support/live-stream';
import { request, startTestServer, type TestServer } from './support/test-server';
import { createUploadRepository } from '../src/uploads/upload-repository';
import type { Config } from '../src/config';

/**
 * Conversations (issue 37, item 4) over real HTTP: one thread per enquiry and per booking between its consumer and the
 * person who runs its listing; contact details masked until the booking is confirmed; read receipts; one notification
 * until the other side reads; photos from the upload path; reports; live events; a send tried again is one message.
 */

let server: TestServer;
let catalog: CatalogFixture;
/** runs provider A's listing */
let provider: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  provider = await signInWithPhone();
  await onboardConsumer(server.database, provider, { name: 'Ravi Lens' });
  await makeProviderOwner(server.database, catalog.providerA.id, provider.uid);
});
afterAll(() => server.close());

const call = (user: TestUser, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${server.url}${path}`, { token: user.idToken, ...init });

/** an onboarded consumer with an open enquiry to provider A's listing (of `on`: this file's server, or one of its own) */
async function consumerWithEnquiry(on: TestServer = server, serviceId: string = catalog.providerA.serviceId) {
  const user = await signInWithPhone();
  await onboardConsumer(on.database, user, { name: 'Asha Verma' });
  const post = (path: string, json: unknown) => request(`${on.url}${path}`, { token: user.idToken, json });
  const plan = planSchema.parse((await post('/plans', { title: 'Asha & Rohan', from: inDays(60), to: inDays(64), homeCity: 'Jaipur' })).body);
  const event = planEventSchema.parse((await post(`/plans/${plan.planId}/events`, { kind: 'wedding', date: inDays(61), city: 'Jaipur', guests: 300 })).body);
  const created = await post('/enquiries', { eventId: event.eventId, serviceIds: [serviceId], message: 'Are you free?' });
  expect(created.status).toBe(201);
  const [enquiry] = expectContract(enquiryListSchema, created.body);
  return { user, enquiryId: enquiry!.enquiryId, post };
}

const send = (user: TestUser, thread: string, json: Record<string, unknown>) => call(user, `/threads/${thread}/messages`, { json: { clientKey: randomUUID(), ...json } });
async function sent(user: TestUser, thread: string, json: Record<string, unknown>): Promise<Message> {
  const response = await send(user, thread, json);
  expect(response.status).toBe(201);
  return expectContract(messageSchema, response.body);
}
const read = async (user: TestUser, thread: string) => {
  const response = await call(user, `/threads/${thread}`);
  expect(response.status).toBe(200);
  return expectContract(threadSchema, response.body);
};
const messageNotifications = (uid: string, audience: 'consumer' | 'provider') =>
  server.database.query<{ enquiry_id: string | null; booking_id: string | null; title: string; body: string; read_at: Date | null }>(
    "SELECT enquiry_id::text AS enquiry_id, booking_id::text AS booking_id, title, body, read_at FROM notifications WHERE consumer_uid = $1 AND audience = $2 AND kind = 'new_message' ORDER BY id",
    [uid, audience],
  );

async function uploadPhoto(user: TestUser): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${server.url}/users/consumer/upload/${user.uid}`, { method: 'POST', headers: { Authorization: `Bearer ${user.idToken}` }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

describe("an enquiry's conversation", () => {
  test('both sides write and read it; nobody else can; the subject names the service and the first name only', async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const thread = `enquiry/${enquiryId}`;
    const empty = await read(user, thread);
    expect(empty).toEqual({
      subject: {
        kind: 'enquiry',
        threadId: enquiryId,
        role: 'consumer',
        serviceTitle: 'Lens Studio Photography',
        category: 'Photography',
        providerName: 'Lens Studio',
        consumerFirstName: 'Asha',
        date: inDays(61),
        contactsShown: false,
      },
      messages: [],
      before: null,
      readByOther: null,
    });

    const first = await sent(user, thread, { body: '  Can you do a pre-wedding shoot too?\r\nIn Udaipur.  ' });
    expect(first).toEqual({ messageId: expect.any(String), from: 'consumer', body: 'Can you do a pre-wedding shoot too?\nIn Udaipur.', masked: false, photos: [], createdAt: expect.any(String), clientKey: expect.any(String), reported: false });
    const answer = await sent(provider, thread, { body: 'Yes, we can.' });

    const asProvider = await read(provider, thread);
    expect(asProvider.subject.role).toBe('provider');
    expect(asProvider.messages.map((message) => [message.from, message.body])).toEqual([
      ['consumer', 'Can you do a pre-wedding shoot too?\nIn Udaipur.'],
      ['provider', 'Yes, we can.'],
    ]);
    expect(JSON.stringify(asProvider)).not.toContain(user.phone);
    // the provider answered: they had read the consumer's message
    expect((await read(user, thread)).readByOther).toBe(answer.messageId);

    // another consumer, and another listing's owner: as if there were no such thread
    const stranger = await signInWithPhone();
    expect((await call(stranger, `/threads/${thread}`)).status).toBe(404);
    expect((await send(stranger, thread, { body: 'hi' })).status).toBe(404);
    const otherOwner = await signInWithPhone();
    await makeProviderOwner(server.database, catalog.providerB.id, otherOwner.uid);
    expect((await call(otherOwner, `/threads/${thread}`)).status).toBe(404);
    // an id that is not a uuid, a kind that does not exist
    expect((await call(user, '/threads/enquiry/not-a-uuid')).status).toBe(404);
    expect((await call(user, `/threads/plan/${enquiryId}`)).status).toBe(400);
  });

  test('phone numbers and emails are masked for both sides until the booking is confirmed, then shown', async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const thread = `enquiry/${enquiryId}`;
    const message = await sent(user, thread, { body: 'Call me on +91 98765 43210 or asha@example.in. Budget ₹1,50,000 on 12/12/2026.' });
    expect(message.masked).toBe(true);
    expect(message.body).toBe(`Call me on ${MASKED_CONTACT} or ${MASKED_CONTACT}. Budget ₹1,50,000 on 12/12/2026.`);
    const seen = (await read(provider, thread)).messages[0]!;
    expect(seen.body).not.toContain('98765');
    expect(seen.body).not.toContain('asha@example.in');
    expect(JSON.stringify((await call(provider, '/threads?role=provider')).body)).not.toContain('98765');

    // a quote, accepted: a booking request; confirmed (paid), the contact shows in the enquiry's thread
    const quote = await call(provider, `/provider/enquiries/${enquiryId}/quote`, { json: { lineItems: [{ label: 'Wedding day', amount: 5_000_000 }], validUntil: inDays(10), note: '' } });
    expect(quote.status).toBe(201);
    const quoteId = (quote.body as { quotes: Array<{ quoteId: string }> }).quotes[0]!.quoteId;
    const accepted = await call(user, `/quotes/${quoteId}/accept`, { json: { addressId: fixtureAddressId(user), preferredTime: { start: '10:00', end: '14:00' }, note: '' } });
    expect(accepted.status).toBe(201);
    const { booking } = expectContract(quoteAcceptedSchema, accepted.body);
    expect((await read(provider, thread)).subject.contactsShown).toBe(false);
    // the payment path is the payments suites'; here only its outcome
    await server.database.query("UPDATE bookings SET status = 'confirmed' WHERE id = $1", [booking.bookingId]);
    const shown = await read(provider, thread);
    expect(shown.subject.contactsShown).toBe(true);
    expect(shown.messages[0]).toMatchObject({ body: 'Call me on +91 98765 43210 or asha@example.in. Budget ₹1,50,000 on 12/12/2026.', masked: false });
    // the booking has its own thread, shown as well
    const bookingThread = await read(user, `booking/${booking.bookingId}`);
    expect(bookingThread.subject).toMatchObject({ kind: 'booking', threadId: booking.bookingId, role: 'consumer', contactsShown: true });
  });

  test('the other side is told once until they read the thread, in their language; reading it reads the bell too', async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const thread = `enquiry/${enquiryId}`;
    await sent(user, thread, { body: 'One' });
    await sent(user, thread, { body: 'Two' });
    const three = await sent(user, thread, { body: 'Three, with my number 9876543210' });
    const toProvider = (await messageNotifications(provider.uid, 'provider')).filter((n) => n.enquiry_id === enquiryId);
    expect(toProvider).toHaveLength(1);
    expect(toProvider[0]!.title).toBe('New message from Asha');
    // never the words (they may hold what is masked)
    expect(toProvider[0]!.body).not.toContain('9876543210');
    expect(toProvider[0]!.body).not.toContain('One');

    // the provider reads up to the third and answers; the consumer hears once
    const marked = await call(provider, `/threads/${thread}/read`, { json: { upTo: three.messageId } });
    expect(marked.status).toBe(204);
    expect((await read(user, thread)).readByOther).toBe(three.messageId);
    await sent(provider, thread, { body: 'Noted' });
    await sent(provider, thread, { body: 'Sending a quote today' });
    const toConsumer = await messageNotifications(user.uid, 'consumer');
    expect(toConsumer).toHaveLength(1);
    expect(toConsumer[0]).toMatchObject({ enquiry_id: enquiryId, title: 'New message from Lens Studio', read_at: null });

    // the consumer writes again after the provider read: a new notification for the provider
    await sent(user, thread, { body: 'Thanks!' });
    expect((await messageNotifications(provider.uid, 'provider')).filter((n) => n.enquiry_id === enquiryId)).toHaveLength(2);

    // the consumer reads the thread: the bell's notification of it is read with it
    const latest = (await read(user, thread)).messages.at(-1)!;
    expect((await call(user, `/threads/${thread}/read`, { json: { upTo: latest.messageId } })).status).toBe(204);
    expect((await messageNotifications(user.uid, 'consumer'))[0]!.read_at).not.toBeNull();
    // a message that is not this thread's
    expect((await call(user, `/threads/${thread}/read`, { json: { upTo: randomUUID() } })).status).toBe(404);
  });

  test('in Hindi for a consumer who chose it', async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    await server.database.query("UPDATE consumers SET language = 'hi-IN' WHERE uid = $1", [user.uid]);
    await sent(provider, `enquiry/${enquiryId}`, { body: 'नमस्ते' });
    const [notification] = await messageNotifications(user.uid, 'consumer');
    expect(notification!.title).toBe('Lens Studio का नया संदेश');
  });

  test('a send tried again is one message; a key used in another thread is a 409', async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const clientKey = randomUUID();
    const once = await call(user, `/threads/enquiry/${enquiryId}/messages`, { json: { body: 'Hello', clientKey } });
    const again = await call(user, `/threads/enquiry/${enquiryId}/messages`, { json: { body: 'Hello', clientKey } });
    expect(once.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.messageId).toBe(once.body.messageId);
    expect((await read(user, `enquiry/${enquiryId}`)).messages).toHaveLength(1);
    const other = await consumerWithEnquiry();
    // the key is the sender's: another sender may use the same one
    expect((await call(other.user, `/threads/enquiry/${other.enquiryId}/messages`, { json: { body: 'Hi', clientKey } })).status).toBe(201);
    // the same sender, another thread of theirs
    const second = await call(user, '/enquiries', { json: { eventId: (await server.database.query<{ event_id: string }>('SELECT event_id::text AS event_id FROM enquiries WHERE id = $1', [enquiryId]))[0]!.event_id, serviceIds: [catalog.providerB.serviceId], message: 'And you?' } });
    const secondId = expectContract(enquiryListSchema, second.body)[0]!.enquiryId;
    const reused = await call(user, `/threads/enquiry/${secondId}/messages`, { json: { body: 'Hello', clientKey } });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toMatch(/another conversation/);
  });

  test('bad messages are 400s that say why', async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const thread = `enquiry/${enquiryId}`;
    const blank = await send(user, thread, { body: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/Write a message or attach a photo/);
    const controlOnly = await send(user, thread, { body: '\u0001\u0002' });
    expect(controlOnly.status).toBe(400);
    const long = await send(user, thread, { body: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 2000/);
    const noKey = await call(user, `/threads/${thread}/messages`, { json: { body: 'hi' } });
    expect(noKey.status).toBe(400);
    const tooManyPhotos = await send(user, thread, { body: 'hi', photos: Array.from({ length: 5 }, () => 'x') });
    expect(tooManyPhotos.status).toBe(400);
    expect(tooManyPhotos.body.message).toMatch(/at most 4 photos/);
    expect((await read(user, thread)).messages).toEqual([]);
  });
});

describe('older messages', () => {
  test('a thread answers its newest 50, oldest first, and pages back with `before`', async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const thread = `enquiry/${enquiryId}`;
    for (let n = 1; n <= 55; n += 1) await sent(n % 2 ? user : provider, thread, { body: `Message ${n}` });
    const newest = await read(user, thread);
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages[0]!.body).toBe('Message 6');
    expect(newest.messages.at(-1)!.body).toBe('Message 55');
    expect(newest.before).toBe(newest.messages[0]!.messageId);
    const older = await call(user, `/threads/${thread}?before=${newest.before}`);
    expect(expectContract(threadSchema, older.body).messages.map((message) => message.body)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    expect(expectContract(threadSchema, older.body).before).toBeNull();
    expect((await call(user, `/threads/${thread}?before=${randomUUID()}`)).status).toBe(404);
  });
});

describe('photos', () => {
  test("a photo is the sender's own upload, shown to both sides, and kept by the upload cleanup while its message is", async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const thread = `enquiry/${enquiryId}`;
    const url = await uploadPhoto(user);
    const withPhoto = await sent(user, thread, { photos: [url] });
    expect(withPhoto.photos).toEqual([url]);
    expect(withPhoto.body).toBe('');
    expect((await read(provider, thread)).messages[0]!.photos).toEqual([url]);

    // someone else's upload, or a url that is not this API's uploads: refused
    const theirs = await uploadPhoto(provider);
    const notYours = await send(user, thread, { photos: [theirs] });
    expect(notYours.status).toBe(400);
    expect(notYours.body.message).toMatch(/one you uploaded/);
    expect((await send(user, thread, { photos: ['https://elsewhere.example/uploads/a.png'] })).status).toBe(400);

    // the cleanup of unused uploads (as if a year had gone by) keeps the message's photo, not the other
    const removed = await createUploadRepository(server.database).deleteUnused(new Date(Date.now() + 365 * 86_400_000), 1000);
    const name = url.split('/').at(-1)!;
    expect(removed).not.toContain(name);
    expect(removed).toContain(theirs.split('/').at(-1));
  });
});

describe('reports', () => {
  test("either side reports the other's message once; not their own; nobody else's", async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const thread = `enquiry/${enquiryId}`;
    const rude = await sent(user, thread, { body: 'Pay me outside the app' });
    const reported = await call(provider, `/messages/${rude.messageId}/report`, { json: { reason: 'outside_payment', note: 'asked for cash' } });
    expect(reported.status).toBe(200);
    expect(expectContract(messageSchema, reported.body)).toMatchObject({ messageId: rude.messageId, reported: true });
    expect((await call(provider, `/messages/${rude.messageId}/report`, { json: { reason: 'spam' } })).status).toBe(200);
    const rows = await server.database.query<{ reason: string; note: string }>('SELECT reason, note FROM message_reports WHERE message_id = $1', [rude.messageId]);
    expect(rows).toEqual([{ reason: 'outside_payment', note: 'asked for cash' }]);
    // the reporter sees it marked; the sender does not
    expect((await read(provider, thread)).messages[0]!.reported).toBe(true);
    expect((await read(user, thread)).messages[0]!.reported).toBe(false);

    const own = await call(user, `/messages/${rude.messageId}/report`, { json: { reason: 'spam' } });
    expect(own.status).toBe(409);
    const stranger = await signInWithPhone();
    expect((await call(stranger, `/messages/${rude.messageId}/report`, { json: { reason: 'spam' } })).status).toBe(404);
    const badReason = await call(provider, `/messages/${rude.messageId}/report`, { json: { reason: 'boring' } });
    expect(badReason.status).toBe(400);
    expect(badReason.body.message).toMatch(/why you are reporting/);
  });
});

describe('the list of conversations', () => {
  test("each side's threads with messages, the newest first, with their unread counts", async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const second = await consumerWithEnquiry();
    await sent(user, `enquiry/${enquiryId}`, { body: 'First thread' });
    await sent(second.user, `enquiry/${second.enquiryId}`, { body: 'Second thread, 98765 43210' });
    await sent(second.user, `enquiry/${second.enquiryId}`, { body: 'and more' });

    const mine = expectContract(threadListSchema, (await call(user, '/threads')).body);
    expect(mine.map((thread) => thread.subject.threadId)).toEqual([enquiryId]);
    expect(mine[0]).toMatchObject({ unread: 0, last: { body: 'First thread', from: 'consumer' } });

    const theirs = expectContract(threadListSchema, (await call(provider, '/threads?role=provider')).body);
    const ids = theirs.map((thread) => thread.subject.threadId);
    expect(ids.indexOf(second.enquiryId)).toBeLessThan(ids.indexOf(enquiryId));
    expect(theirs.find((thread) => thread.subject.threadId === second.enquiryId)).toMatchObject({ unread: 2, last: { body: 'and more' }, subject: { role: 'provider', consumerFirstName: 'Asha' } });
    // a consumer who runs no listing has no provider threads
    expect(expectContract(threadListSchema, (await call(user, '/threads?role=provider')).body)).toEqual([]);
    expect((await call(user, '/threads?role=admin')).status).toBe(400);
  });
});

describe('live', () => {
  test("a message reaches the other side's live stream as a thread event", async () => {
    const { user, enquiryId } = await consumerWithEnquiry();
    const stream = await openLiveStream(server.url, user.uid, user.idToken);
    try {
      await stream.next((event) => event.event === 'ready');
      await sent(provider, `enquiry/${enquiryId}`, { body: 'Hello from the studio' });
      const event = await stream.next((each) => each.event === 'thread');
      expect(event.data).toEqual({ kind: 'enquiry', threadId: enquiryId, role: 'consumer' });
    } finally {
      stream.close();
    }
  });
});

/** A server of its own with these message budgets, and a consumer's enquiry there: `post` as that consumer, `send` a message. */
async function withBudgets(budgets: Partial<Config>, check: (as: { post: (path: string, json: unknown) => ReturnType<typeof request>; send: (body: string) => ReturnType<typeof request> }) => Promise<void>) {
  const limited = await startTestServer(budgets);
  try {
    const { enquiryId, post } = await consumerWithEnquiry(limited, (await insertCatalogFixture(limited.database)).providerA.serviceId);
    await check({ post, send: (body) => post(`/threads/enquiry/${enquiryId}/messages`, { body, clientKey: randomUUID() }) });
  } finally {
    await limited.close();
  }
}

describe('rate limits', () => {
  test("sending has a minute's budget of its own per person: then a 429 that says when", async () => {
    await withBudgets({ MESSAGE_RATE_LIMIT_PER_MINUTE: 2 }, async ({ post, send }) => {
      expect((await send('one')).status).toBe(201);
      expect((await send('two')).status).toBe(201);
      const third = await send('three');
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/at most 2 a minute/);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      // other writes are not held back by it
      expect((await post('/plans', { title: 'Q', from: inDays(60), to: inDays(64), homeCity: 'Jaipur' })).status).toBe(201);
    });
  });

  test("and a day's budget, whose answer says when in hours", async () => {
    await withBudgets({ MESSAGE_RATE_LIMIT_PER_MINUTE: 0, MESSAGE_RATE_LIMIT_PER_DAY: 1 }, async ({ send }) => {
      expect((await send('one')).status).toBe(201);
      const second = await send('two');
      expect(second.status).toBe(429);
      expect(second.body.message).toBe('You have sent the most messages a day allows (1). Please try again in 24 hours.');
    });
  });
});
