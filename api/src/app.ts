import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authPlugin, createFirebaseTokenVerifier } from './auth';
import { createCatalogRepository } from './catalog/catalog-repository';
import { registerCatalogRoutes } from './catalog/catalog-routes';
import { registerMediaRoutes, serviceImageUrl } from './catalog/media/media-routes';
import type { Config } from './config';
import type { Database } from './db';
import { registerHealthRoutes } from './health-routes';
import { installErrorHandlers } from './http/error-handler';
import { createUploadRepository } from './uploads/upload-repository';
import { registerUploadRoutes } from './uploads/upload-routes';
import { createUploadStorage } from './uploads/upload-storage';
import { createConsumerRepository } from './users/consumer-repository';
import { registerConsumerRoutes } from './users/consumer-routes';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** Fastify's logger setting; defaults to pino at config.LOG_LEVEL */
  logger?: FastifyServerOptions['logger'];
}

/** The API as a Fastify instance, not yet listening: the server and the tests each bring their own db. */
export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Firebase uids can be up to 128 characters (Fastify's default cap is 100)
    routerOptions: { maxParamLength: 256 },
  });

  installErrorHandlers(app, config.BODY_LIMIT_BYTES);
  // the API speaks JSON only: without this, a text/plain body would reach handlers as a string
  app.removeContentTypeParser('text/plain');

  await app.register(cors, {
    origin: config.APP_ORIGINS,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // the spec's clients send `environment` (users, bookings) and `nocart` (booking create)
    allowedHeaders: ['Authorization', 'Content-Type', 'environment', 'nocart'],
    maxAge: 600,
  });

  await app.register(authPlugin, { verifyToken: createFirebaseTokenVerifier(config) });

  registerHealthRoutes(app, db);
  registerConsumerRoutes(app, createConsumerRepository(db.orm));
  const catalog = createCatalogRepository(db, serviceImageUrl(config.PUBLIC_API_URL));
  registerCatalogRoutes(app, catalog);
  registerMediaRoutes(app, catalog);
  await registerUploadRoutes(app, {
    storage: createUploadStorage(config.UPLOADS_DIR),
    uploads: createUploadRepository(db.orm),
    config,
  });

  return app;
}
