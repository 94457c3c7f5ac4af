// The API under autocannon: the api package's bench:load (hello vs search vs booking create vs booking
// create and acceptance on a few providers' filling days) writes its figures to .data/bench/api-load.json;
// the bench runs it and reads them back.
import fs from 'node:fs';
import path from 'node:path';
import { DATA } from './paths.mjs';
import { pnpm } from './pnpm.mjs';

export const API_LOAD_FILE = path.join(DATA, 'bench', 'api-load.json');
const SCENARIO_LABELS = {
  search: 'GET /services?q= (large seed, as a browser asks: gzip)',
  'search-identity': 'GET /services?q= (large seed, no compression)',
  'search-uncached': 'GET /services?q=, catalog cache off',
  create: 'POST /bookings',
  contended: 'POST /bookings + provider accepts, 4 providers\' filling days',
};

/**
 * The contended scenario's verdict in its label: 409 is an expected answer there (the day filled, or the booking
 * was already answered), so its non-2xx are not failures; anything else, or an over-booking, is.
 */
function contendedLabel(result) {
  const answers = result.answers;
  if (!answers || typeof result.overBookings !== 'number') return SCENARIO_LABELS.contended;
  const failed = answers.other > 0 || result.overBookings > 0;
  return `${SCENARIO_LABELS.contended} (2xx ${answers['2xx']}, 409 ${answers['409']}, other ${answers.other}; over-bookings ${result.overBookings}${failed ? ' ❌' : ''})`;
}

function figuresOf(result, where) {
  for (const key of ['p50Ms', 'p99Ms', 'requestsPerSecond']) {
    if (typeof result?.[key] !== 'number') throw new Error(`${path.basename(API_LOAD_FILE)}: ${where}.${key} is not a number`);
  }
  return { p50: result.p50Ms, p99: result.p99Ms, rps: result.requestsPerSecond, non2xx: result.non2xx ?? 0, errors: result.errors ?? 0 };
}

/**
 * The load script's report (api/scripts/load.ts, LoadReport) as the bench shows it: hello, then each
 * database's scenarios with their share of hello's requests/s; `search` is the default database's
 * (PGlite) cached search, which the targets are about.
 */
export function readApiLoad(text) {
  const report = JSON.parse(text);
  const hello = { ...figuresOf(report?.hello?.first, 'hello.first'), rps: report.hello.requestsPerSecond };
  // a scenario's figures with its share of hello: against the hello run made just before it when the
  // report has that (a noisy machine), else against the run's mean hello
  const scenarioOf = (result, where) => {
    const figures = figuresOf(result, where);
    return { ...figures, share: typeof result.shareOfHello === 'number' ? result.shareOfHello : figures.rps / hello.rps };
  };
  const rows = [{ label: 'bare Fastify "hello" (mean of first and last run)', ...hello, share: 1 }];
  for (const [database, scenarios] of Object.entries(report.databases ?? {})) {
    for (const [name, result] of Object.entries(scenarios)) {
      const label = name === 'contended' ? contendedLabel(result) : (SCENARIO_LABELS[name] ?? name);
      rows.push({ label: `${database}: ${label}`, ...scenarioOf(result, `databases.${database}.${name}`), cacheHitRate: result.cacheHitRate });
    }
  }
  const search = report.databases?.pglite?.search;
  return {
    connections: report.connections,
    durationSeconds: report.durationSeconds,
    hello,
    search: search ? scenarioOf(search, 'databases.pglite.search') : undefined,
    rows,
  };
}

/** Runs the load script (it starts its own servers) and returns its figures, or { error } if it failed. */
export async function measureApiLoad({ log = console.log } = {}) {
  fs.rmSync(API_LOAD_FILE, { force: true });
  try {
    log('api load (bench:load)…');
    await pnpm(['--filter', '@utsav/api', 'run', 'bench:load'], { stdio: ['ignore', 'inherit', 'inherit'] });
    return readApiLoad(fs.readFileSync(API_LOAD_FILE, 'utf8'));
  } catch (error) {
    log(`api load failed: ${error.message}`);
    // it fails after writing its report when the contended run over-booked or had answers other than 2xx
    // and 409: the figures still stand, the contended row's label says what failed
    if (fs.existsSync(API_LOAD_FILE)) {
      try {
        return readApiLoad(fs.readFileSync(API_LOAD_FILE, 'utf8'));
      } catch {
        // an unreadable report: the error below
      }
    }
    return { error: error.message };
  }
}
