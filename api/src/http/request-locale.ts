import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '@utsav/contracts/language';

/**
 * The language of each request: the page's, which the API client sends as Accept-Language. Hindi when the
 * header's first language (by q) is Hindi ('hi', 'hi-IN'), else English. It is `request.locale`, and the
 * language of the request being answered (`requestLocale()`, an AsyncLocalStorage) for code that has no
 * request at hand: the zod parse, the slot rules.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** the language the answer is said in */
    locale: Locale;
  }
}

/** The language an Accept-Language header asks for first: 'hi-IN' for Hindi, else 'en-IN'. */
export function localeOfHeader(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { tag: string; q: number } | undefined;
  for (const entry of value.split(',')) {
    const [tag = '', ...parameters] = entry.trim().split(';');
    if (!tag) continue;
    const q = Number(/^\s*q=([\d.]+)\s*$/.exec(parameters.find((parameter) => /^\s*q=/.test(parameter)) ?? '')?.[1] ?? 1);
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag: tag.trim().toLowerCase(), q };
  }
  return best && (best.tag === 'hi' || best.tag.startsWith('hi-')) ? 'hi-IN' : DEFAULT_LOCALE;
}

/** The language of a request: its own, or (answered before the hooks ran: a router error) its header's. */
export const localeOfRequest = (request: FastifyRequest): Locale => request.locale ?? localeOfHeader(request.headers['accept-language']);

const current = new AsyncLocalStorage<Locale>();

/** The language of the request being answered; English outside one. */
export const requestLocale = (): Locale => current.getStore() ?? DEFAULT_LOCALE;

/** Reads each request's language, for its handlers and hooks (and everything they call) to say things in. */
export function installRequestLocale(app: FastifyInstance): void {
  // null until the first hook has read it (a router error is answered before any hook)
  app.decorateRequest('locale', null as unknown as Locale);
  // the rest of the request runs inside the language: from here, and again once the body has been read (a
  // body arrives through the socket's events, outside this context), before its input is validated
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeOfHeader(request.headers['accept-language']);
    current.run(request.locale, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    current.run(request.locale, done);
  });
}
