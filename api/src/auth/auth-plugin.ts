import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/http-error';
import type { AuthUser, TokenVerifier } from './auth-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by app.authenticate; null on routes that do not use it */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless `Authorization: Bearer <valid Firebase ID token>`; sets request.user */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler after authenticate: 403 unless the `:uid` route param is the caller's uid */
    requireOwner: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

/** The signed-in user of a request that passed app.authenticate. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Sign in required.');
  return request.user;
}

export function assertOwner(request: FastifyRequest, uid: string | undefined): void {
  if (currentUser(request).uid !== uid) throw forbidden('You can only access your own account.');
}

const authDecorators: FastifyPluginAsync<{ verifyToken: TokenVerifier }> = async (app: FastifyInstance, options) => {
  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Sign in required: send Authorization: Bearer <Firebase ID token>.');
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthorized('The Authorization header must be "Bearer <Firebase ID token>".');
    request.user = await options.verifyToken(token);
  });

  app.decorate('requireOwner', async (request: FastifyRequest) => {
    assertOwner(request, (request.params as { uid?: string } | undefined)?.uid);
  });
};

/** app.authenticate and app.requireOwner, on the instance that registers it (not an encapsulated child). */
export const authPlugin = fastifyPlugin(authDecorators, { name: 'utsav-auth' });
