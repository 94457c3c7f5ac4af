import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config';
import type { Database } from './database';

/** api/migrations, wherever the code runs from. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');

const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;
// any fixed number: concurrent starts (two API processes, one server) wait for each other
const MIGRATION_LOCK_KEY = 8_120_241;

export interface Migration {
  /** the file name, e.g. 001_consumers.sql; recorded in schema_migrations */
  name: string;
  sql: string;
}

/** The NNN_name.sql files of a folder, in order. Two files with the same number are an error. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const seen = new Set<string>();
  return names.map((name) => {
    const number = MIGRATION_FILE.exec(name)?.[1];
    if (!number) throw new Error(`Migration file "${name}" must be named NNN_lowercase_name.sql`);
    if (seen.has(number)) throw new Error(`Two migrations are numbered ${number}`);
    seen.add(number);
    return { name, sql: fs.readFileSync(path.join(dir, name), 'utf8') };
  });
}

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction: either every
 * pending file is applied and recorded or none is. Safe to run at every start. Returns the names applied.
 */
export async function runMigrations(database: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  return database.transaction(async (session) => {
    // waiting for another start's migrations, and building indexes, may take longer than any request's statement
    await session.exec('SET LOCAL statement_timeout = 0');
    await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await session.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const rows = await session.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      try {
        await session.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    return pending.map((migration) => migration.name);
  });
}
