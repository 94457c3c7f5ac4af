/**
 * Measures GET /services?q= over real HTTP against the database the API would use (DATABASE_URL, else
 * DATA_DIR's PGlite; fill it first with seed:large), and prints the plan of one typical search:
 *
 *   pnpm --filter @utsav/api run bench:search                # 100 searches
 *   pnpm --filter @utsav/api run bench:search -- --runs 500 --explain "wedding photographer"
 *   pnpm --filter @utsav/api run bench:search -- --runs 2000 --concurrency 20   # under load
 *
 * Stop the API first when it uses PGlite: one process at a time may open its files.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { searchTerms } from '../src/catalog/search-terms';
import { SEARCH_SQL } from '../src/catalog/service-search';
import { getConfig } from '../src/config';
import { createDatabase, runMigrations } from '../src/db';

// what people type, typos and prefixes included, with and without filters
const SEARCHES = [
  'wedding photographer',
  'photgrapher',
  'phot',
  'bridal makeup pune',
  'mumbai',
  'caterers in jaipur',
  'mak',
  'venue for 500 guests',
  'haircut',
  'massage kochi',
  'wedding planner goa',
  'facial',
  'tutor maths',
  'mehendi',
  'kerala sadya catering',
  'personal trainer delhi',
  'nail art',
  'candid',
  'banquet hall lucknow',
  'airbrush',
].map((q) => `q=${encodeURIComponent(q)}`);
const FILTERED = ['q=wedding&category=Photography', 'q=bridal&city=Pune', 'category=Venues', 'city=Chennai&offset=20'];

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      runs: { type: 'string', default: '100' },
      concurrency: { type: 'string', default: '1' },
      explain: { type: 'string', default: 'wedding photographer' },
    },
  });
  const runs = Number(values.runs);
  const concurrency = Math.max(1, Number(values.concurrency));
  // every search comes from 127.0.0.1: the public-read limit would cut the run short
  const config = { ...getConfig(), PUBLIC_READ_RATE_LIMIT_PER_MINUTE: 0 };
  const db = await createDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: `${config.DATA_DIR}/pglite` });
  const app = await buildApp({ db, config, logger: false });
  try {
    await runMigrations(db);
    const [counted] = await db.query<{ services: number }>('SELECT count(*)::int AS services FROM services');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`${counted?.services ?? 0} services in ${db.kind}; ${runs} searches over HTTP, ${concurrency} at a time`);

    const queries = [...SEARCHES, ...FILTERED];
    // warm up: plans cached, pages in memory
    for (const query of queries) await fetch(`${address}/services?${query}`).then((response) => response.arrayBuffer());

    const timings: number[] = [];
    let next = 0;
    const began = performance.now();
    // `concurrency` clients, each sending its next search as soon as the last one answered
    const client = async () => {
      for (let run = next++; run < runs; run = next++) {
        const query = queries[run % queries.length] as string;
        const started = performance.now();
        const response = await fetch(`${address}/services?${query}`);
        const body = (await response.json()) as { total: number };
        const took = performance.now() - started;
        timings.push(took);
        if (response.status !== 200) throw new Error(`${query} answered ${response.status}`);
        if (concurrency === 1 && run < queries.length) console.log(`  ${query.padEnd(44)} total ${String(body.total).padStart(5)}  ${took.toFixed(1)} ms`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    const seconds = (performance.now() - began) / 1000;
    console.log(`${(runs / seconds).toFixed(0)} requests/s`);
    timings.sort((a, b) => a - b);
    const at = (share: number) => timings[Math.min(timings.length - 1, Math.floor(share * timings.length))]?.toFixed(1);
    console.log(`p50 ${at(0.5)} ms · p90 ${at(0.9)} ms · p99 ${at(0.99)} ms · max ${at(1)} ms`);

    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${SEARCH_SQL.relevance}`, [
      searchTerms(values.explain),
      null,
      null,
      null,
      null,
      20,
      0,
    ]);
    console.log(`\nEXPLAIN ANALYZE of q=${values.explain}:`);
    for (const row of plan) console.log(row['QUERY PLAN']);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
