import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from './db';
import { HttpError } from './http/http-error';

/** Whether this instance is shutting down (set by the server on SIGTERM, before it stops taking requests). */
export interface Lifecycle {
  draining: boolean;
}

/**
 * GET /health: alive and its database answers (liveness; 503 when the database does not).
 * GET /ready: the same, and 503 once the instance is draining for a shutdown, so a load balancer stops
 * sending it new requests while those in flight finish (readiness).
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database, lifecycle: Lifecycle = { draining: false }): void {
  const check = async () => {
    try {
      await pingDatabase(database);
    } catch (error) {
      throw new HttpError(503, 'Database unavailable', { cause: error });
    }
    return { status: 'ok', database: database.kind };
  };
  app.get('/health', check);
  app.get('/ready', async () => {
    if (lifecycle.draining) throw new HttpError(503, 'Shutting down');
    return check();
  });
}
