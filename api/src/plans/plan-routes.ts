import {
  planEventInputSchema,
  planEventSchema,
  planEventUpdateSchema,
  planInputSchema,
  planListSchema,
  planSchema,
  planUpdateSchema,
  shortlistComparisonSchema,
  shortlistCompareQuerySchema,
  shortlistEntrySchema,
  shortlistPutSchema,
  shortlistQuerySchema,
  shortlistSchema,
  UNASSIGNED_EVENT,
} from '@utsav/contracts/schemas';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { localeOfRequest } from '../http/request-locale';
import { noBody, type ApiPlugin } from '../http/route-schemas';
import { notFound } from '../http/http-error';
import { eventNotFound, planNotFound, type PlanRepository } from './plan-repository';
import { SHORTLIST_MESSAGES, type ShortlistRepository } from './shortlist-repository';

const planParams = z.object({ planId: z.string().max(64) });
const eventParams = planParams.extend({ eventId: z.string().max(64) });
const serviceParams = z.object({ serviceId: z.string().max(64) });

/**
 * Planning a wedding (issue 37): the caller's plans and their events under /plans, and their shortlist of
 * services under /shortlist. Signed in only, and only ever the caller's own: another user's plan, event or
 * entry is a 404 (the same answer as an unknown id, so ids are not probed).
 */
export const planRoutes: ApiPlugin<{ plans: PlanRepository; shortlist: ShortlistRepository }> = async (app, { plans, shortlist }) => {
  const auth = signedIn(app);

  app.get('/plans', { ...auth, schema: { response: { 200: planListSchema } } }, async (request) => plans.list(currentUser(request).uid));

  app.post('/plans', { ...auth, schema: { body: planInputSchema, response: { 201: planSchema } } }, async (request, reply) =>
    reply.code(201).send(await plans.create(currentUser(request).uid, request.body)),
  );

  app.get('/plans/:planId', { ...auth, schema: { params: planParams, response: { 200: planSchema } } }, async (request) => {
    const plan = await plans.get(currentUser(request).uid, request.params.planId);
    if (!plan) throw planNotFound();
    return plan;
  });

  app.patch('/plans/:planId', { ...auth, schema: { params: planParams, body: planUpdateSchema, response: { 200: planSchema } } }, async (request) => {
    const plan = await plans.update(currentUser(request).uid, request.params.planId, request.body);
    if (!plan) throw planNotFound();
    return plan;
  });

  // its events go with it; shortlist entries for them stay, for no event
  app.delete('/plans/:planId', { ...auth, schema: { params: planParams, response: { 204: noBody('deleted, with its events') } } }, async (request, reply) => {
    if (!(await plans.remove(currentUser(request).uid, request.params.planId))) throw planNotFound();
    return reply.code(204).send(undefined);
  });

  app.post('/plans/:planId/events', { ...auth, schema: { params: planParams, body: planEventInputSchema, response: { 201: planEventSchema } } }, async (request, reply) => {
    const event = await plans.addEvent(currentUser(request).uid, request.params.planId, request.body);
    if (!event) throw planNotFound();
    return reply.code(201).send(event);
  });

  app.patch(
    '/plans/:planId/events/:eventId',
    { ...auth, schema: { params: eventParams, body: planEventUpdateSchema, response: { 200: planEventSchema } } },
    async (request) => {
      const event = await plans.updateEvent(currentUser(request).uid, request.params.planId, request.params.eventId, request.body);
      if (!event) throw eventNotFound();
      return event;
    },
  );

  app.delete('/plans/:planId/events/:eventId', { ...auth, schema: { params: eventParams, response: { 204: noBody('deleted') } } }, async (request, reply) => {
    if (!(await plans.removeEvent(currentUser(request).uid, request.params.planId, request.params.eventId))) throw eventNotFound();
    return reply.code(204).send(undefined);
  });

  app.get('/shortlist', { ...auth, schema: { querystring: shortlistQuerySchema, response: { 200: shortlistSchema } } }, async (request) => {
    const { eventId } = request.query;
    return shortlist.list(currentUser(request).uid, eventId === UNASSIGNED_EVENT ? null : eventId);
  });

  app.get('/shortlist/compare', { ...auth, schema: { querystring: shortlistCompareQuerySchema, response: { 200: shortlistComparisonSchema } } }, async (request) =>
    shortlist.compare(currentUser(request).uid, request.query.serviceIds, request.query.eventId ?? null, localeOfRequest(request)),
  );

  // idempotent: saves the service, or moves it to the event given (none when left out or null)
  app.put('/shortlist/:serviceId', { ...auth, schema: { params: serviceParams, body: shortlistPutSchema, response: { 200: shortlistEntrySchema } } }, async (request) =>
    shortlist.save(currentUser(request).uid, request.params.serviceId, request.body.eventId ?? null),
  );

  app.delete('/shortlist/:serviceId', { ...auth, schema: { params: serviceParams, response: { 204: noBody('removed') } } }, async (request, reply) => {
    if (!(await shortlist.remove(currentUser(request).uid, request.params.serviceId))) throw notFound(SHORTLIST_MESSAGES.notShortlisted);
    return reply.code(204).send(undefined);
  });
};
