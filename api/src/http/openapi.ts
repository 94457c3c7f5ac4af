import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { version } from '../../package.json';
import { requiresSignIn } from './route-table';

/** Where the published contract is: the document, and the page that reads it. */
export const OPENAPI_PATH = '/openapi.json';
export const REFERENCE_PATH = '/docs';

/** The reference page's policy: its scripts and styles are its own files; Swagger UI sets some styles inline. */
const REFERENCE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * The API's published contract (issue 35, item 4): GET /openapi.json, an OpenAPI 3.1 document made by
 * @fastify/swagger from every route's zod schemas (the same ones Fastify validates and answers with), and a
 * reference page reading it at /docs (@fastify/swagger-ui, served from this API with its own CSP: nothing is
 * fetched from elsewhere). A schema the contracts name (`.meta({ id })`) appears once under
 * components.schemas. Must be registered before the routes: it collects them as they are added.
 */
const fromZod = createJsonSchemaTransform({});

export async function publishContract(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Utsav API',
        description: 'Consumer booking of wedding and personal services in India. Amounts are paise; dates are India\'s (YYYY-MM-DD).',
        version,
      },
      components: {
        securitySchemes: {
          firebase: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = fromZod(document);
      // grouped by the path's first part (bookings, users, services…); a signed-in route names its credential
      const tag = url.split('/')[1] ?? '';
      const security = requiresSignIn(app, document.route) ? { security: [{ firebase: [] }] } : {};
      return { url, schema: { tags: [tag], ...schema, ...security } };
    },
    transformObject: createJsonSchemaTransformObject({}),
  });
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PATH,
    // the page's own files only (its default policy allows styles and fonts from any https origin)
    staticCSP: REFERENCE_POLICY,
    // no badge fetched from validator.swagger.io
    uiConfig: { deepLinking: false, validatorUrl: null },
    uiHooks: {
      // its /static/index.html sends the browser on to the page, but to itself when a query follows (a loop)
      onRequest: async (request, reply) => {
        if (request.routeOptions.url === `${REFERENCE_PATH}/static/index.html`) return reply.redirect(`${REFERENCE_PATH}/`);
      },
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send(app.swagger()));
}
