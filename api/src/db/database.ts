import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Pool } from 'pg';

/** Raw SQL inside a transaction: scripts with several statements (migrations) and parameterised queries. */
export interface SqlSession {
  exec(script: string): Promise<void>;
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** One parameterised statement outside any transaction. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs fn on one connection inside BEGIN … COMMIT; rolls back if fn throws. */
  transaction<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server (postgres://…). Wins over dataDir and memory. */
  url?: string;
  /** Where PGlite keeps its files; created if missing. */
  dataDir?: string;
  /** PGlite in memory: nothing is written to disk (tests). */
  memory?: boolean;
  /**
   * PostgreSQL only: the schema to work in (tests isolate themselves this way). `public` stays on the
   * path after it, for the extensions installed there (pg_trgm).
   */
  searchPath?: string;
}

/**
 * Opens the database. PGlite (WASM Postgres) takes a few seconds to start, so create one per process
 * and share it.
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await open(options);
  // shutdown paths may overlap (a signal during a failed start): closing twice is a no-op
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}

function open(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.searchPath);
  if (options.memory) return openPglite(undefined);
  if (options.dataDir) return openPglite(options.dataDir);
  throw new Error('createDatabase needs url, dataDir or memory');
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // PGlite creates only the last directory of the path itself
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // extensions are WASM bundles shipped with PGlite; CREATE EXTENSION (in the migrations) enables them
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
        }),
      ),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, searchPath: string | undefined): Promise<Database> {
  if (searchPath !== undefined && !/^[a-z_][a-z0-9_]*$/.test(searchPath)) {
    throw new Error(`searchPath must be a plain lower-case schema name, got "${searchPath}"`);
  }
  const pool = new Pool({
    connectionString: url,
    // applied by the server to every new connection, so every query lands in that schema
    options: searchPath ? `-c search_path=${searchPath},public` : undefined,
  });
  // an idle connection dropped by the server must not crash the process; the next query reconnects
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as Row[],
    async transaction(fn) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await fn({
          // without parameters pg uses the simple query protocol, which accepts several statements
          exec: async (script) => {
            await connection.query(script);
          },
          query: async <Row>(text: string, params?: unknown[]) =>
            (await connection.query(text, params)).rows as Row[],
        });
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
