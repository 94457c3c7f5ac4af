import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPgClient } from '../../src/db/with-pg-client';

type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** What a store holds for some consumers, read straight from the database (not through the API). */
export interface StoredCounts {
  bookings: number;
  /** 'requested' events: one per booking, written in the booking's own transaction */
  requestedEvents: number;
  /** b-tree indexes that amcheck found consistent (it throws on a corrupt one) */
  indexesChecked: number;
}

/** Where a spawned API keeps its data: its environment, a direct look inside, and removal. */
export interface DurabilityStore {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** opens the store (the API must be stopped first for PGlite) and counts the consumers' bookings */
  inspect(consumerUids: string[]): Promise<StoredCounts>;
  remove(): Promise<void>;
}

async function countAndCheck(query: Query, consumerUids: string[]): Promise<StoredCounts> {
  await query('CREATE EXTENSION IF NOT EXISTS amcheck');
  const indexes = await query<{ oid: number }>(
    `SELECT c.oid::int AS oid FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE am.amname = 'btree' AND n.nspname = 'public'`,
  );
  // heapallindexed: every table row must also be found through each index
  for (const { oid } of indexes) await query('SELECT bt_index_check($1::regclass, true)', [oid]);
  const [counts] = await query<{ bookings: number; events: number }>(
    `SELECT (SELECT count(*)::int FROM bookings WHERE consumer_uid = ANY($1)) AS bookings,
            (SELECT count(*)::int FROM booking_events e JOIN bookings b ON b.id = e.booking_id
             WHERE b.consumer_uid = ANY($1) AND e.to_status = 'requested') AS events`,
    [consumerUids],
  );
  return { bookings: counts!.bookings, requestedEvents: counts!.events, indexesChecked: indexes.length };
}

/** A fresh PGlite data folder in the system's temp folder. */
export function pgliteStore(): DurabilityStore {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-durability-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async inspect(consumerUids) {
      // the same folder the API used (server.ts: DATA_DIR/pglite); opening it at all proves it is not corrupt
      const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { amcheck, pg_trgm } });
      try {
        return await countAndCheck(async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows, consumerUids);
      } finally {
        await client.close();
      }
    },
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}


/** A new database of its own on the PostgreSQL server of serverUrl, dropped by remove(). */
export async function postgresStore(serverUrl: string): Promise<DurabilityStore> {
  const name = `utsav_durability_${randomBytes(6).toString('hex')}`;
  await withPgClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-durability-')); // uploads only
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
    inspect: (consumerUids) =>
      withPgClient(url.href, (client) =>
        countAndCheck(async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[], consumerUids),
      ),
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await withPgClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
