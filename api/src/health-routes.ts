import { z } from 'zod';
import { pingDatabase, type Database } from './db';
import { HttpError } from './http/http-error';
import type { ApiPlugin } from './http/route-schemas';

/** Whether this instance is shutting down (set by the server on SIGTERM, before it stops taking requests). */
export interface Lifecycle {
  draining: boolean;
}

/**
 * GET /health: alive and its database answers (liveness; 503 when the database does not).
 * GET /ready: the same, and 503 once the instance is draining for a shutdown, so a load balancer stops
 * sending it new requests while those in flight finish (readiness).
 */
const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });

export const healthRoutes: ApiPlugin<{ database: Database; lifecycle?: Lifecycle }> = async (app, { database, lifecycle = { draining: false } }) => {
  const check = async () => {
    try {
      await pingDatabase(database);
    } catch (error) {
      throw new HttpError(503, 'health.databaseUnavailable', { cause: error });
    }
    return { status: 'ok' as const, database: database.kind };
  };
  const schema = { response: { 200: healthSchema } };
  app.get('/health', { schema }, check);
  app.get('/ready', { schema }, async () => {
    if (lifecycle.draining) throw new HttpError(503, 'health.shuttingDown');
    return check();
  });
};
