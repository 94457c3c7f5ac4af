import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { NOTIFICATIONS_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';
import type { Mailbox } from './mailbox';
import { renderMessagesPage } from './page';

/** What the catcher answers a client that asked wrongly: a status and a message (`{ message }`), or the body given. */
class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: object,
  ) {
    super(message);
  }
}

/** The WhatsApp Cloud API's path: POST /<version>/<phone number id>/messages. */
const WHATSAPP_PATH = /^\/v\d{1,3}\.\d{1,3}\/[^/?]+\/messages(?:\?|$)/;

/** An error as Meta's Graph API words it: `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`. */
function metaError(fields: { message: string; type: string; code: number; error_subcode?: number; details?: string }) {
  const { details, ...error } = fields;
  return {
    error: {
      ...error,
      ...(details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details } }),
      fbtrace_id: randomBytes(12).toString('base64url'),
    },
  };
}

/** A 400 in Meta's words for a request it cannot take: `(#100) <what is wrong>`, code 100. */
const invalidParameter = (details: string) => new Refusal(400, details, metaError({ message: `(#100) ${details}`, type: 'OAuthException', code: 100, details }));

/** What is wrong with a value, field by field ("to: must be an E.164 number"). */
const issuesOf = (error: z.ZodError) => error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');

/** `value` as `schema` reads it, else a 400 naming each field and what it must be (`refuse`: in another API's words). */
function parse<Schema extends z.ZodType>(schema: Schema, value: unknown, refuse = (details: string) => new Refusal(400, details)): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw refuse(issuesOf(result.error));
}

export interface MessageCatcherAppOptions {
  mailbox: Mailbox;
  /** The key its SMS API takes (`Authorization: Bearer …`): the local one unless given. */
  smsApiKey?: string;
  /** The access token its WhatsApp Cloud API takes (`Authorization: Bearer …`): the local one unless given. */
  whatsAppAccessToken?: string;
  /** The business phone number id its WhatsApp Cloud API sends from (the path's): the local one unless given. */
  whatsAppPhoneNumberId?: string;
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

const WA_NUMBER = 'must be a phone number: its 8 to 15 digits, country code first (a leading + is taken)';
/** A template parameter as WhatsApp takes it: text without new lines or tabs, never more than four spaces in a row. */
const WA_PARAMETER = 'must be text of 1 to 1024 characters without new lines, tabs or more than 4 spaces in a row';
const templateParameterSchema = z.object({
  type: z.literal('text', "must be 'text'"),
  text: z.string(WA_PARAMETER).min(1, WA_PARAMETER).max(1024, WA_PARAMETER).refine((text) => !/[\n\t]| {5}/.test(text), WA_PARAMETER),
});

/** A message as the WhatsApp Cloud API takes it (text or template; the others, media and the like, are not played). */
const whatsAppSchema = z.object(
  {
    messaging_product: z.literal('whatsapp', "must be 'whatsapp'"),
    recipient_type: z.literal('individual', "must be 'individual'").optional(),
    to: z.string(WA_NUMBER).regex(/^\+?\d{8,15}$/, WA_NUMBER),
    type: z.enum(['text', 'template'], "must be 'text' or 'template' (the stand-in plays no others)").default('text'),
    text: z.object({ body: z.string().min(1, 'must be text of 1 to 4096 characters').max(4096, 'must be text of 1 to 4096 characters'), preview_url: z.boolean().optional() }, 'must be { body, preview_url? }').optional(),
    template: z
      .object(
        {
          name: z.string().regex(/^[a-z0-9_]{1,512}$/, "must be a template's name: lowercase letters, digits and underscores"),
          language: z.object({ code: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a language code such as 'en' or 'hi'"), policy: z.literal('deterministic').optional() }, 'must be { code }'),
          components: z.array(z.object({ type: z.enum(['header', 'body', 'button', 'footer']), parameters: z.array(templateParameterSchema).max(20).optional() }, 'must be { type, parameters }')).max(10).optional(),
        },
        'must be { name, language: { code }, components? }',
      )
      .optional(),
    biz_opaque_callback_data: z.string('must be text of up to 512 characters').max(512, 'must be text of up to 512 characters').optional(),
  },
  'The body must be a JSON object: { messaging_product, to, type, text | template }',
).superRefine((message, context) => {
  if (message.type === 'text' && !message.text) context.addIssue({ code: 'custom', path: ['text'], message: "is required for type 'text'" });
  if (message.type === 'template' && !message.template) context.addIssue({ code: 'custom', path: ['template'], message: "is required for type 'template'" });
});

/** Printable ASCII, as an HTTP header carries it. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
/** constant time whatever the lengths (both sides are hashed first) */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const toQuery = z.object({ to: z.string().max(320).optional() });

/**
 * The catcher's HTTP side: the SMS provider's API (POST /v1/messages), the WhatsApp Business Cloud API's send
 * (POST /<version>/<phone number id>/messages, its errors in Meta's shape) and, for people and tests, what it
 * caught: GET/DELETE /emails, /sms and /whatsapp (JSON, newest first, `?to=`) and GET / (a page). Its own errors are `{ message }`.
 */
export function buildMessageCatcherApp({
  mailbox,
  smsApiKey = NOTIFICATIONS_LOCAL.SMS_API_KEY,
  whatsAppAccessToken = NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN,
  whatsAppPhoneNumberId = NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID,
  logger,
}: MessageCatcherAppOptions): FastifyInstance {
  const app = Fastify({ logger: logger ?? true, bodyLimit: 64 * 1024 });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) return reply.code(error.statusCode).send(error.body ?? { message: error.message });
    const status = error.statusCode;
    // Fastify's own 4xx (a body that is not JSON, too large, a wrong content type): the client's to fix; in Meta's words on its path
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = status === 415 ? 400 : status;
      return reply.code(code).send(request.method === 'POST' && WHATSAPP_PATH.test(request.url) ? invalidParameter(error.message).body : { message: error.message });
    }
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
      .send(renderMessagesPage(mailbox.listEmails(), mailbox.listSms(), mailbox.listWhatsApp())),
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

  app.get('/whatsapp', async (request) => ({ messages: mailbox.listWhatsApp(parse(toQuery, request.query).to) }));
  app.delete('/whatsapp', async (_request, reply) => {
    mailbox.clearWhatsApp();
    return reply.code(204).send();
  });

  // the WhatsApp Business Cloud API's send (graph.facebook.com/<version>/<phone number id>/messages), answering as Meta does
  app.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/messages', async (request, reply) => {
    const token = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !sameSecret(token, whatsAppAccessToken)) {
      reply.header('www-authenticate', 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token"');
      throw new Refusal(401, 'Invalid OAuth access token', metaError({ message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 }));
    }
    const { version, phoneNumberId } = request.params;
    if (!/^v\d{1,3}\.\d{1,3}$/.test(version)) throw invalidParameter(`Unknown path components: /${version}/${phoneNumberId}/messages`);
    if (phoneNumberId !== whatsAppPhoneNumberId) {
      const message = `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`;
      throw new Refusal(400, message, metaError({ message, type: 'GraphMethodException', code: 100, error_subcode: 33 }));
    }
    const body = parse(whatsAppSchema, request.body ?? {}, invalidParameter);
    const template = body.type === 'template' && body.template
      ? {
          name: body.template.name,
          language: body.template.language.code,
          parameters: (body.template.components ?? []).filter((component) => component.type === 'body').flatMap((component) => (component.parameters ?? []).map((parameter) => parameter.text)),
        }
      : null;
    const { message, created } = mailbox.receiveWhatsApp({
      phoneNumberId,
      to: body.to,
      type: body.type,
      template,
      text: template ? template.parameters.join('\n') : (body.text?.body ?? ''),
      idempotencyKey: body.biz_opaque_callback_data ?? null,
    });
    request.log.info({ id: message.id, to: message.to, timesReceived: message.timesReceived }, created ? 'WhatsApp message caught' : 'WhatsApp message resent with the same biz_opaque_callback_data: not sent again');
    const waId = body.to.replace(/^\+/, '');
    return reply.code(200).send({
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: waId }],
      messages: [{ id: message.id, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
    });
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
