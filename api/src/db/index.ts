export { createDatabase, DEFAULT_DATABASE_TIMEOUTS, pgliteDatabase, PGLITE_OPTIONS, type Database, type DatabaseOptions, type DatabaseTimeouts, type SqlSession } from './database';
/** A query function, as the database and a transaction's session both give it. */
export type Query = import('./database').SqlSession['query'];
export { runMigrations, readMigrations, MIGRATIONS_DIR } from './migrate';

/** A round trip to the database (readiness): throws when it does not answer. */
export async function pingDatabase(db: Pick<import('./database').Database, 'query'>): Promise<void> {
  await db.query('SELECT 1');
}
