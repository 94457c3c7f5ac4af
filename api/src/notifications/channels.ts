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

export interface EmailChannel {
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
}

export interface SmsChannel {
  send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}

export interface Channels {
  email: EmailChannel;
  sms: SmsChannel;
  /** Closes the SMTP connections (a send under way finishes first). */
  close(): Promise<void>;
}

/**
 * A delivery that failed. `retryable`: the same message may go through later (the provider was down, busy or
 * slow: a network error, a timeout, SMTP 4xx, HTTP 5xx/429); otherwise sending it again cannot help (refused
 * for good: SMTP 5xx, HTTP 4xx such as a bad key or a bad number).
 */
export class ChannelError extends Error {
  override name = 'ChannelError';
  readonly channel: 'email' | 'sms';
  readonly retryable: boolean;
  /** The provider's answer, when there was one: the HTTP status (SMS) or the SMTP reply code (email). */
  readonly status: number | undefined;

  constructor(channel: 'email' | 'sms', message: string, { retryable, status, cause }: { retryable: boolean; status?: number; cause?: unknown }) {
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

function createSmsChannel(config: NotificationChannelsConfig): SmsChannel {
  const endpoint = `${config.SMS_API_URL.replace(/\/+$/, '')}/v1/messages`;
  return {
    async send(sms) {
      const signal = AbortSignal.timeout(SMS_TIMEOUT_MS);
      let response: Response;
      let text: string;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${config.SMS_API_KEY}`,
            'idempotency-key': sms.idempotencyKey,
          },
          body: JSON.stringify({ to: sms.to, text: sms.text, sender: config.SMS_SENDER }),
          signal,
          redirect: 'error',
        });
        text = await response.text();
      } catch (error) {
        // unreachable, reset, timed out: the message may or may not have gone; the same key makes a retry safe
        const reason = signal.aborted ? `no answer within ${SMS_TIMEOUT_MS / 1000} s` : error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        throw new ChannelError('sms', `SMS not sent: ${reason}`, { retryable: true, cause: error });
      }
      if (!response.ok) {
        const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
        throw new ChannelError('sms', `SMS not sent: the provider answered ${response.status}: ${describeRefusal(text)}`, { retryable, status: response.status });
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const id = messageIdOf(body);
      // accepted but unreadable: sending again under the same key gets the provider's answer again
      if (!id) throw new ChannelError('sms', `SMS provider answered ${response.status} without a message id`, { retryable: true, status: response.status });
      return { providerMessageId: id };
    },
  };
}

/** The notification channels: email over SMTP (a pool of connections) and SMS through the provider's HTTP API. */
export function createChannels(config: NotificationChannelsConfig): Channels {
  const email = createEmailChannel(config);
  return {
    email: email.channel,
    sms: createSmsChannel(config),
    async close() {
      email.close();
    },
  };
}
