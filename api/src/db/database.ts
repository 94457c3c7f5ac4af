import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Client, Pool } from 'pg';
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS } from '../config';

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
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (sent with pg_notify; inside a
   * transaction it is delivered at COMMIT, never for a rollback). On a PostgreSQL server it reaches every
   * process listening, whichever sent it. Resolves once listening; the function it gives stops.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now (its metrics, http/metrics.ts) */
  poolStats?(): { total: number; idle: number; waiting: number };
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
   * In-memory PGlite only: start from this data directory (a tarball from PGlite's `dumpDataDir`) instead of
   * an empty cluster. Skips initdb, most of PGlite's start (test/support/test-database.ts: a migrated template).
   */
  snapshot?: Blob;
  /**
   * PostgreSQL only: the schema to work in (tests isolate themselves this way). `public` stays on the
   * path after it, for the extensions installed there (pg_trgm).
   */
  searchPath?: string;
  /** PostgreSQL only: how long a connection and a statement may take (DEFAULT_DATABASE_TIMEOUTS when absent). */
  timeouts?: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  /** connecting, or waiting for a free connection of the pool: then the query fails (0: wait for ever) */
  connectMs: number;
  /** the server cancels a statement running longer, and ends a transaction left idle twice as long (0: never) */
  statementMs: number;
}

/** The API's own settings' defaults (config.ts), for every other opener (tests, scripts). */
export const DEFAULT_DATABASE_TIMEOUTS: Readonly<DatabaseTimeouts> = Object.freeze({
  connectMs: DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
  statementMs: DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS,
});

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
  if (options.url) return openPostgres(options.url, options.searchPath, options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS);
  if (options.memory) return openPglite(undefined, options.snapshot);
  if (options.dataDir) return openPglite(options.dataDir);
  throw new Error('createDatabase needs url, dataDir or memory');
}

/** What every PGlite of the API is started with: extensions are WASM bundles shipped with PGlite; CREATE EXTENSION (in the migrations) enables them. */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } };

async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  // PGlite creates only the last directory of the path itself
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { ...PGLITE_OPTIONS, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  return pgliteDatabase(client);
}

/** A started PGlite as the API's Database. */
export function pgliteDatabase(client: PGlite): Database {
  const listeners = new Set<() => Promise<void>>();
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
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      let stopped = false;
      const stop = async () => {
        if (stopped) return;
        stopped = true;
        listeners.delete(stop);
        await unlisten().catch(() => undefined);
      };
      listeners.add(stop);
      return stop;
    },
    close: async () => {
      // PGlite would UNLISTEN while closing and fail on itself (an unhandled "PGlite is closed"): first
      await Promise.all([...listeners].map((stop) => stop()));
      await client.close();
    },
  };
}

/** pg's settings for the timeouts: the statement ones travel in the connection's startup message. */
function timeoutSettings({ connectMs, statementMs }: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: connectMs,
    ...(statementMs > 0 ? { statement_timeout: statementMs, idle_in_transaction_session_timeout: statementMs * 2 } : {}),
    // a peer gone without a word (a dropped network) is noticed by the kernel's probes, not never
    keepAlive: true,
  };
}

async function openPostgres(url: string, searchPath: string | undefined, timeouts: DatabaseTimeouts): Promise<Database> {
  if (searchPath !== undefined && !/^[a-z_][a-z0-9_]*$/.test(searchPath)) {
    throw new Error(`searchPath must be a plain lower-case schema name, got "${searchPath}"`);
  }
  const pool = new Pool({
    connectionString: url,
    // applied by the server to every new connection, so every query lands in that schema
    options: searchPath ? `-c search_path=${searchPath},public` : undefined,
    ...timeoutSettings(timeouts),
  });
  // an idle connection dropped by the server must not crash the process; the next query reconnects
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  // the LISTEN connections, closed with the pool
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as Row[],
    async transaction(fn) {
      const connection = await pool.connect();
      let broken: Error | undefined;
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
        // a connection that cannot even roll back (timed out, dropped) is closed, not handed to the next query
        await connection.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        connection.release(broken);
      }
    },
    listen: (channel, onNotify) => listenOnPostgres({ url, searchPath, listeners, timeouts }, channel, onNotify),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), opened again when
 * it drops: notifications sent while it was down are lost, which is why every listener also looks again
 * by itself now and then (the live stream does).
 */
async function listenOnPostgres(
  { url, searchPath, listeners, timeouts }: { url: string; searchPath: string | undefined; listeners: Set<() => Promise<void>>; timeouts: DatabaseTimeouts },
  channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`channel must be a plain lower-case name, got "${channel}"`);
  let stopped = false;
  let client: Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, options: searchPath ? `-c search_path=${searchPath},public` : undefined, ...timeoutSettings(timeouts) });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      console.error(`PostgreSQL LISTEN ${channel} connection error:`, error.message);
      void next.end().catch(() => undefined);
      if (client === next && !stopped) retry = setTimeout(() => void connect().catch(() => undefined), RELISTEN_DELAY_MS);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void connect().catch(() => undefined), RELISTEN_DELAY_MS);
      throw error;
    }
  };
  await connect();
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    listeners.delete(stop);
    await client?.end().catch(() => undefined);
  };
  listeners.add(stop);
  return stop;
}
