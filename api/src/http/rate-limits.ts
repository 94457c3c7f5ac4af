import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Locale } from '@utsav/contracts/language';
import { apiText } from './api-messages';
import { HttpError } from './http-error';
import { appendRouteHook, requiresSignIn } from './route-table';

const ONE_MINUTE_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READ_METHODS = new Set(['GET', 'HEAD']);
/** Probes poll it; a 429 there would read as "down" and get the instance restarted. */
const UNLIMITED_PUBLIC_READS = new Set(['/health', '/ready']);

/** Requests one client may make per minute, by kind; 0 turns that limit off. */
export interface RateLimits {
  /** POST/PUT/PATCH/DELETE on signed-in routes, per user */
  writesPerMinute: number;
  /** GET/HEAD on public routes, per IP */
  publicReadsPerMinute: number;
  /** requests whose token was rejected (401), per IP */
  authFailuresPerMinute: number;
  /** messages one user may send per minute, and per day (routes with `config: MESSAGE_LIMITED`); 0 turns that one off */
  messagesPerMinute?: number;
  messagesPerDay?: number;
  /**
   * where the counters are: shared by every instance (http/rate-limit-store.ts) or, when absent, in this
   * process's memory. A shared store that cannot be reached lets requests through (a limit is no reason
   * to be down with the database).
   */
  store?: FastifyRateLimitStoreCtor;
}

const methods = (route: Pick<RouteOptions, 'method'>) => (Array.isArray(route.method) ? route.method : [route.method]);
const hasMethodIn = (route: Pick<RouteOptions, 'method'>, set: Set<string>) => methods(route).some((method) => set.has(method));

/**
 * A route's config for sending messages (issue 37, item 4): on top of the writes' budget, a minute's and a day's of
 * their own per user, so that a conversation cannot be used to flood the other side (or the notifications it makes).
 */
export const MESSAGE_LIMITED = { limit: 'messages' } as const;
declare module 'fastify' {
  interface FastifyContextConfig {
    /** a budget of its own on top of the writes' (MESSAGE_LIMITED) */
    limit?: 'messages';
  }
}
const isMessageLimited = (route: Pick<RouteOptions, 'config'>) => route.config?.limit === MESSAGE_LIMITED.limit;
const ONE_DAY_MS = 24 * 60 * ONE_MINUTE_MS;

/** Writes are counted per signed-in user, so people behind one address (an office, a carrier NAT) do not share a budget. */
const writeKey = (request: FastifyRequest) => (request.user ? `uid:${request.user.uid}` : `ip:${request.ip}`);

/** A limiter's own counters in a shared store (an option the plugin passes on to its store). */
const nameSpace = (name: string, options: { inProcess?: boolean } = {}) => ({ nameSpace: name, ...options }) as object;

/** A wait of `ms`, in whole seconds, said in a language (the answer's words). */
const inSeconds = (ms: number) => (locale: Locale) => apiText(locale, 'time.seconds', { count: Math.max(1, Math.ceil(ms / 1000)) });
/** A longer wait (a day's budget), in the largest whole unit: hours, minutes or seconds. */
const inTime = (ms: number) => (locale: Locale) =>
  ms >= 3_600_000
    ? apiText(locale, 'time.hours', { count: Math.ceil(ms / 3_600_000) })
    : ms >= 60_000
      ? apiText(locale, 'time.minutes', { count: Math.ceil(ms / 60_000) })
      : inSeconds(ms)(locale);

/**
 * The API's rate limits, one @fastify/rate-limit registration with a counter per kind (in memory, per
 * process, or in a store every instance shares). Installed before the routes: each route, including ones added later, gets the checks of its kind.
 * Over a limit: 429 `{ message }` with Retry-After (seconds until the minute started by the first counted request ends).
 *
 * - Writes: after app.authenticate, where the uid is known (and verified).
 * - Public reads: the catalog, search, images, offers and payment config, per client IP (see TRUST_PROXY),
 *   before anything else runs; always in this process's memory (a shared counter would cost every cached
 *   catalog read a database write: ×0.52 search throughput, docs/deploy.md). Signed-in reads are not limited: a token is needed, and is itself limited below.
 * - Rejected tokens: the API has no sign-in endpoint (Firebase runs the sign-in), so the guessable door is
 *   the token check of every signed-in route. Each 401 to a request that carried an Authorization header
 *   counts against its IP (the client's, from X-Forwarded-For only when the hop is in TRUST_PROXY: the host
 *   server forwards it); a valid token is never counted. Once the budget is spent, a credential from that IP
 *   is still checked, and only a rejected one gets 429 (until the minute is over): one client's failures never
 *   refuse a valid token, not even of someone behind the same address (a carrier's NAT), and a signed token
 *   cannot be guessed anyway. What the limit bounds is the rejections a script is told about, each one a
 *   local signature check (Firebase looks up revocation only for a token whose signature holds). A missing
 *   token (a signed-out page) is not counted.
 */
export async function installRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  const { writesPerMinute, publicReadsPerMinute, authFailuresPerMinute, messagesPerMinute = 0, messagesPerDay = 0, store } = limits;
  if (writesPerMinute === 0 && publicReadsPerMinute === 0 && authFailuresPerMinute === 0 && messagesPerMinute === 0 && messagesPerDay === 0) return;
  // keyed by client IP (an IPv6 client by its /64) unless a limiter says otherwise; each limiter counts
  // under its own nameSpace (a shared store holds them all)
  await app.register(rateLimit, { global: false, timeWindow: ONE_MINUTE_MS, ...(store ? { store, skipOnError: true } : {}) });

  const checkWriteBudget =
    writesPerMinute > 0 &&
    app.rateLimit({
      ...nameSpace('writes:'),
      max: writesPerMinute,
      keyGenerator: writeKey,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, 'http.tooManyChanges', { values: { max: context.max, after: inSeconds(context.ttl) } }),
    });

  // messages: per user, a minute's budget and a day's, checked by hand (the plugin runs one of its own handlers per
  // request, the writes' one); the day's answer says when it frees up in hours
  const messageBudgets = [
    { max: messagesPerMinute, timeWindow: ONE_MINUTE_MS, words: 'message.tooMany' as const, name: 'messages-minute:' },
    { max: messagesPerDay, timeWindow: ONE_DAY_MS, words: 'message.tooManyToday' as const, name: 'messages-day:' },
  ]
    .filter((budget) => budget.max > 0)
    .map((budget) => ({ ...budget, count: app.createRateLimit({ ...nameSpace(budget.name), max: budget.max, timeWindow: budget.timeWindow, keyGenerator: writeKey }) }));
  const checkMessageBudgets = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const budget of messageBudgets) {
      const state = await budget.count(request);
      if (state.isAllowed || !state.isExceeded) continue;
      reply.header('Retry-After', String(state.ttlInSeconds));
      throw new HttpError(429, budget.words, { values: { max: budget.max, after: inTime(state.ttl) } });
    }
  };

  const checkPublicReadBudget =
    publicReadsPerMinute > 0 &&
    app.rateLimit({
      // counted in each process even with a shared store: docs/deploy.md says why (measured)
      ...nameSpace('reads:', { inProcess: true }),
      max: publicReadsPerMinute,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, 'http.tooManyRequests', { values: { max: context.max, after: inSeconds(context.ttl) } }),
    });

  const authFailures = authFailuresPerMinute > 0 && app.createRateLimit({ ...nameSpace('auth-failures:'), max: authFailuresPerMinute });
  const refuseAfterAuthFailures = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!authFailures || request.headers.authorization === undefined) return;
    // a look, not a count: only rejected tokens are counted (below)
    const state = await authFailures(request, { increment: false });
    if (state.isAllowed || state.remaining > 0) return;
    // over the budget: the credential is checked here (the route checks it again, from the token cache), and
    // only a rejected one is refused, so that no one's failures lock out a valid token from the same address
    try {
      await app.authenticate(request);
      return;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
    }
    reply.header('Retry-After', String(state.ttlInSeconds));
    throw new HttpError(429, 'http.tooManySignInFailures', { values: { after: inSeconds(state.ttlInSeconds * 1000) } });
  };
  const countAuthFailure = async (request: FastifyRequest, reply: FastifyReply) => {
    if (authFailures && reply.statusCode === 401 && request.headers.authorization !== undefined) await authFailures(request);
  };

  app.addHook('onRoute', (route) => {
    if (requiresSignIn(app, route)) {
      if (authFailures) {
        appendRouteHook(route, 'onRequest', refuseAfterAuthFailures);
        appendRouteHook(route, 'onResponse', countAuthFailure);
      }
      if (checkWriteBudget && hasMethodIn(route, WRITE_METHODS)) appendRouteHook(route, 'preValidation', checkWriteBudget);
      if (messageBudgets.length > 0 && isMessageLimited(route)) appendRouteHook(route, 'preValidation', checkMessageBudgets);
    } else if (checkPublicReadBudget && hasMethodIn(route, READ_METHODS) && !UNLIMITED_PUBLIC_READS.has(route.url)) {
      appendRouteHook(route, 'onRequest', checkPublicReadBudget);
    }
  });
}
