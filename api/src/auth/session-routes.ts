import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError, unauthorized } from '../http/http-error';
import type { ApiPlugin } from '../http/route-schemas';
import { currentUser, signedIn } from './auth-plugin';
import type { AuthAccounts } from './auth-user';
import { SERVER_SESSION_MAX_AGE_MS, type ServerSessions } from './server-sessions';

/** How long a session cookie lasts: two weeks; the browser makes a new one after a fresh sign-in. */
export const SESSION_COOKIE_MAX_AGE_MS = SERVER_SESSION_MAX_AGE_MS;

/** A session is made only from a sign-in at most this old (the ID token's auth_time), as Firebase advises for session cookies. */
export const RECENT_SIGN_IN_S = 5 * 60;

export const SESSION_FROM_ID_TOKEN_ONLY = 'auth.sessionFromIdTokenOnly';
export const SIGN_IN_NOT_RECENT = 'auth.signInNotRecent';
export const DEVICES_NOT_SIGNED_OUT = 'auth.devicesNotSignedOut';
export const END_SESSION_WITH_SESSION = 'auth.endSessionWithSession';

/** The verified ID token of the request: only a fresh sign-in proof makes a session (a session cookie cannot extend itself). */
function idTokenOf(request: FastifyRequest): string {
  if (request.credential?.kind !== 'idToken') throw unauthorized(SESSION_FROM_ID_TOKEN_ONLY);
  return request.credential.value;
}

/**
 * When the user of an ID token signed in (its auth_time, seconds). Read from the token app.authenticate has just
 * verified (signature, expiry, revocation), so its claims are Firebase's; NaN when it has none.
 */
function authTimeOf(idToken: string): number {
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time?: unknown };
    return typeof claims.auth_time === 'number' ? claims.auth_time : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface SessionRouteDeps {
  sessions: ServerSessions;
  accounts: Pick<AuthAccounts, 'revokeSessions'>;
  /** seconds since the epoch (tests move the clock) */
  nowSeconds?: () => number;
}

/** The answers the host server reads (host-shell/src/server). */
const sessionMadeSchema = z.object({ consumerId: z.string(), sessionCookie: z.string(), maxAgeSeconds: z.number().int() });
const sessionUserSchema = z.object({ consumerId: z.string(), phone: z.string().nullable().optional() });
const sessionsEndedSchema = z.object({ consumerId: z.string(), sessionsEnded: z.number().int().nonnegative() });

/**
 * The host server's session for server rendering (server-sessions.ts), under `/auth`: made from a recent sign-in,
 * read-only, ended by sign-out on its device or by "sign out of all devices".
 */
export const sessionRoutes: ApiPlugin<SessionRouteDeps> = async (app, { sessions, accounts, nowSeconds = () => Date.now() / 1000 }) => {
  const asUser = signedIn(app);

  /**
   * POST /auth/session-cookie: the host server's way to a session for the signed-in user (it sets the id HttpOnly
   * on its own origin, and sends it back as `Authorization: Session …` when it renders a page for them). Made from
   * the caller's verified ID token of a sign-in at most RECENT_SIGN_IN_S old (else 401: the browser signs in again),
   * so a token that leaked later cannot be turned into a two-week credential.
   */
  app.post('/session-cookie', { ...asUser, schema: { response: { 200: sessionMadeSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const authTime = authTimeOf(idTokenOf(request));
    if (!(nowSeconds() - authTime <= RECENT_SIGN_IN_S)) throw unauthorized(SIGN_IN_NOT_RECENT);
    const sessionCookie = await sessions.create(user);
    reply.header('Cache-Control', 'no-store');
    return { consumerId: user.uid, sessionCookie, maxAgeSeconds: SESSION_COOKIE_MAX_AGE_MS / 1000 };
  });

  /**
   * GET /auth/session: who the credential (an ID token or a session) belongs to. The host server
   * asks it with the page request's session cookie before it renders a guarded page: a 401 means
   * signed out (it redirects to sign-in), else it has the user's id and verified phone, as the browser's session holds them.
   */
  app.get('/session', { ...asUser, schema: { response: { 200: sessionUserSchema } } }, async (request, reply) => {
    const { uid, phone } = currentUser(request);
    reply.header('Cache-Control', 'no-store');
    return { consumerId: uid, phone };
  });

  /**
   * DELETE /auth/session: ends the session it is called with (`Authorization: Session …`: the host server, when
   * the browser signs out), so a copy of the cookie is refused from now on, by every instance.
   */
  app.delete('/session', { ...asUser, config: { endsServerSession: true }, schema: { response: { 200: sessionsEndedSchema } } }, async (request, reply) => {
    const { uid } = currentUser(request);
    if (request.credential?.kind !== 'sessionCookie') throw badRequest(END_SESSION_WITH_SESSION);
    const ended = await sessions.end(request.credential.value);
    reply.header('Cache-Control', 'no-store');
    // 0: another request ended it in the meantime (it was live when this one was authenticated)
    return { consumerId: uid, sessionsEnded: ended ? 1 : 0 };
  });

  /**
   * DELETE /auth/sessions: "Sign out of all devices" (My Account). Ends every server session of the user and
   * revokes their Firebase refresh tokens (every device's sign-in, this one's included), with an ID token only.
   */
  app.delete('/sessions', { ...asUser, schema: { response: { 200: sessionsEndedSchema } } }, async (request, reply) => {
    const { uid } = currentUser(request);
    const sessionsEnded = await sessions.endAll(uid);
    try {
      await accounts.revokeSessions(uid);
    } catch (error) {
      throw new HttpError(503, DEVICES_NOT_SIGNED_OUT, { cause: error });
    }
    reply.header('Cache-Control', 'no-store');
    return { consumerId: uid, sessionsEnded };
  });
};
