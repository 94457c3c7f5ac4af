import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './response-cache';

/**
 * How long browsers and shared caches may reuse a catalog answer without asking again; after that they
 * revalidate with If-None-Match and get a 304 while it is unchanged. The catalog is public and the same
 * for everyone, hence `public` even for a signed-in request.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=30';

/** Whether an If-None-Match header (a list of tags, weak ones too, or *) names this ETag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a serialized catalog answer with its validators: 304 without a body when the client already
 * has it. `x-cache` says whether it came from the in-process cache (hit) or was just made (miss).
 */
export function sendCatalogAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, hit: boolean): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', CATALOG_CACHE_CONTROL).header('x-cache', hit ? 'hit' : 'miss');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
