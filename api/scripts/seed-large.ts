/**
 * Fills the database the API would use (DATABASE_URL, else DATA_DIR's PGlite) with a large generated
 * catalog, for benchmarks:
 *
 *   pnpm --filter @utsav/api run seed:large                 # 10 000 services
 *   pnpm --filter @utsav/api run seed:large -- --count 50000 --batch 1000
 *
 * Migrates and seeds the first-start catalog if needed, then adds services in batches (one transaction
 * each), numbered after those already there, so running it again adds more. Stop the API first when it
 * uses PGlite: one process at a time may open its files.
 */
import { parseArgs } from 'node:util';
import { seedCatalogIfEmpty } from '../src/catalog/seed/seed-catalog';
import { generateCatalog } from '../src/catalog/seed/generate-catalog';
import { insertCatalog } from '../src/catalog/seed/insert-catalog';
import { getConfig } from '../src/config';
import { createDatabase, runMigrations } from '../src/db';

const LARGE_SEED = 'large';

async function main(): Promise<void> {
  const { values } = parseArgs({
    // `pnpm run seed:large -- --count …` may pass the `--` through
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { count: { type: 'string', default: '10000' }, batch: { type: 'string', default: '500' } },
  });
  const count = Number(values.count);
  const batch = Number(values.batch);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(batch) || batch < 1) {
    throw new Error('--count and --batch must be positive whole numbers');
  }

  const config = getConfig();
  const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}/pglite`;
  const db = await createDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: `${config.DATA_DIR}/pglite` });
  try {
    console.log(`Seeding ${count} services into ${target}`);
    await runMigrations(db);
    await seedCatalogIfEmpty(db);
    const [counted] = await db.query<{ existing: number }>('SELECT count(*)::int AS existing FROM services');
    const existing = counted?.existing ?? 0;
    const started = performance.now();
    const now = new Date();
    const totals = { services: 0, menus: 0, items: 0, images: 0, reviews: 0 };
    for (let done = 0; done < count; done += batch) {
      const size = Math.min(batch, count - done);
      const services = generateCatalog({ seed: LARGE_SEED, start: existing + done, count: size, now, spread: 'random' });
      const inserted = await db.transaction((session) => insertCatalog(session, services));
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += inserted[key];
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  ${done + size}/${count} services, ${totals.menus} menus, ${totals.items} items, ${totals.images} images, ${totals.reviews} reviews (${seconds} s)`);
    }
    await db.query('ANALYZE');
    const [after] = await db.query<{ services: number; menus: number; words: number }>(
      `SELECT (SELECT count(*)::int FROM services) AS services, (SELECT count(*)::int FROM menus) AS menus,
              (SELECT count(*)::int FROM catalog_words) AS words`,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Done in ${seconds} s: the catalog now has ${after?.services} services, ${after?.menus} menus, ${after?.words} search words.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
