import {
  SERVICE_CATEGORIES,
  menuResponseSchema,
  notFoundSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  serviceDetailSchema,
  serviceListResponseSchema,
  serviceSearchQuerySchema,
  serviceSearchResponseSchema,
} from '@utsav/contracts/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiMessage } from '../http/api-messages';
import { HttpError } from '../http/http-error';
import { errorAnswerSchema, noBody, type ApiPlugin } from '../http/route-schemas';
import { sendCatalogAnswer } from './cached-reply';
import { searchKey, type CatalogRepository } from './catalog-repository';
import { createResponseCache, type ResponseCacheSettings } from './response-cache';

export const LIST_MAX_LIMIT = 20;

/** `?limit=` of the Home lists: 1–20, defaulting to the spec's 4 (popular) or 2 (latest). */
const listQuery = (defaultLimit: number) =>
  z.object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: `limit must be between 1 and ${LIST_MAX_LIMIT}` })
      .max(LIST_MAX_LIMIT, { error: `limit must be between 1 and ${LIST_MAX_LIMIT}` })
      .default(defaultLimit),
  });
const popularQuery = listQuery(4).extend({
  // Home's Recommended For You: the onboarding choice's category first, topped up from the rest
  category: z.enum(SERVICE_CATEGORIES, { error: 'Unknown category' }).optional(),
});
const latestQuery = listQuery(2);

const serviceParams = z.object({ serviceId: z.string() });
/** 304: the client's copy (If-None-Match) is still the answer */
const cached = noBody('unchanged: the ETag sent in If-None-Match is still current');
/** The catalog's 404: the house's refusal with the spec's `total: 0` */
const notThere = notFoundSchema.extend(errorAnswerSchema.shape);
const menuParams = z.object({ menuId: z.string() });

/** "A total of 0 means not found" (spec §7): the catalog's 404s carry it. */
const notFoundWithTotal = (code: ApiMessage) => new HttpError(404, code, { details: { total: 0 } });

export interface CatalogRoutesOptions {
  catalog: CatalogRepository;
  cacheSettings: ResponseCacheSettings;
}

/**
 * Service search and lists of spec §7, public (no token). Every answer is checked against its route's
 * schema (the contract's, from @utsav/contracts) when it is made. The catalog is read-mostly, so answers are
 * kept in a bounded in-process cache (emptied when the catalog changes, see response-cache.ts) and sent with
 * an ETag and Cache-Control, so clients revalidate with a 304.
 */
export const catalogRoutes: ApiPlugin<CatalogRoutesOptions> = async (app, { catalog, cacheSettings }) => {
  const cache = createResponseCache(cacheSettings, () => catalog.version());

  /**
   * key's answer, from the cache or made now and written by the route's own serializer (checked against its
   * 200 schema); make throws (a 404) for what is not there
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<unknown>) {
    const { answer: found, state } = await cache.get(key, async () => reply.serializeInput((await make()) as Record<string, unknown>, '200') as string);
    return sendCatalogAnswer(request, reply, found, state);
  }

  const search = { querystring: serviceSearchQuerySchema, response: { 200: serviceSearchResponseSchema, 304: cached } };
  app.get('/services', { schema: search }, async (request, reply) =>
    answer(request, reply, `search ${searchKey(request.query)}`, () => catalog.search(request.query)),
  );

  // static segments win over /services/:serviceId in Fastify's router, whatever the order here
  app.get('/services/popular', { schema: { querystring: popularQuery, response: { 200: serviceListResponseSchema, 304: cached } } }, async (request, reply) => {
    const { limit, category } = request.query;
    return answer(request, reply, `popular ${limit} ${category ?? ''}`, async () => ({ results: await catalog.popular(limit, category) }));
  });

  app.get('/services/latest', { schema: { querystring: latestQuery, response: { 200: serviceListResponseSchema, 304: cached } } }, async (request, reply) => {
    const { limit } = request.query;
    return answer(request, reply, `latest ${limit}`, async () => ({ results: await catalog.latest(limit) }));
  });

  const oneService = { params: serviceParams, response: { 200: serviceDetailSchema, 304: cached, 404: notThere } };
  app.get('/services/:serviceId', { schema: oneService }, async (request, reply) => {
    const { serviceId } = request.params;
    return answer(request, reply, `service ${serviceId.toLowerCase()}`, async () => {
      const service = await catalog.findService(serviceId);
      if (!service) throw notFoundWithTotal('catalog.serviceNotFound');
      return service;
    });
  });

  const reviewPage = { params: serviceParams, querystring: reviewPageQuerySchema, response: { 200: reviewPageSchema, 304: cached, 404: notThere } };
  app.get('/services/:serviceId/reviews', { schema: reviewPage }, async (request, reply) => {
    const { serviceId } = request.params;
    const page = request.query;
    return answer(request, reply, `reviews ${serviceId.toLowerCase()} ${page.limit} ${page.offset}`, async () => {
      const reviews = await catalog.reviews(serviceId, page);
      if (!reviews) throw notFoundWithTotal('catalog.serviceNotFound');
      return reviews;
    });
  });

  app.get('/menus/:menuId', { schema: { params: menuParams, response: { 200: menuResponseSchema, 304: cached, 404: notThere } } }, async (request, reply) => {
    const { menuId } = request.params;
    return answer(request, reply, `menu ${menuId.toLowerCase()}`, async () => {
      const menu = await catalog.findMenu(menuId);
      if (!menu) throw notFoundWithTotal('catalog.menuNotFound');
      return { data: menu, isCustom: menu.isCustom, total: 1 };
    });
  });
};
