import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../http/if-none-match';
import type { CacheState, CachedAnswer } from './response-cache';

/**
 * How long browsers and shared caches may reuse a catalog answer without asking again; after that they
 * revalidate with If-None-Match and get a 304 while it is unchanged. The catalog is public and the same
 * for everyone, hence `public` even for a signed-in request.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=30';

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((entry) => {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip') return false;
    const quality = params.find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

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
