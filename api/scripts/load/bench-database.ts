/**
 * The large catalog bench:load measures against. PGlite: seeded once into .data/bench-seed (rebuilt when
 * the migrations change) and copied for each run, so every run starts from the same fresh files.
 * PostgreSQL: the database of the URL, given the large seed if it has fewer services than that.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withPgClient } from '../../src/db/with-pg-client';
import { REPO_ROOT } from '../../src/config';
import { readMigrations } from '../../src/db';
import { runTs } from './processes';

export const BENCH_SEED_DIR = path.join(REPO_ROOT, '.data', 'bench-seed');
const MARKER = path.join(BENCH_SEED_DIR, 'seed.json');
/** the first-start seed (176) plus seed:large's 10 000 */
const LARGE_CATALOG = 10_000;

const migrationNames = () => readMigrations().map((migration) => migration.name);

function seedIsCurrent(): boolean {
  try {
    const marker = JSON.parse(fs.readFileSync(MARKER, 'utf8')) as { migrations?: string[] };
    return JSON.stringify(marker.migrations) === JSON.stringify(migrationNames());
  } catch {
    return false;
  }
}

/** A fresh PGlite data dir holding the large catalog; returns the DATA_DIR to start the API with. */
export async function freshPgliteDataDir(runDir: string, logFile: string): Promise<string> {
  if (!seedIsCurrent()) {
    console.log(`Seeding the large catalog into ${BENCH_SEED_DIR} (once; about a minute)…`);
    fs.rmSync(BENCH_SEED_DIR, { recursive: true, force: true });
    await runTs('scripts/seed-large.ts', [], { DATA_DIR: BENCH_SEED_DIR, DATABASE_URL: undefined }, logFile);
    fs.writeFileSync(MARKER, JSON.stringify({ migrations: migrationNames(), seededAt: new Date().toISOString() }, null, 2));
  }
  const dataDir = path.join(runDir, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(path.join(BENCH_SEED_DIR, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}


/** Creates the URL's database when missing (the server's own `postgres` database is asked). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench:load creates only plain lower-case database names, got "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await withPgClient(admin.href, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  });
}

/** Gives the PostgreSQL database the large catalog unless it already has one. */
export async function seedPostgres(url: string, logFile: string): Promise<void> {
  const services = await withPgClient(url, async (client) => {
    const exists = await client.query("SELECT to_regclass('services') IS NOT NULL AS found");
    if (!exists.rows[0]?.found) return 0;
    return Number((await client.query('SELECT count(*) AS n FROM services')).rows[0]?.n ?? 0);
  });
  if (services >= LARGE_CATALOG) return;
  console.log(`Seeding the large catalog into PostgreSQL (${services} services there now)…`);
  await runTs('scripts/seed-large.ts', [], { DATABASE_URL: url }, logFile);
}
