import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { appendPreHandler, requiresSignIn } from './route-table';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_MINUTE_MS = 60_000;

/** Counted per signed-in user, so people behind one address (an office, a carrier NAT) do not share a budget. */
const rateLimitKey = (request: FastifyRequest) => (request.user ? `uid:${request.user.uid}` : `ip:${request.ip}`);

const isWriteMethod = (method: string | string[]) => (Array.isArray(method) ? method : [method]).some((m) => WRITE_METHODS.has(m));

/**
 * Limits writes (POST/PUT/PATCH/DELETE on signed-in routes) to `perMinute` per user in any minute:
 * more get 429 `{ message }` with Retry-After. Reads and public routes (the HMAC-signed webhook) are
 * not limited. 0 turns it off. Installed before the routes: every write route, including ones added
 * later, gets the check after app.authenticate, where the uid is known (and verified).
 */
export async function limitWrites(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many changes in a short time (at most ${context.max} a minute). Please try again in ${context.after}.`),
  });
  const checkWriteBudget = app.rateLimit();
  app.addHook('onRoute', (route) => {
    if (isWriteMethod(route.method) && requiresSignIn(app, route)) appendPreHandler(route, checkWriteBudget);
  });
}
