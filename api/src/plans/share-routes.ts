import {
  planShareCreatedSchema,
  planShareInputSchema,
  planShareSchema,
  planShareStatusSchema,
  planShareUpdateSchema,
  sharedPlanSchema,
} from '@utsav/contracts/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { noBody, type ApiPlugin } from '../http/route-schemas';
import { planNotFound } from './plan-repository';
import { sharedPlanGone, shareNotFound, type ShareRepository } from './share-repository';

const planParams = z.object({ planId: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(64) });

/**
 * A shared link's answer, found or not: no cache anywhere keeps it (a revoked link must stop working at once, and
 * it is one family's plan), and no search engine indexes it.
 */
async function privateAnswer(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', 'private, no-store');
  reply.header('X-Robots-Tag', 'noindex, nofollow');
}

/**
 * Sharing a plan read-only (issue 37, item 5). The owner's routes, signed in, under /plans/:planId/share (another
 * user's plan is a 404, as in plan-routes): the working link, a new one (its token answered this once; the one
 * before stops working), whether it shows prices, and revoking it. GET /shared-plans/:token is public (the family
 * opens it without signing in; a public read, rate limited per IP like the catalog's): the plan's title, dates and
 * city, its events and the vendors booked for each, prices only when the owner shows them. Unknown, mistyped and
 * revoked tokens are one and the same 404.
 */
export const shareRoutes: ApiPlugin<{ shares: ShareRepository }> = async (app, { shares }) => {
  const auth = signedIn(app);

  app.get('/plans/:planId/share', { ...auth, schema: { params: planParams, response: { 200: planShareStatusSchema } } }, async (request) => {
    const status = await shares.status(currentUser(request).uid, request.params.planId);
    if (!status) throw planNotFound();
    return status.share;
  });

  app.post(
    '/plans/:planId/share',
    { ...auth, schema: { params: planParams, body: planShareInputSchema, response: { 201: planShareCreatedSchema } } },
    async (request, reply) => {
      const created = await shares.create(currentUser(request).uid, request.params.planId, request.body.showPrices);
      if (!created) throw planNotFound();
      return reply.code(201).send(created);
    },
  );

  app.patch('/plans/:planId/share', { ...auth, schema: { params: planParams, body: planShareUpdateSchema, response: { 200: planShareSchema } } }, async (request) => {
    const updated = await shares.update(currentUser(request).uid, request.params.planId, request.body.showPrices);
    if (!updated) throw planNotFound();
    if (updated === 'none') throw shareNotFound();
    return updated;
  });

  app.delete('/plans/:planId/share', { ...auth, schema: { params: planParams, response: { 204: noBody('revoked: the link is a 404 from now on') } } }, async (request, reply) => {
    const revoked = await shares.revoke(currentUser(request).uid, request.params.planId);
    if (!revoked) throw planNotFound();
    if (revoked === 'none') throw shareNotFound();
    return reply.code(204).send(undefined);
  });

  app.get('/shared-plans/:token', { onRequest: privateAnswer, schema: { params: tokenParams, response: { 200: sharedPlanSchema } } }, async (request) => {
    const plan = await shares.read(request.params.token);
    if (!plan) throw sharedPlanGone();
    return plan;
  });
};
