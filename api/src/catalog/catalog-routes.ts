import {
  SERVICE_CATEGORIES,
  menuResponseSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  serviceDetailSchema,
  serviceListResponseSchema,
  serviceSearchQuerySchema,
  serviceSearchResponseSchema,
} from '@utsav/contracts/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkedResponse } from '../http/checked-response';
import { HttpError } from '../http/http-error';
import { parse } from '../http/parse';
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
const menuParams = z.object({ menuId: z.string() });

/** "A total of 0 means not found" (spec §7): the catalog's 404s carry it. */
const notFoundWithTotal = (message: string) => new HttpError(404, message, { details: { total: 0 } });

/**
 * Service search and lists of spec §7, public (no token). Every answer is checked against the contract
 * schema of @utsav/contracts when it is made. The catalog is read-mostly, so answers are kept in a
 * bounded in-process cache (emptied when the catalog changes, see response-cache.ts) and sent with an
 * ETag and Cache-Control, so clients revalidate with a 304.
 */
export function registerCatalogRoutes(
  app: FastifyInstance,
  catalog: CatalogRepository,
  cacheSettings: ResponseCacheSettings,
): void {
  const cache = createResponseCache(cacheSettings, () => catalog.version());

  /** key's answer, from the cache or made now; make throws (a 404) for what is not there */
  async function answer(request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<unknown>) {
    const { answer: found, state } = await cache.get(key, make);
    return sendCatalogAnswer(request, reply, found, state);
  }

  app.get('/services', async (request, reply) => {
    const query = parse(serviceSearchQuerySchema, request.query);
    return answer(request, reply, `search ${searchKey(query)}`, async () =>
      checkedResponse(serviceSearchResponseSchema, await catalog.search(query)),
    );
  });

  // static segments win over /services/:serviceId in Fastify's router, whatever the order here
  app.get('/services/popular', async (request, reply) => {
    const { limit, category } = parse(popularQuery, request.query);
    return answer(request, reply, `popular ${limit} ${category ?? ''}`, async () =>
      checkedResponse(serviceListResponseSchema, { results: await catalog.popular(limit, category) }),
    );
  });

  app.get('/services/latest', async (request, reply) => {
    const { limit } = parse(latestQuery, request.query);
    return answer(request, reply, `latest ${limit}`, async () =>
      checkedResponse(serviceListResponseSchema, { results: await catalog.latest(limit) }),
    );
  });

  app.get('/services/:serviceId', async (request, reply) => {
    const { serviceId } = parse(serviceParams, request.params);
    return answer(request, reply, `service ${serviceId.toLowerCase()}`, async () => {
      const service = await catalog.findService(serviceId);
      if (!service) throw notFoundWithTotal('Service not found');
      return checkedResponse(serviceDetailSchema, service);
    });
  });

  app.get('/services/:serviceId/reviews', async (request, reply) => {
    const { serviceId } = parse(serviceParams, request.params);
    const page = parse(reviewPageQuerySchema, request.query);
    return answer(request, reply, `reviews ${serviceId.toLowerCase()} ${page.limit} ${page.offset}`, async () => {
      const reviews = await catalog.reviews(serviceId, page);
      if (!reviews) throw notFoundWithTotal('Service not found');
      return checkedResponse(reviewPageSchema, reviews);
    });
  });

  app.get('/menus/:menuId', async (request, reply) => {
    const { menuId } = parse(menuParams, request.params);
    return answer(request, reply, `menu ${menuId.toLowerCase()}`, async () => {
      const menu = await catalog.findMenu(menuId);
      if (!menu) throw notFoundWithTotal('Menu not found');
      return checkedResponse(menuResponseSchema, { data: menu, isCustom: menu.isCustom, total: 1 });
    });
  });
}
