import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { NOTIFICATIONS_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';
import type { Mailbox } from './mailbox';
import { renderMessagesPage } from './page';

/** What the catcher answers a client that asked wrongly: a status and a message (`{ message }`). */
class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** `value` as `schema` reads it, else a 400 naming each field and what it must be ("to: must be an E.164 number"). */
function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new Refusal(400, result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; '));
}

export interface MessageCatcherAppOptions {
  mailbox: Mailbox;
  /** The key its SMS API takes (`Authorization: Bearer …`): the local one unless given. */
  smsApiKey?: string;
  logger?: FastifyServerOptions['logger'];
}

const E164 = 'must be an E.164 number: + and 8 to 15 digits';
const TEXT = 'must be text of 1 to 1000 characters';
const SENDER = 'must be a sender id of 1 to 11 characters';

/** An SMS as the provider protocol takes it (POST /v1/messages); a failure reads "to: must be an E.164 number…". */
const smsSchema = z.object({
  to: z.string(E164).regex(/^\+\d{8,15}$/, E164),
  text: z.string(TEXT).min(1, TEXT).max(1000, TEXT),
  sender: z.string(SENDER).min(1, SENDER).max(11, SENDER),
}, 'The body must be a JSON object: { to, text, sender }');

/** Printable ASCII, as an HTTP header carries it. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
/** constant time whatever the lengths (both sides are hashed first) */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const toQuery = z.object({ to: z.string().max(320).optional() });

/**
 * The catcher's HTTP side: the SMS provider's API (POST /v1/messages) and, for people and tests, what it
 * caught: GET/DELETE /emails and /sms (JSON, newest first, `?to=`) and GET / (a page). Errors are `{ message }`.
 */
export function buildMessageCatcherApp({ mailbox, smsApiKey = NOTIFICATIONS_LOCAL.SMS_API_KEY, logger }: MessageCatcherAppOptions): FastifyInstance {
  const app = Fastify({ logger: logger ?? true, bodyLimit: 64 * 1024 });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) return reply.code(error.statusCode).send({ message: error.message });
    const status = error.statusCode;
    // Fastify's own 4xx (a body that is not JSON, too large, a wrong content type): the client's to fix
    if (typeof status === 'number' && status >= 400 && status < 500) return reply.code(status === 415 ? 400 : status).send({ message: error.message });
    request.log.error({ err: error }, 'message catcher error');
    return reply.code(500).send({ message: 'The message catcher failed on this request' });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No ${request.method} ${request.url.split('?')[0]} here` }));

  app.get('/health', async () => ({ ok: true }));

  app.get('/', async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderMessagesPage(mailbox.listEmails(), mailbox.listSms())),
  );

  app.get('/emails', async (request) => ({ emails: mailbox.listEmails(parse(toQuery, request.query).to) }));
  app.delete('/emails', async (_request, reply) => {
    mailbox.clearEmails();
    return reply.code(204).send();
  });

  app.get('/sms', async (request) => ({ messages: mailbox.listSms(parse(toQuery, request.query).to) }));
  app.delete('/sms', async (_request, reply) => {
    mailbox.clearSms();
    return reply.code(204).send();
  });

  app.post('/v1/messages', async (request, reply) => {
    const token = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !sameSecret(token, smsApiKey)) {
      reply.header('www-authenticate', 'Bearer');
      throw new Refusal(401, 'Invalid API key: send Authorization: Bearer <SMS_API_KEY>');
    }
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      throw new Refusal(400, 'The Idempotency-Key header is required: 1 to 255 printable characters, the same on a retry');
    }
    const body = parse(smsSchema, request.body ?? {});
    const { sms, created } = mailbox.receiveSms({ ...body, idempotencyKey: key });
    request.log.info({ id: sms.id, to: sms.to, timesReceived: sms.timesReceived }, created ? 'SMS caught' : 'SMS resent under the same key: not sent again');
    return reply.code(created ? 201 : 200).send({ id: sms.id, status: 'queued' });
  });

  return app;
}
