import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDatabase, runMigrations, type Database } from '../../src/db';

export interface TestDatabase {
  database: Database;
  /** closes the database and drops what the test file created */
  drop(): Promise<void>;
  /**
   * Another connection to the same database, as a second API instance has: a pool of its own on the
   * PostgreSQL server; PGlite lives in this process, so there the same one (closing it closes nothing).
   */
  connectAgain(): Promise<Database>;
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when DATABASE_URL is set —
 * a new schema t_<random> on that PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await createDatabase({ memory: true });
    await runMigrations(database);
    return { database, drop: () => database.close(), connectAgain: async () => ({ ...database, close: async () => undefined }) };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  // extensions are per database: install pg_trgm once in public (which stays on the test schema's search
  // path), so the migration's CREATE EXTENSION does not put it in — and DROP SCHEMA take it out of — t_…
  await onServer(url, `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public; CREATE SCHEMA ${schema}`);
  const database = await createDatabase({ url, searchPath: schema });
  await runMigrations(database);
  return {
    database,
    connectAgain: () => createDatabase({ url, searchPath: schema }),
    drop: async () => {
      await database.close();
      await onServer(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

export const expectedDatabaseKind = (): Database['kind'] => (process.env.DATABASE_URL ? 'postgres' : 'pglite');
