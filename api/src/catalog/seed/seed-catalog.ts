import type { ServiceCategory } from '@utsav/contracts/schemas';
import type { Database } from '../../db';
import { generateCatalog } from './generate-catalog';
import { generateReviews, MAX_SEED_REVIEWS } from './generate-reviews';
import { insertCatalog, insertReviews, type InsertedCounts } from './insert-catalog';

/** The first-start catalog: 16 services in each of the 11 categories, every category in all 14 cities. */
export const SEED_NAME = 'utsav';
export const SEED_SERVICE_COUNT = 176;
// any fixed number (not the migrations' one): two API processes starting together seed once
const SEED_LOCK_KEY = 8_120_242;
/** services given their reviews per transaction when backfilling */
const BACKFILL_BATCH = 500;

/**
 * Fills the catalog when it is empty (the first start after the migrations); otherwise gives reviews to
 * the services that migration 012 left waiting for them (see backfillReviews). Deterministic: the same
 * services, ids, texts and reviews every time; only dates follow `now`.
 * Returns what was inserted, or null when the catalog already had services.
 */
export async function seedCatalogIfEmpty(db: Database, now: Date = new Date()): Promise<InsertedCounts | null> {
  const seeded = await db.transaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const [row] = await session.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM services) AS seeded');
    if (row?.seeded) return null;
    const counts = await insertCatalog(session, generateCatalog({ seed: SEED_NAME, count: SEED_SERVICE_COUNT, now }));
    await session.exec('ANALYZE providers, services, service_images, menus, menu_items, menu_custom_options, catalog_words, reviews');
    return counts;
  });
  if (seeded) return seeded;
  await backfillReviews(db, now);
  return null;
}

interface BackfillRow {
  service_id: string;
  category: ServiceCategory;
  city: string;
  created_at: Date;
  review_count: number;
  average_rating: string | null;
}

/** Old counts ran up to 1 200 (log-uniform); the same spread over 1 … MAX_SEED_REVIEWS. */
const OLD_MAX_REVIEWS = 1200;
const rescaledCount = (old: number) =>
  Math.max(1, Math.round(Math.exp((Math.log(Math.min(old, OLD_MAX_REVIEWS)) * Math.log(MAX_SEED_REVIEWS)) / Math.log(OLD_MAX_REVIEWS))));

/**
 * Services seeded before reviews existed kept counts with no rows behind them; migration 012 set them to
 * what the table held (none) and listed them in review_backfill with what they had. This writes their
 * reviews — generated from the service id like a fresh seed's, their count rescaled, around their old
 * average — in batches (one transaction each); the reviews trigger brings each service's figures back.
 * Nothing to do (the usual case): one cheap query. Returns how many services got reviews.
 */
export async function backfillReviews(db: Database, now: Date = new Date()): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await db.transaction(async (session) => {
      await session.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      const rows = await session.query<BackfillRow>(
        `SELECT b.service_id::text AS service_id, s.category, s.city, s.created_at, b.review_count, b.average_rating::text AS average_rating
         FROM review_backfill b JOIN services s ON s.id = b.service_id
         ORDER BY b.service_id LIMIT $1`,
        [BACKFILL_BATCH],
      );
      if (rows.length === 0) return 0;
      const reviews = rows.flatMap((row) =>
        generateReviews({
          serviceId: row.service_id,
          category: row.category,
          city: row.city,
          createdAt: new Date(row.created_at),
          count: rescaledCount(row.review_count),
          average: Number(row.average_rating ?? 4),
          now,
        }).map((review) => ({ serviceId: row.service_id, ...review })),
      );
      await insertReviews(session, reviews);
      await session.query('DELETE FROM review_backfill WHERE service_id = ANY ($1::uuid[])', [rows.map((row) => row.service_id)]);
      return rows.length;
    });
    done += batch;
    if (batch < BACKFILL_BATCH) return done;
  }
}
