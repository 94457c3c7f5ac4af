import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  REVIEWS_MAX_LIMIT,
  reviewPageSchema,
  serviceDetailSchema,
  serviceSearchResponseSchema,
  SERVICE_CATEGORIES,
  type ReviewPage,
} from '@utsav/contracts/schemas';
import { generateCatalog } from '../src/catalog/seed/generate-catalog';
import { insertCatalog } from '../src/catalog/seed/insert-catalog';
import { backfillReviews, SEED_SERVICE_COUNT } from '../src/catalog/seed/seed-catalog';
import { createDatabase, readMigrations, runMigrations, type Database } from '../src/db';
import { getOk } from './support/catalog';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorAnswer } from './support/error-answers';

let server: TestServer;
let serviceIds: string[];

beforeAll(async () => {
  server = await startTestServer({}, { seedCatalog: true });
  serviceIds = [];
  for (const category of SERVICE_CATEGORIES) {
    const page = await getOk(`${server.url}/services?category=${encodeURIComponent(category)}&limit=50`, serviceSearchResponseSchema);
    serviceIds.push(...page.results.map((result) => result.serviceId));
  }
}, 60_000);
afterAll(() => server.close());

const reviewsOf = (serviceId: string, query = '') => getOk(`${server.url}/services/${serviceId}/reviews${query}`, reviewPageSchema);

/** Rows that break "the service's figures are what its reviews say" (none, always). */
async function dishonestServices(database: Database): Promise<unknown[]> {
  return database.query(
    `SELECT s.id FROM services s
     LEFT JOIN (SELECT service_id, count(*)::int AS n, round(avg(rating), 1) AS mean FROM reviews GROUP BY service_id) r
       ON r.service_id = s.id
     WHERE s.review_count <> coalesce(r.n, 0) OR s.average_rating IS DISTINCT FROM r.mean`,
  );
}

test('every seeded service shows exactly the reviews it can list: count = rows, average = their mean', async () => {
  expect(serviceIds).toHaveLength(SEED_SERVICE_COUNT);
  expect(await dishonestServices(server.database)).toEqual([]);
  let withReviews = 0;
  for (const id of serviceIds) {
    const service = await getOk(`${server.url}/services/${id}`, serviceDetailSchema);
    const page = await reviewsOf(id, `?limit=${REVIEWS_MAX_LIMIT}`);
    expect([id, page.total]).toEqual([id, service.reviewCount]);
    if (service.reviewCount <= REVIEWS_MAX_LIMIT) {
      expect(page.results).toHaveLength(service.reviewCount);
      const mean = page.results.reduce((sum, review) => sum + review.rating, 0) / Math.max(1, page.results.length);
      if (page.results.length > 0) expect(Math.abs((service.averageRating ?? 0) - mean)).toBeLessThanOrEqual(0.05);
      else expect(service.averageRating).toBeNull();
    }
    if (service.reviewCount > 0) withReviews++;
  }
  // most services have reviews, some none yet
  expect(withReviews).toBeGreaterThan(SEED_SERVICE_COUNT * 0.75);
  expect(withReviews).toBeLessThan(SEED_SERVICE_COUNT);
}, 60_000);

test('reviews read like people wrote them: a name, 1–5 stars, a date, a sentence or more', async () => {
  const [sample] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM services WHERE review_count >= 20 LIMIT 1');
  const page = await reviewsOf(sample!.id, '?limit=20');
  const today = new Date().toISOString().slice(0, 10);
  for (const review of page.results) {
    expect(review.authorName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(review.rating).toBeGreaterThanOrEqual(1);
    expect(review.rating).toBeLessThanOrEqual(5);
    expect(review.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(review.date <= addOneDay(today)).toBe(true);
    expect(review.text.length).toBeGreaterThan(15);
  }
  expect(new Set(page.results.map((review) => review.text)).size).toBeGreaterThan(page.results.length / 2);
});

test('pages: newest first, no repeats or gaps, the total on every page; past the end is empty', async () => {
  const [busy] = await server.database.query<{ id: string; n: number }>(
    'SELECT id::text AS id, review_count AS n FROM services WHERE review_count BETWEEN 12 AND 50 ORDER BY id LIMIT 1',
  );
  const all = await reviewsOf(busy!.id, '?limit=50');
  expect(all).toMatchObject({ total: busy!.n, limit: 50, offset: 0 });
  const dates = all.results.map((review) => review.date);
  expect([...dates].sort().reverse()).toEqual(dates);

  const pages: ReviewPage[] = [];
  for (let offset = 0; offset < busy!.n; offset += 5) pages.push(await reviewsOf(busy!.id, `?limit=5&offset=${offset}`));
  expect(pages.flatMap((page) => page.results)).toEqual(all.results);
  for (const page of pages) expect(page.total).toBe(busy!.n);

  const beyond = await reviewsOf(busy!.id, `?offset=${busy!.n + 3}`);
  expect(beyond).toEqual({ results: [], total: busy!.n, limit: 10, offset: busy!.n + 3 });
});

test('a service with no reviews yet: an empty list, total 0', async () => {
  const [quiet] = await server.database.query<{ id: string }>('SELECT id::text AS id FROM services WHERE review_count = 0 LIMIT 1');
  expect(await reviewsOf(quiet!.id)).toEqual({ results: [], total: 0, limit: 10, offset: 0 });
});

test('unknown service: 404 with total 0, whatever the id looks like', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%27%3B--']) {
    const response = await request(`${server.url}/services/${id}/reviews`);
    expect([id, response.status, response.body]).toEqual([id, 404, { ...errorAnswer('catalog.serviceNotFound'), total: 0 }]);
  }
});

test.each(['limit=0', `limit=${REVIEWS_MAX_LIMIT + 1}`, 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=x'])('%s: 400 with a message', async (query) => {
  const response = await request(`${server.url}/services/${serviceIds[0]}/reviews?${query}`);
  expect(response.status).toBe(400);
  expect(response.body.message).toEqual(expect.stringMatching(/limit|offset/));
});

test('cached like the catalog: an ETag, Cache-Control, a 304 on revalidation', async () => {
  const url = `${server.url}/services/${serviceIds[0]}/reviews`;
  const first = await fetch(url);
  const etag = first.headers.get('etag');
  expect(first.headers.get('cache-control')).toBe('public, max-age=30');
  expect(etag).toBeTruthy();
  expect((await fetch(url, { headers: { 'If-None-Match': etag! } })).status).toBe(304);
});

test('a review written or removed changes the service’s figures at once (the trigger), and the answers follow', async () => {
  const [target] = await server.database.query<{ id: string; n: number }>(
    'SELECT id::text AS id, review_count AS n FROM services WHERE review_count BETWEEN 1 AND 5 ORDER BY id LIMIT 1',
  );
  const id = target!.id;
  const [added] = await server.database.query<{ id: string }>(
    `INSERT INTO reviews (service_id, author_name, rating, body, reviewed_on)
     VALUES ($1, 'Test Reviewer', 1, 'Written by the test.', (now() AT TIME ZONE 'Asia/Kolkata')::date + 1) RETURNING id::text AS id`,
    [id],
  );
  expect(await dishonestServices(server.database)).toEqual([]);
  // the catalog cache notices the change within its version check (1 s)
  let service = await getOk(`${server.url}/services/${id}`, serviceDetailSchema);
  for (let tries = 0; service.reviewCount !== target!.n + 1 && tries < 30; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    service = await getOk(`${server.url}/services/${id}`, serviceDetailSchema);
  }
  const page = await reviewsOf(id);
  expect(service.reviewCount).toBe(target!.n + 1);
  expect(page.total).toBe(target!.n + 1);
  expect(page.results[0]).toMatchObject({ reviewId: added!.id, authorName: 'Test Reviewer', rating: 1 });

  await server.database.query('DELETE FROM reviews WHERE id = $1', [added!.id]);
  await server.database.query("UPDATE reviews SET rating = 5 WHERE service_id = $1", [id]);
  expect(await dishonestServices(server.database)).toEqual([]);
  const [after] = await server.database.query<{ n: number; mean: string }>('SELECT review_count AS n, average_rating::text AS mean FROM services WHERE id = $1', [id]);
  expect(after).toEqual({ n: target!.n, mean: '5.0' });
});

// an empty PGlite (initdb: not the migrated template) and the whole seed, with its own timeout: 44 s once on a busy machine
test('a database seeded before reviews: migration 012 makes every count honest, the next start writes the reviews', async () => {
  const database = await createDatabase({ memory: true });
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-before-reviews-'));
    // today's seed writer also fills the providers' travel terms (migration 023: one column of its own, which 012
    // does not touch), so the old database has that column too
    const before = (name: string) => name < '012' || name.startsWith('023_');
    for (const migration of readMigrations().filter((m) => before(m.name))) fs.writeFileSync(path.join(dir, migration.name), migration.sql);
    await runMigrations(database, dir);
    // the old seed: counts up to 1 200 with no rows behind them
    const old = generateCatalog({ seed: 'old', count: 12, now: new Date() }).map((service, index) => ({
      ...service,
      reviews: [],
      reviewCount: index === 0 ? 0 : index * 100,
      averageRating: index === 0 ? null : 4.4,
    }));
    await database.transaction((session) => insertCatalog(session, old));

    await runMigrations(database);
    const [zeroed] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM services WHERE review_count > 0');
    expect(zeroed!.n).toBe(0);
    expect(await dishonestServices(database)).toEqual([]);

    expect(await backfillReviews(database)).toBe(11);
    expect(await dishonestServices(database)).toEqual([]);
    const rows = await database.query<{ id: string; n: number; mean: string | null }>(
      'SELECT id::text AS id, review_count AS n, average_rating::text AS mean FROM services',
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old[0]!.id)).toMatchObject({ n: 0, mean: null });
    expect(byId.get(old[11]!.id)!.n).toBeGreaterThan(byId.get(old[1]!.id)!.n); // more before, more now
    expect(byId.get(old[11]!.id)!.n).toBeLessThanOrEqual(120);
    for (const service of old.slice(1)) expect(Math.abs(Number(byId.get(service.id)!.mean) - 4.4)).toBeLessThanOrEqual(1);
    // once only: the list of services waiting is empty
    expect(await backfillReviews(database)).toBe(0);
  } finally {
    await database.close();
  }
}, 90_000);

function addOneDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
