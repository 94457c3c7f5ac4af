import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/http-error';
import { currentUser } from './auth-plugin';
import type { SessionCookieMinter } from './auth-user';

/** How long a session cookie lasts: Firebase's longest (two weeks); the browser mints a new one when it is gone. */
export const SESSION_COOKIE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export const SESSION_FROM_ID_TOKEN_ONLY = 'A session cookie is made from a Firebase ID token: send Authorization: Bearer <Firebase ID token>.';

/** The verified ID token of the request: only a fresh sign-in proof makes a session (a session cookie cannot extend itself). */
function idTokenOf(request: FastifyRequest): string {
  if (request.credential?.kind !== 'idToken') throw unauthorized(SESSION_FROM_ID_TOKEN_ONLY);
  return request.credential.value;
}

/**
 * POST /auth/session-cookie: the host server's way to a Firebase session cookie for the signed-in
 * user (it sets it HttpOnly on its own origin, and sends it back as `Authorization: Session …` when it
 * renders a page for them). Made from the caller's verified ID token; revoked with the user's other
 * sessions (sign-out everywhere, account deletion).
 */
export function registerSessionRoutes(app: FastifyInstance, createSessionCookie: SessionCookieMinter): void {
  app.post('/auth/session-cookie', { preHandler: app.authenticate }, async (request, reply) => {
    const { uid } = currentUser(request);
    const sessionCookie = await createSessionCookie(idTokenOf(request), SESSION_COOKIE_MAX_AGE_MS);
    reply.header('Cache-Control', 'no-store');
    return { consumerId: uid, sessionCookie, maxAgeSeconds: SESSION_COOKIE_MAX_AGE_MS / 1000 };
  });

  /**
   * GET /auth/session: who the credential (an ID token or a session cookie) belongs to. The host server
   * asks it with the page request's session cookie before it renders a guarded page: a 401 means
   * signed out (it redirects to sign-in), else it has the user's id and verified phone, as the browser's session holds them.
   */
  app.get('/auth/session', { preHandler: app.authenticate }, async (request, reply) => {
    const { uid, phone } = currentUser(request);
    reply.header('Cache-Control', 'no-store');
    return { consumerId: uid, phone };
  });
}
