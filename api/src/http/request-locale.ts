import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readLocaleFrom } from '@utsav/contracts/i18n-core';
import { DEFAULT_LOCALE, type Locale } from '@utsav/contracts/language';

/**
 * The language of each request: the page's, which the API client sends as Accept-Language. Hindi when the
 * header's first language (by q) is Hindi ('hi', 'hi-IN'), else English. A request runs inside its language
 * (an AsyncLocalStorage), which is the API's one "language now": the contracts' `currentLocale()`, read by the
 * handlers and everything they call (the zod parse's messages, the slot rules, the cancellation terms). Only the
 * error handlers, which may answer outside the request's context (a body that could not be read), read the header.
 */

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

/** The language a request asks for (its Accept-Language). */
export const localeOfRequest = (request: FastifyRequest): Locale => localeOfHeader(request.headers['accept-language']);

const current = new AsyncLocalStorage<Locale>();
// the language of the request being answered; English outside one (a job, start-up)
readLocaleFrom(() => current.getStore() ?? DEFAULT_LOCALE);

/** Runs each request inside its language, for its handlers and hooks (and everything they call) to say things in. */
export function installRequestLocale(app: FastifyInstance): void {
  // the rest of the request runs inside the language: from here, and again once the body has been read (a
  // body arrives through the socket's events, outside this context), before its input is validated
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(localeOfRequest(request), done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    current.run(localeOfRequest(request), done);
  });
}
