import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/http-error';
import type { AuthUser, SessionCookieVerifier, TokenVerifier } from './auth-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by app.authenticate; null on routes that do not use it */
    user: AuthUser | null;
    /** what app.authenticate knew the user by: an ID token (Bearer) or a session cookie (Session) */
    credential: Credential | null;
  }
  interface FastifyInstance {
    /**
     * preValidation (see signedIn): 401 unless `Authorization: Bearer <valid Firebase ID token>` (the browser) or
     * `Authorization: Session <valid server session id>` (the host server rendering for the user: GET
     * and HEAD only, and the route that ends that session; any other write is 401); sets request.user and request.credential. Never reads the Cookie header: a credential
     * the browser attaches by itself would need CSRF defences.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preValidation after authenticate (see ownerOnly): 403 unless the `:uid` route param is the caller's uid */
    requireOwner: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** the route ends the session it is called with (DELETE /auth/session): the one write a Session credential may make */
    endsServerSession?: boolean;
  }
}

/** A verified credential, as it came in the Authorization header. */
export interface Credential {
  kind: 'idToken' | 'sessionCookie';
  value: string;
}

const BEARER = /^Bearer +(\S+) *$/i;
const READ_METHODS = new Set(['GET', 'HEAD']);

export const SESSION_READS_ONLY =
  'auth.sessionReadsOnly';
const SESSION = /^Session +(\S+) *$/i;

/** The signed-in user of a request that passed app.authenticate. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('auth.signInRequired');
  return request.user;
}

export function assertOwner(request: FastifyRequest, uid: string | undefined): void {
  if (currentUser(request).uid !== uid) throw forbidden('auth.ownAccountOnly');
}

/**
 * A route's options for signed-in users: the user is known (or the request refused, 401) before its input is
 * validated, so a caller without a credential learns nothing about what the route accepts. The one way a
 * route becomes user-scoped (the route table and the rate limits read it).
 */
export const signedIn = (app: FastifyInstance) => ({ preValidation: [app.authenticate] });

/** signedIn, and the `:uid` in its path must be the caller's (403 otherwise). */
export const ownerOnly = (app: FastifyInstance) => ({ preValidation: [app.authenticate, app.requireOwner] });

export interface AuthPluginOptions {
  verifyToken: TokenVerifier;
  verifySessionCookie: SessionCookieVerifier;
}

const authDecorators: FastifyPluginAsync<AuthPluginOptions> = async (app: FastifyInstance, options) => {
  app.decorateRequest('user', null);
  app.decorateRequest('credential', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('auth.sendBearer');
    const sessionCookie = SESSION.exec(header)?.[1];
    if (sessionCookie) {
      // before any lookup: a server session (a cookie a browser sends by itself) never changes anything but itself
      if (!READ_METHODS.has(request.method) && request.routeOptions.config?.endsServerSession !== true) throw unauthorized(SESSION_READS_ONLY);
      request.user = await options.verifySessionCookie(sessionCookie);
      request.credential = { kind: 'sessionCookie', value: sessionCookie };
      return;
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthorized('auth.badHeader');
    request.user = await options.verifyToken(token);
    request.credential = { kind: 'idToken', value: token };
  });

  app.decorate('requireOwner', async (request: FastifyRequest) => {
    assertOwner(request, (request.params as { uid?: string } | undefined)?.uid);
  });
};

/** app.authenticate and app.requireOwner, on the instance that registers it (not an encapsulated child). */
export const authPlugin = fastifyPlugin(authDecorators, { name: 'utsav-auth' });
