import type { FastifyInstance } from 'fastify';
import type { Database } from './db';
import { HttpError } from './http/http-error';

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/health', async () => {
    try {
      await database.query('SELECT 1');
    } catch (error) {
      throw new HttpError(503, 'Database unavailable', { cause: error });
    }
    return { status: 'ok', database: database.kind };
  });
}
