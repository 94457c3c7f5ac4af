import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { createDatabase, pgliteDatabase, PGLITE_OPTIONS, readMigrations, runMigrations, type Database } from '../../src/db';

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

/** One statement on the PostgreSQL server of `url`, on a connection of its own. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The migrated PGlite every test file starts from, as a data-directory tarball in the system's temporary
 * folder, named by what it is made of (the migrations and PGlite's build), so a changed migration makes a new
 * one. Measured (docs/testing.md): a new in-memory PGlite runs initdb, ~2.7 s of its ~3 s; loading this
 * takes ~0.5 s. The first test file to ask makes it (two at once both write it whole, then rename).
 */
export async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256').update(require.resolve('@electric-sql/pglite'));
  for (const migration of readMigrations()) hash.update(migration.name).update(migration.sql);
  const file = path.join(os.tmpdir(), `utsav-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const client = await PGlite.create(undefined, PGLITE_OPTIONS);
    await runMigrations(pgliteDatabase(client));
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite started from the migrated template, or —
 * when DATABASE_URL is set — a new schema t_<random> on that PostgreSQL server, dropped afterwards. (A
 * PostgreSQL template database was measured too: CREATE DATABASE … TEMPLATE and its DROP took longer than
 * migrating a schema, ~0.2 s.)
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await createDatabase({ memory: true, snapshot: await pgliteTemplate() });
    // a no-op on the template, and the proof that it is current
    if ((await runMigrations(database)).length > 0) throw new Error('the PGlite test template was not fully migrated');
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
