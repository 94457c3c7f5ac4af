import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, matchesEtag } from '@utsav/tooling/src/http-caching.cjs';
import type { CacheState, CachedAnswer } from './response-cache';

/**
 * How long browsers and shared caches may reuse a catalog answer without asking again; after that they
 * revalidate with If-None-Match and get a 304 while it is unchanged. The catalog is public and the same
 * for everyone, hence `public` even for a signed-in request.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=30';

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0): the rule every Utsav server reads it by. */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean => acceptedEncoding(acceptEncoding, ['gzip']) === 'gzip';

/** Adds Accept-Encoding to the Vary header, keeping what is there (CORS varies on Origin). */
function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((name) => name.trim()).filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding');
  reply.header('vary', names.join(', '));
}

/**
 * Sends a serialized catalog answer with its validators, gzipped when the client takes it (browsers do):
 * 304 without a body when the client already has it. `x-cache` says where it came from: the in-process
 * cache (hit, or stale while it is made again) or made for this request (miss).
 */
export function sendCatalogAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, state: CacheState): FastifyReply {
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  const { body, etag } = gzip ? answer.gzipped() : answer;
  varyOnEncoding(reply);
  reply
    .header('etag', etag)
    .header('cache-control', CATALOG_CACHE_CONTROL)
    .header('x-cache', state);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.type('application/json; charset=utf-8').send(body);
}
