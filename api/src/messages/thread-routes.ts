import {
  messageInputSchema,
  messageReportSchema,
  messageSchema,
  threadListQuerySchema,
  threadListSchema,
  threadReadSchema,
  threadSchema,
  THREAD_KINDS,
} from '@utsav/contracts/schemas';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { badRequest, notFound } from '../http/http-error';
import { plainText } from '../http/plain-text';
import { MESSAGE_LIMITED } from '../http/rate-limits';
import { noBody, type ApiPlugin } from '../http/route-schemas';
import { THREAD_MESSAGES, threadNotFound, type ThreadRepository } from './thread-repository';

export interface ThreadRoutesOptions {
  threads: ThreadRepository;
}

const threadParams = z.object({ kind: z.enum(THREAD_KINDS), threadId: z.string().max(64) });
const pageQuery = z.object({ before: z.string().max(64).optional() });
const messageParams = z.object({ messageId: z.string().max(64) });

/**
 * Conversations (issue 37, item 4), one route set for both sides: the API finds the caller's side of a thread (its
 * consumer, or the person who runs its listing) from the thread itself; anyone else gets a 404, as for an id that is
 * not there. Sending is limited per person (MESSAGE_LIMITED: a minute's and a day's budget) on top of the writes' limit.
 */
export const threadRoutes: ApiPlugin<ThreadRoutesOptions> = async (app, { threads }) => {
  const auth = signedIn(app);

  /** the caller's side of the thread in the params, or 404 */
  const threadOf = async (uid: string, params: z.infer<typeof threadParams>) => {
    const access = await threads.access(uid, params.kind, params.threadId);
    if (!access) throw threadNotFound();
    return access;
  };

  app.get('/threads', { ...auth, schema: { querystring: threadListQuerySchema, response: { 200: threadListSchema } } }, async (request) =>
    threads.list(currentUser(request).uid, request.query.role),
  );

  app.get('/threads/:kind/:threadId', { ...auth, schema: { params: threadParams, querystring: pageQuery, response: { 200: threadSchema } } }, async (request) => {
    const { uid } = currentUser(request);
    return threads.read(uid, await threadOf(uid, request.params), request.query.before ?? null);
  });

  app.post(
    '/threads/:kind/:threadId/messages',
    { ...auth, config: MESSAGE_LIMITED, schema: { params: threadParams, body: messageInputSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      const { uid } = currentUser(request);
      const access = await threadOf(uid, request.params);
      // the words as plain text (control characters out, lines kept); photos alone are a message too
      const body = plainText(request.body.body);
      if (!body && request.body.photos.length === 0) throw badRequest(THREAD_MESSAGES.empty);
      const message = await threads.send(uid, access, { ...request.body, body });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/threads/:kind/:threadId/read',
    { ...auth, schema: { params: threadParams, body: threadReadSchema, response: { 204: noBody('read up to that message') } } },
    async (request, reply) => {
      const { uid } = currentUser(request);
      await threads.markRead(uid, await threadOf(uid, request.params), request.body.upTo);
      return reply.code(204).send(undefined);
    },
  );

  // a message of the other side, reported for the team to look at (once per person: again answers the same)
  app.post('/messages/:messageId/report', { ...auth, schema: { params: messageParams, body: messageReportSchema, response: { 200: messageSchema } } }, async (request) => {
    const { reason, note } = request.body;
    const message = await threads.report(currentUser(request).uid, request.params.messageId, reason, plainText(note));
    if (!message) throw notFound(THREAD_MESSAGES.messageNotFound);
    return message;
  });
};
