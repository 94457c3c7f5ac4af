import type { Database } from '../../db';
import { generateCatalog } from './generate-catalog';
import { insertCatalog, type InsertedCounts } from './insert-catalog';

/** The first-start catalog: 16 services in each of the 11 categories, every category in all 14 cities. */
export const SEED_NAME = 'utsav';
export const SEED_SERVICE_COUNT = 176;
// any fixed number (not the migrations' one): two API processes starting together seed once
const SEED_LOCK_KEY = 8_120_242;

/**
 * Fills the catalog when it is empty (the first start after the migrations); otherwise does nothing.
 * Deterministic: the same services, ids and texts every time; only created_at follows `now`.
 * Returns what was inserted, or null when the catalog already had services.
 */
export async function seedCatalogIfEmpty(db: Database, now: Date = new Date()): Promise<InsertedCounts | null> {
  return db.transaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const [row] = await session.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM services) AS seeded');
    if (row?.seeded) return null;
    const counts = await insertCatalog(session, generateCatalog({ seed: SEED_NAME, count: SEED_SERVICE_COUNT, now }));
    await session.exec('ANALYZE providers, services, service_images, menus, menu_items, menu_custom_options, catalog_words');
    return counts;
  });
}
