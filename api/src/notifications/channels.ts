import { createHash } from 'node:crypto';
import { createTransport, type NodemailerError } from 'nodemailer';
import type { NotificationChannelsConfig } from '../config';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** stable per delivery: the same on a retry */
  idempotencyKey: string;
}

export interface OutgoingSms {
  /** E.164, e.g. +919876543210 */
  to: string;
  text: string;
  /** stable per delivery: the same on a retry */
  idempotencyKey: string;
}

/**
 * A WhatsApp message, sent as the approved template WHATSAPP_TEMPLATE (a business-initiated message outside the
 * 24-hour customer service window must be a template): its body's three parameters are the title, the body and the link.
 */
export interface OutgoingWhatsApp {
  /** E.164, e.g. +919876543210 (the API takes its digits) */
  to: string;
  /** the template's language: Meta's code, `en` or `hi` */
  language: string;
  title: string;
  body: string;
  link: string;
  /** stable per delivery: the same on a retry (sent as `biz_opaque_callback_data`) */
  idempotencyKey: string;
}

export interface EmailChannel {
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
}

export interface SmsChannel {
  send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}

export interface WhatsAppChannel {
  send(message: OutgoingWhatsApp): Promise<{ providerMessageId: string }>;
}

export interface Channels {
  email: EmailChannel;
  sms: SmsChannel;
  whatsapp: WhatsAppChannel;
  /** Closes the SMTP connections (a send under way finishes first). */
  close(): Promise<void>;
}

export type ChannelName = 'email' | 'sms' | 'whatsapp';

/**
 * A delivery that failed. `retryable`: the same message may go through later (the provider was down, busy or
 * slow: a network error, a timeout, SMTP 4xx, HTTP 5xx/429); otherwise sending it again cannot help (refused
 * for good: SMTP 5xx, HTTP 4xx such as a bad key or a bad number).
 */
export class ChannelError extends Error {
  override name = 'ChannelError';
  readonly channel: ChannelName;
  readonly retryable: boolean;
  /** The provider's answer, when there was one: the HTTP status (SMS, WhatsApp) or the SMTP reply code (email). */
  readonly status: number | undefined;

  constructor(channel: ChannelName, message: string, { retryable, status, cause }: { retryable: boolean; status?: number; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.channel = channel;
    this.retryable = retryable;
    this.status = status;
  }
}

/** How long connecting, the server's greeting and any one silence of the SMTP server may take. */
export const SMTP_TIMEOUT_MS = 10_000;
/** A whole send, queueing in the pool included: a server trickling its replies is not caught by the socket timeout. */
export const SMTP_SEND_DEADLINE_MS = 60_000;
export const SMS_TIMEOUT_MS = 10_000;
export const WHATSAPP_TIMEOUT_MS = 10_000;
/** The domain of the Message-IDs notification emails carry. */
export const MESSAGE_ID_DOMAIN = 'notifications.utsav.in';

// RFC 5322 dot-atom text: what may stand left of the @ in a Message-ID as it is
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/**
 * The Message-ID of a delivery: the same for every attempt, so a mailbox that already has the message drops a
 * resend. A key that is not valid there (spaces, brackets, @) is replaced by its hash, stable all the same.
 */
export function messageIdFor(idempotencyKey: string): string {
  const left = DOT_ATOM.test(idempotencyKey) && idempotencyKey.length <= 200 ? idempotencyKey : `k-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
  return `<${left}@${MESSAGE_ID_DOMAIN}>`;
}

// nodemailer's errors that carry no SMTP reply and that no retry fixes: the settings or the message are wrong
const PERMANENT_SMTP_CODES = new Set(['ECONFIG', 'EENVELOPE', 'EMAXRECIPIENTS', 'ENOAUTH', 'EREQUIRETLS', 'EFILEACCESS', 'EURLACCESS', 'EOTP']);

function emailError(error: unknown): ChannelError {
  const failure = (error ?? {}) as NodemailerError;
  const reply = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  let retryable: boolean;
  if (reply !== undefined) retryable = failure.permanent === undefined ? reply < 500 : !failure.permanent;
  else retryable = !PERMANENT_SMTP_CODES.has(failure.code ?? '');
  const what = reply !== undefined ? `the SMTP server answered ${reply}` : `SMTP ${failure.code ?? 'error'}`;
  const detail = (failure.response ?? failure.message ?? String(error)).slice(0, 300);
  return new ChannelError('email', `email not sent: ${what}: ${detail}`, { retryable, status: reply, cause: error });
}

function createEmailChannel(config: NotificationChannelsConfig) {
  const transport = createTransport({
    pool: true,
    url: config.SMTP_URL,
    maxConnections: 5,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
    // one attempt per send: the caller (the outbox) owns retrying, with its backoff and its idempotency key
    maxRequeues: 0,
  });
  const channel: EmailChannel = {
    async send(email) {
      try {
        const info = await transport.sendMail({
          from: config.MAIL_FROM,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html === undefined ? {} : { html: email.html }),
          messageId: messageIdFor(email.idempotencyKey),
          signal: AbortSignal.timeout(SMTP_SEND_DEADLINE_MS),
        });
        return { providerMessageId: info.messageId };
      } catch (error) {
        throw emailError(error);
      }
    },
  };
  return { channel, close: () => transport.close() };
}

/** The provider's `{ id }` answer, or undefined. */
function messageIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' && id ? id : undefined;
}

/** What a non-2xx answer said, shortened: `{ message }` (or `{ error: { message } }`), else its text. */
function describeRefusal(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown; description?: unknown } };
    const message = body.message ?? body.error?.message ?? body.error?.description;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.slice(0, 300);
}

/**
 * One JSON POST to a provider's HTTP API (SMS, WhatsApp), bounded by `timeoutMs`: the message id read from its
 * answer by `idOf`, or a ChannelError saying whether a retry can help (unreachable, timed out, 5xx, 429, 408: yes;
 * any other refusal: no; accepted without an id: yes, the same key gets the provider's answer again).
 */
async function postMessage(
  channel: 'sms' | 'whatsapp',
  what: string,
  {
    endpoint,
    token,
    headers = {},
    payload,
    timeoutMs,
    idOf,
    busy = () => false,
  }: {
    endpoint: string;
    token: string;
    headers?: Record<string, string>;
    payload: unknown;
    timeoutMs: number;
    idOf: (body: unknown) => string | undefined;
    /** a refusal that says "later" in the provider's own words (a 4xx a retry can help) */
    busy?: (text: string) => boolean;
  },
): Promise<{ providerMessageId: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(payload),
      signal,
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    // unreachable, reset, timed out: the message may or may not have gone; the same key makes a retry safe
    const reason = signal.aborted ? `no answer within ${timeoutMs / 1000} s` : error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new ChannelError(channel, `${what} not sent: ${reason}`, { retryable: true, cause: error });
  }
  if (!response.ok) {
    const retryable = response.status >= 500 || response.status === 429 || response.status === 408 || busy(text);
    throw new ChannelError(channel, `${what} not sent: the provider answered ${response.status}: ${describeRefusal(text)}`, { retryable, status: response.status });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const id = idOf(body);
  // accepted but unreadable: sending again under the same key gets the provider's answer again
  if (!id) throw new ChannelError(channel, `${what} provider answered ${response.status} without a message id`, { retryable: true, status: response.status });
  return { providerMessageId: id };
}

function createSmsChannel(config: NotificationChannelsConfig): SmsChannel {
  const endpoint = `${config.SMS_API_URL.replace(/\/+$/, '')}/v1/messages`;
  return {
    send: (sms) =>
      postMessage('sms', 'SMS', {
        endpoint,
        token: config.SMS_API_KEY,
        headers: { 'idempotency-key': sms.idempotencyKey },
        payload: { to: sms.to, text: sms.text, sender: config.SMS_SENDER },
        timeoutMs: SMS_TIMEOUT_MS,
        idOf: messageIdOf,
      }),
  };
}

/** The Cloud API's `{ messages: [{ id: 'wamid.…' }] }` answer's id, or undefined. */
function whatsAppMessageIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const messages = (body as { messages?: unknown }).messages;
  return Array.isArray(messages) ? messageIdOf(messages[0]) : undefined;
}

/**
 * Meta's error codes that mean "not now" (throttled, temporarily unavailable), which it may answer with a 400: a
 * retry later can go through. https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */
const WHATSAPP_LATER_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

function whatsAppBusy(text: string): boolean {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'number' && WHATSAPP_LATER_CODES.has(code);
  } catch {
    return false;
  }
}

/**
 * A template parameter as WhatsApp takes it: no new lines or tabs, no more than four spaces in a row (Meta refuses
 * those, error 132018), at most 1024 characters (the template's body as a whole is capped too: keep them short).
 */
export function templateParameter(text: string, max = 1024): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * WhatsApp through the Business Cloud API: `POST <url>/<version>/<phone number id>/messages` with the access token,
 * a `template` message (WHATSAPP_TEMPLATE in the notification's language, its body's parameters the title, the body
 * and the link). The Cloud API has no idempotency key: the delivery's key rides as `biz_opaque_callback_data` (it
 * comes back in the status webhooks), by which the local stand-in drops a resend; Meta itself would send it again.
 */
function createWhatsAppChannel(config: NotificationChannelsConfig): WhatsAppChannel {
  const endpoint = `${config.WHATSAPP_API_URL.replace(/\/+$/, '')}/${config.WHATSAPP_API_VERSION}/${encodeURIComponent(config.WHATSAPP_PHONE_NUMBER_ID)}/messages`;
  return {
    send: (message) =>
      postMessage('whatsapp', 'WhatsApp message', {
        endpoint,
        token: config.WHATSAPP_ACCESS_TOKEN,
        payload: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          // the Cloud API takes the number's digits, country code first, without the +
          to: message.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: config.WHATSAPP_TEMPLATE,
            language: { code: message.language },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: templateParameter(message.title, 200) },
                  { type: 'text', text: templateParameter(message.body, 600) },
                  { type: 'text', text: templateParameter(message.link, 200) },
                ],
              },
            ],
          },
          biz_opaque_callback_data: message.idempotencyKey,
        },
        timeoutMs: WHATSAPP_TIMEOUT_MS,
        idOf: whatsAppMessageIdOf,
        busy: whatsAppBusy,
      }),
  };
}

/** The notification channels: email over SMTP (a pool of connections), SMS through the provider's HTTP API, WhatsApp through the Cloud API. */
export function createChannels(config: NotificationChannelsConfig): Channels {
  const email = createEmailChannel(config);
  return {
    email: email.channel,
    sms: createSmsChannel(config),
    whatsapp: createWhatsAppChannel(config),
    async close() {
      email.close();
    },
  };
}
