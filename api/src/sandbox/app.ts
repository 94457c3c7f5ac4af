import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

/**
 * The local payment sandbox: a stand-in for Razorpay (Orders API, checkout.js, signatures, webhooks).
 * For now it only reports its health.
 */
export function buildSandboxApp(options: { logger?: FastifyServerOptions['logger'] } = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? true });
  app.get('/health', async () => ({ status: 'ok' }));
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
  return app;
}
