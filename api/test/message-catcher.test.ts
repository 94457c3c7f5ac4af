import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { API_ROOT, NOTIFICATIONS_LOCAL, type NotificationChannelsConfig } from '../src/config';
import { Mailbox } from '@utsav/stand-ins/src/message-catcher/mailbox';
import { startMessageCatcher, type MessageCatcher } from '@utsav/stand-ins/src/message-catcher/server';
import { ChannelError, createChannels, type Channels } from '../src/notifications/channels';

/**
 * The message catcher (stand-ins/src/message-catcher) and the real channels (notifications/channels.ts) against it, over
 * real sockets: nodemailer → its SMTP server, fetch → its SMS API and its WhatsApp Cloud API.
 */
let catcher: MessageCatcher;
let channels: Channels;
const opened: Channels[] = [];

const channelsConfig = (overrides: Partial<NotificationChannelsConfig> = {}): NotificationChannelsConfig => ({
  SMTP_URL: catcher.smtpUrl,
  MAIL_FROM: 'Utsav <bookings@utsav.local>',
  SMS_API_URL: catcher.url,
  SMS_API_KEY: NOTIFICATIONS_LOCAL.SMS_API_KEY,
  SMS_SENDER: 'UTSAVB',
  WHATSAPP_API_URL: catcher.url,
  WHATSAPP_API_VERSION: 'v23.0',
  WHATSAPP_PHONE_NUMBER_ID: NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID,
  WHATSAPP_ACCESS_TOKEN: NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN,
  WHATSAPP_TEMPLATE: 'utsav_booking_update',
  ...overrides,
});

function channelsWith(overrides: Partial<NotificationChannelsConfig>): Channels {
  const made = createChannels(channelsConfig(overrides));
  opened.push(made);
  return made;
}

beforeAll(async () => {
  catcher = await startMessageCatcher({ smtpPort: 0, httpPort: 0, logger: false });
  channels = channelsWith({});
});

afterAll(async () => {
  await Promise.all(opened.map((made) => made.close()));
  await catcher.close();
});

beforeEach(async () => {
  await fetch(`${catcher.url}/emails`, { method: 'DELETE' });
  await fetch(`${catcher.url}/sms`, { method: 'DELETE' });
  await fetch(`${catcher.url}/whatsapp`, { method: 'DELETE' });
});

interface EmailsAnswer {
  emails: { id: string; messageId: string; from: string; to: string[]; subject: string; text: string; receivedAt: string; timesReceived: number }[];
}
interface SmsAnswer {
  messages: { id: string; to: string; text: string; sender: string; idempotencyKey: string; receivedAt: string; timesReceived: number }[];
}
const emails = async (query = '') => (await (await fetch(`${catcher.url}/emails${query}`)).json()) as EmailsAnswer;
const texts = async (query = '') => (await (await fetch(`${catcher.url}/sms${query}`)).json()) as SmsAnswer;
interface WhatsAppAnswer {
  messages: { id: string; phoneNumberId: string; to: string; type: string; template: { name: string; language: string; parameters: string[] } | null; text: string; idempotencyKey: string | null; receivedAt: string; timesReceived: number }[];
}
const whatsApps = async (query = '') => (await (await fetch(`${catcher.url}/whatsapp${query}`)).json()) as WhatsAppAnswer;

/** What a promise rejected with (fails the test if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

/** A port nothing listens on (taken from the system, then let go). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const postSms = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${catcher.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${NOTIFICATIONS_LOCAL.SMS_API_KEY}`, 'idempotency-key': randomUUID(), ...headers },
    body: JSON.stringify(body),
  });

test('GET /health', async () => {
  const response = await fetch(`${catcher.url}/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});

describe('email through the SMTP channel', () => {
  test('arrives in the mailbox with its subject, text, sender, recipient and the delivery’s Message-ID', async () => {
    const key = randomUUID();
    const sent = await channels.email.send({ to: 'asha@example.com', subject: 'Booking accepted', text: 'Pixel Studio accepted your booking for 12 Dec.', idempotencyKey: key });
    expect(sent.providerMessageId).toBe(`<${key}@notifications.utsav.in>`);
    const { emails: caught } = await emails();
    expect(caught).toEqual([
      {
        id: expect.any(String),
        messageId: `<${key}@notifications.utsav.in>`,
        from: 'Utsav <bookings@utsav.local>',
        to: ['asha@example.com'],
        subject: 'Booking accepted',
        text: 'Pixel Studio accepted your booking for 12 Dec.\n',
        html: null,
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        timesReceived: 1,
      },
    ]);
  });

  test('a resend under the same idempotency key is one mail, received twice', async () => {
    const email = { to: 'asha@example.com', subject: 'Payment received', text: 'Thank you.', idempotencyKey: `delivery-${randomUUID()}` };
    const first = await channels.email.send(email);
    const second = await channels.email.send(email);
    expect(second.providerMessageId).toBe(first.providerMessageId);
    const { emails: caught } = await emails();
    expect(caught).toHaveLength(1);
    expect(caught[0]).toMatchObject({ subject: 'Payment received', timesReceived: 2 });
  });

  test('newest first, ?to= filters by recipient (any case), html kept, DELETE clears', async () => {
    await channels.email.send({ to: 'ravi@example.com', subject: 'first', text: 'one', idempotencyKey: randomUUID() });
    await channels.email.send({ to: 'meera@example.com', subject: 'second', text: 'two', html: '<p>two</p>', idempotencyKey: randomUUID() });
    expect((await emails()).emails.map((email) => email.subject)).toEqual(['second', 'first']);
    expect((await emails('?to=RAVI@example.com')).emails.map((email) => email.subject)).toEqual(['first']);
    expect((await emails('?to=meera@example.com')).emails[0]).toMatchObject({ text: 'two', html: '<p>two</p>' });
    expect((await fetch(`${catcher.url}/emails`, { method: 'DELETE' })).status).toBe(204);
    expect((await emails()).emails).toEqual([]);
  });

  test('an idempotency key that cannot stand in a Message-ID still gives a stable one', async () => {
    const email = { to: 'asha@example.com', subject: 'Odd key', text: 'x', idempotencyKey: 'booking 42 <accepted>@once' };
    const first = await channels.email.send(email);
    await channels.email.send(email);
    expect(first.providerMessageId).toMatch(/^<k-[0-9a-f]{40}@notifications\.utsav\.in>$/);
    expect((await emails()).emails).toEqual([expect.objectContaining({ messageId: first.providerMessageId, timesReceived: 2 })]);
  });

  test('a message over the size limit is refused for good (552), and not kept', async () => {
    const error = await rejection(channels.email.send({ to: 'asha@example.com', subject: 'Huge', text: 'x'.repeat(1100 * 1024), idempotencyKey: randomUUID() }));
    expect(error).toMatchObject({ channel: 'email', retryable: false, status: 552 });
    expect((await emails()).emails).toEqual([]);
  });

  test('the catcher down: a retryable ChannelError', async () => {
    const down = channelsWith({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const error = await rejection(down.email.send({ to: 'asha@example.com', subject: 'x', text: 'x', idempotencyKey: randomUUID() }));
    expect(error).toMatchObject({ channel: 'email', retryable: true, status: undefined });
  });

  test('an SMTP server’s 5xx is permanent, its 4xx retryable', async () => {
    // a relay that refuses one recipient for good and defers another
    const relay = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      closeTimeout: 500,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('gone')) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        if (address.address.startsWith('busy')) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        callback();
      },
    });
    const server = relay.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const through = channelsWith({ SMTP_URL: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const gone = await rejection(through.email.send({ to: 'gone@example.com', subject: 'x', text: 'x', idempotencyKey: randomUUID() }));
      expect(gone).toMatchObject({ retryable: false, status: 550 });
      const busy = await rejection(through.email.send({ to: 'busy@example.com', subject: 'x', text: 'x', idempotencyKey: randomUUID() }));
      expect(busy).toMatchObject({ retryable: true, status: 451 });
      await through.close();
    } finally {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });
});

describe('SMS through the HTTP channel', () => {
  test('arrives in the log with its number, text and sender', async () => {
    const key = randomUUID();
    const sent = await channels.sms.send({ to: '+919876543210', text: 'Your booking is confirmed.', idempotencyKey: key });
    expect(sent.providerMessageId).toMatch(/^sms_/);
    expect((await texts()).messages).toEqual([
      {
        id: sent.providerMessageId,
        to: '+919876543210',
        text: 'Your booking is confirmed.',
        sender: 'UTSAVB',
        idempotencyKey: key,
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        timesReceived: 1,
      },
    ]);
  });

  test('the same key again: the same id, one message, counted twice', async () => {
    const sms = { to: '+919876543210', text: 'Payment received.', idempotencyKey: randomUUID() };
    const first = await channels.sms.send(sms);
    const second = await channels.sms.send(sms);
    expect(second.providerMessageId).toBe(first.providerMessageId);
    expect((await texts()).messages).toEqual([expect.objectContaining({ id: first.providerMessageId, timesReceived: 2 })]);
  });

  test('the protocol: 201 for a new message, 200 with the same id for its key again', async () => {
    const key = randomUUID();
    const body = { to: '+919812345678', text: 'hello', sender: 'UTSAVB' };
    const created = await postSms(body, { 'idempotency-key': key });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const again = await postSms(body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id, status: 'queued' });
  });

  test('newest first; ?to= filters (also when the + arrives unencoded); DELETE clears', async () => {
    await channels.sms.send({ to: '+919800000001', text: 'one', idempotencyKey: randomUUID() });
    await channels.sms.send({ to: '+919800000002', text: 'two', idempotencyKey: randomUUID() });
    expect((await texts()).messages.map((sms) => sms.text)).toEqual(['two', 'one']);
    expect((await texts('?to=%2B919800000001')).messages.map((sms) => sms.text)).toEqual(['one']);
    expect((await texts('?to=+919800000001')).messages.map((sms) => sms.text)).toEqual(['one']);
    expect((await fetch(`${catcher.url}/sms`, { method: 'DELETE' })).status).toBe(204);
    expect((await texts()).messages).toEqual([]);
  });

  test('a wrong key: 401, a non-retryable ChannelError, nothing sent', async () => {
    const wrong = channelsWith({ SMS_API_KEY: 'not-the-key' });
    const error = await rejection(wrong.sms.send({ to: '+919876543210', text: 'x', idempotencyKey: randomUUID() }));
    expect(error).toMatchObject({ channel: 'sms', retryable: false, status: 401 });
    expect(error.message).toContain('401');
    expect((await postSms({ to: '+919876543210', text: 'x', sender: 'UTSAVB' }, { authorization: '' })).status).toBe(401);
    expect((await texts()).messages).toEqual([]);
  });

  test('a bad number: a non-retryable ChannelError carrying the provider’s message', async () => {
    const error = await rejection(channels.sms.send({ to: '98765', text: 'x', idempotencyKey: randomUUID() }));
    expect(error).toMatchObject({ channel: 'sms', retryable: false, status: 400 });
    expect(error.message).toContain('to: must be an E.164 number');
  });

  test('the catcher down: a retryable ChannelError', async () => {
    const down = channelsWith({ SMS_API_URL: `http://127.0.0.1:${await closedPort()}` });
    const error = await rejection(down.sms.send({ to: '+919876543210', text: 'x', idempotencyKey: randomUUID() }));
    expect(error).toMatchObject({ channel: 'sms', retryable: true, status: undefined });
  });

  test('a provider answering 5xx or 429 is retryable', async () => {
    let status = 503;
    const provider = http.createServer((_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"busy"}'));
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const busy = channelsWith({ SMS_API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}` });
      expect(await rejection(busy.sms.send({ to: '+919876543210', text: 'x', idempotencyKey: randomUUID() }))).toMatchObject({ retryable: true, status: 503 });
      status = 429;
      const limited = await rejection(busy.sms.send({ to: '+919876543210', text: 'x', idempotencyKey: randomUUID() }));
      expect(limited).toMatchObject({ retryable: true, status: 429 });
      expect(limited.message).toBe('SMS not sent: the provider answered 429: busy');
    } finally {
      provider.closeAllConnections();
      await new Promise<void>((resolve) => provider.close(() => resolve()));
    }
  });

  test.each([
    ['a number with spaces', { to: '+91 98765 43210', text: 'x', sender: 'UTSAVB' }, 'to: must be an E.164 number: + and 8 to 15 digits'],
    ['a number as a number', { to: 919876543210, text: 'x', sender: 'UTSAVB' }, 'to: must be an E.164 number: + and 8 to 15 digits'],
    ['an empty text', { to: '+919876543210', text: '', sender: 'UTSAVB' }, 'text: must be text of 1 to 1000 characters'],
    ['a text of 1001 characters', { to: '+919876543210', text: 'x'.repeat(1001), sender: 'UTSAVB' }, 'text: must be text of 1 to 1000 characters'],
    ['a sender of 14 characters', { to: '+919876543210', text: 'x', sender: 'UTSAV-BOOKINGS' }, 'sender: must be a sender id of 1 to 11 characters'],
    ['an array', [], 'The body must be a JSON object: { to, text, sender }'],
  ])('%s: 400 with a message', async (_case, body, message) => {
    const response = await postSms(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
  });

  test('no Idempotency-Key, or not JSON: 400 with a message', async () => {
    const response = await fetch(`${catcher.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${NOTIFICATIONS_LOCAL.SMS_API_KEY}` },
      body: JSON.stringify({ to: '+919876543210', text: 'x', sender: 'UTSAVB' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^The Idempotency-Key header is required/);
    const notJson = await fetch(`${catcher.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${NOTIFICATIONS_LOCAL.SMS_API_KEY}`, 'idempotency-key': 'k1' },
      body: '{"to":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: expect.any(String) });
    expect((await texts()).messages).toEqual([]);
  });
});

describe('WhatsApp through the Cloud API channel (issue 37, item 6)', () => {
  const message = (overrides: Record<string, string> = {}) => ({
    to: '+919876543210',
    language: 'en',
    title: 'Your booking was accepted',
    body: 'Pixel Studio accepted your booking for 12 Dec 2026.',
    link: 'https://utsav.example/bookings/order_summary?bid=b1',
    idempotencyKey: randomUUID(),
    ...overrides,
  });
  const graph = (path = `/v23.0/${NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID}/messages`) => `${catcher.url}${path}`;
  const postWhatsApp = (body: unknown, { token = NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN, path }: { token?: string; path?: string } = {}) =>
    fetch(graph(path), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const template = (parameters: string[]) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '919876543210',
    type: 'template',
    template: { name: 'utsav_booking_update', language: { code: 'en' }, components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }] },
  });
  /** Meta's error shape: `{ error: { message, type, code, error_subcode?, fbtrace_id } }` */
  const metaError = expect.objectContaining({ message: expect.any(String), type: expect.any(String), code: expect.any(Number), fbtrace_id: expect.any(String) });

  test('a template message with the title, body and link as its parameters, to the digits; answered like Meta', async () => {
    const sent = await channels.whatsapp.send(message());
    expect(sent.providerMessageId).toMatch(/^wamid\.[\w-]+$/);
    const [caught, ...more] = (await whatsApps()).messages;
    expect(more).toEqual([]);
    expect(caught).toEqual({
      id: sent.providerMessageId,
      phoneNumberId: NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID,
      to: '919876543210',
      type: 'template',
      template: {
        name: 'utsav_booking_update',
        language: 'en',
        parameters: ['Your booking was accepted', 'Pixel Studio accepted your booking for 12 Dec 2026.', 'https://utsav.example/bookings/order_summary?bid=b1'],
      },
      text: 'Your booking was accepted\nPixel Studio accepted your booking for 12 Dec 2026.\nhttps://utsav.example/bookings/order_summary?bid=b1',
      idempotencyKey: expect.any(String),
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      timesReceived: 1,
    });
    // the Cloud API's own answer
    const direct = await postWhatsApp(template(['a', 'b', 'c']));
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '919876543210', wa_id: '919876543210' }],
      messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }],
    });
  });

  test('a text message is taken too (inside the 24-hour window), with its body and preview_url', async () => {
    const response = await postWhatsApp({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '919800000009', type: 'text', text: { body: 'Hello from Utsav', preview_url: false } });
    expect(response.status).toBe(200);
    expect((await whatsApps('?to=+919800000009')).messages).toEqual([expect.objectContaining({ type: 'text', template: null, text: 'Hello from Utsav' })]);
  });

  test('new lines, tabs and runs of spaces are flattened: WhatsApp refuses them in a template parameter', async () => {
    await channels.whatsapp.send(message({ body: 'Line one.\n\nLine\ttwo      ends.' }));
    expect((await whatsApps()).messages[0]!.template!.parameters[1]).toBe('Line one. Line two ends.');
  });

  test('the same key again (a retry): the same wamid, one message, counted twice', async () => {
    const once = message();
    const first = await channels.whatsapp.send(once);
    const second = await channels.whatsapp.send(once);
    expect(second.providerMessageId).toBe(first.providerMessageId);
    expect((await whatsApps()).messages).toEqual([expect.objectContaining({ id: first.providerMessageId, idempotencyKey: once.idempotencyKey, timesReceived: 2 })]);
  });

  test('newest first; ?to= by the number with or without +; DELETE clears', async () => {
    await channels.whatsapp.send(message({ to: '+919800000001', title: 'one' }));
    await channels.whatsapp.send(message({ to: '+919800000002', title: 'two' }));
    expect((await whatsApps()).messages.map((caught) => caught.template!.parameters[0])).toEqual(['two', 'one']);
    expect((await whatsApps('?to=%2B919800000001')).messages.map((caught) => caught.template!.parameters[0])).toEqual(['one']);
    expect((await whatsApps('?to=919800000002')).messages.map((caught) => caught.template!.parameters[0])).toEqual(['two']);
    expect((await fetch(`${catcher.url}/whatsapp`, { method: 'DELETE' })).status).toBe(204);
    expect((await whatsApps()).messages).toEqual([]);
  });

  test('a wrong token: 401 in Meta’s words (OAuthException, 190), a non-retryable ChannelError, nothing sent', async () => {
    const wrong = channelsWith({ WHATSAPP_ACCESS_TOKEN: 'not-the-token' });
    const error = await rejection(wrong.whatsapp.send(message()));
    expect(error).toMatchObject({ channel: 'whatsapp', retryable: false, status: 401 });
    expect(error.message).toBe('WhatsApp message not sent: the provider answered 401: Invalid OAuth access token - Cannot parse access token');
    const response = await postWhatsApp(template(['a', 'b', 'c']), { token: '' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: expect.any(String) } });
    expect((await whatsApps()).messages).toEqual([]);
  });

  test('a phone number id that is not the business’s: 400 (GraphMethodException, 100/33), not retried', async () => {
    const other = channelsWith({ WHATSAPP_PHONE_NUMBER_ID: '999' });
    const error = await rejection(other.whatsapp.send(message()));
    expect(error).toMatchObject({ channel: 'whatsapp', retryable: false, status: 400 });
    expect(error.message).toContain("Object with ID '999' does not exist");
    const response = await postWhatsApp(template(['a', 'b', 'c']), { path: '/v23.0/999/messages' });
    expect(await response.json()).toEqual({ error: expect.objectContaining({ type: 'GraphMethodException', code: 100, error_subcode: 33 }) });
  });

  test('a bad number: a non-retryable ChannelError carrying Meta’s message', async () => {
    const error = await rejection(channels.whatsapp.send(message({ to: '98765' })));
    expect(error).toMatchObject({ channel: 'whatsapp', retryable: false, status: 400 });
    expect(error.message).toContain('(#100) to: must be a phone number');
  });

  test.each([
    ['no messaging_product', { ...template(['a']), messaging_product: undefined }, 'messaging_product'],
    ['a number with spaces', { ...template(['a']), to: '+91 98765 43210' }, 'to: must be a phone number'],
    ['a template without its template', { ...template(['a']), template: undefined }, "template: is required for type 'template'"],
    ['a text without its text', { messaging_product: 'whatsapp', to: '919876543210', type: 'text' }, "text: is required for type 'text'"],
    ['a parameter with a new line', template(['a\nb']), 'must be text of 1 to 1024 characters without new lines'],
    ['an image (not played)', { messaging_product: 'whatsapp', to: '919876543210', type: 'image', image: { link: 'https://x.example/a.png' } }, "type: must be 'text' or 'template'"],
    ['an array', [], 'The body must be a JSON object'],
  ])('%s: 400 in Meta’s shape (OAuthException, code 100)', async (_case, body, details) => {
    const response = await postWhatsApp(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: { message: string; code: number; type: string; error_data: { details: string } } };
    expect(answer).toEqual({ error: metaError });
    expect(answer.error).toMatchObject({ type: 'OAuthException', code: 100 });
    expect(answer.error.message).toMatch(/^\(#100\) /);
    expect(answer.error.error_data.details).toContain(details);
  });

  test('a body that is not JSON: 400 in Meta’s shape too', async () => {
    const response = await fetch(graph(), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN}` }, body: '{"to":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.objectContaining({ code: 100, type: 'OAuthException', fbtrace_id: expect.any(String) }) });
    expect((await whatsApps()).messages).toEqual([]);
  });

  test('Meta busy (5xx, or a throttling code such as 130429 with a 400) is retryable; the catcher down too', async () => {
    let answer = { status: 503, body: { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, fbtrace_id: 'x' } } };
    const meta = http.createServer((_request, response) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body)));
    await new Promise<void>((resolve) => meta.listen(0, '127.0.0.1', resolve));
    try {
      const busy = channelsWith({ WHATSAPP_API_URL: `http://127.0.0.1:${(meta.address() as AddressInfo).port}` });
      expect(await rejection(busy.whatsapp.send(message()))).toMatchObject({ channel: 'whatsapp', retryable: true, status: 503 });
      answer = { status: 400, body: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429, fbtrace_id: 'x' } } };
      const limited = await rejection(busy.whatsapp.send(message()));
      expect(limited).toMatchObject({ retryable: true, status: 400 });
      expect(limited.message).toBe('WhatsApp message not sent: the provider answered 400: (#130429) Rate limit hit');
      answer = { status: 400, body: { error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026, fbtrace_id: 'x' } } };
      expect(await rejection(busy.whatsapp.send(message()))).toMatchObject({ retryable: false, status: 400 });
    } finally {
      meta.closeAllConnections();
      await new Promise<void>((resolve) => meta.close(() => resolve()));
    }
    const down = channelsWith({ WHATSAPP_API_URL: `http://127.0.0.1:${await closedPort()}` });
    expect(await rejection(down.whatsapp.send(message()))).toMatchObject({ channel: 'whatsapp', retryable: true, status: undefined });
  });
});

test('the page lists what was sent, newest first, every value escaped', async () => {
  await channels.email.send({ to: 'asha@example.com', subject: '<script>alert(1)</script> & more', text: 'a <b>bold</b> claim', idempotencyKey: randomUUID() });
  await channels.sms.send({ to: '+919876543210', text: '<img src=x onerror=alert(2)>', idempotencyKey: randomUUID() });
  await channels.whatsapp.send({ to: '+919811111111', language: 'hi', title: '<svg onload=alert(3)>', body: 'b', link: 'l', idempotencyKey: randomUUID() });
  const response = await fetch(`${catcher.url}/`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await response.text();
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
  expect(page).toContain('a &lt;b&gt;bold&lt;/b&gt; claim');
  expect(page).toContain('&lt;img src=x onerror=alert(2)&gt;');
  expect(page).not.toContain('<script>');
  expect(page).not.toContain('<img');
  expect(page).toContain('asha@example.com');
  expect(page).toContain('+919876543210');
  expect(page).toContain('&lt;svg onload=alert(3)&gt;');
  expect(page).not.toContain('<svg');
  expect(page).toContain('WhatsApp (1)');
  expect(page).toContain('919811111111');
});

test('the mailbox keeps the newest of each kind only', () => {
  const mailbox = new Mailbox(3);
  for (let n = 1; n <= 5; n += 1) {
    mailbox.receiveEmail({ messageId: `<m${n}@x>`, from: 'a@x', to: ['b@x'], subject: `s${n}`, text: '', html: null });
    mailbox.receiveSms({ to: '+919800000000', text: `t${n}`, sender: 'S', idempotencyKey: `k${n}` });
    mailbox.receiveWhatsApp({ phoneNumberId: '1', to: '919800000000', type: 'text', template: null, text: `w${n}`, idempotencyKey: n % 2 ? null : `k${n}` });
  }
  expect(mailbox.listEmails().map((email) => email.subject)).toEqual(['s5', 's4', 's3']);
  expect(mailbox.listSms().map((sms) => sms.text)).toEqual(['t5', 't4', 't3']);
  expect(mailbox.listWhatsApp().map((message) => message.text)).toEqual(['w5', 'w4', 'w3']);
});

describe('the process (stand-ins/src/message-catcher/server.ts under tsx)', () => {
  const entry = ['--import', 'tsx', '../stand-ins/src/message-catcher/server.ts'];

  test('refuses NODE_ENV=production: one line on stderr, exit 1', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, entry, { cwd: API_ROOT, env: { ...process.env, NODE_ENV: 'production' }, timeout: 60_000 }, (_error, out, err) =>
        resolve({ code: child.exitCode, stdout: out, stderr: err }),
      );
    });
    expect({ code, stdout, lines: stderr.trimEnd().split('\n') }).toEqual({
      code: 1,
      stdout: '',
      lines: ['NODE_ENV=production, refusing to start: the message catcher is a local stand-in and never runs in production'],
    });
  });

  test('starts otherwise, says where, and answers', async () => {
    const child = spawn(process.execPath, entry, {
      cwd: API_ROOT,
      env: { ...process.env, NODE_ENV: 'development', MESSAGE_CATCHER_PORT: '0', MAIL_CATCHER_SMTP_PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no start line within 60 s:\n${output}`)), 60_000);
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          const found = /Message catcher listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        });
        child.once('exit', (exitCode) => {
          clearTimeout(timer);
          reject(new Error(`exited with ${exitCode}:\n${output}`));
        });
      });
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true });
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
