/**
 * The API under load (autocannon, 50 connections, loopback), next to a bare Fastify "hello" server
 * measured in the same run, right before each scenario — on a noisy machine the ratio to hello is the
 * figure that counts:
 *
 *   pnpm --filter @utsav/api run bench:load                       # PGlite (and PostgreSQL if DATABASE_URL is set)
 *   pnpm --filter @utsav/api run bench:load -- --postgres         # also PostgreSQL, default postgres://postgres@127.0.0.1:5432/utsav_bench
 *   pnpm --filter @utsav/api run bench:load -- --duration 5 --only search
 *   pnpm --filter @utsav/api run bench:load -- --postgres --only search,create --instances 2   # + 1 vs 2 API instances on PostgreSQL
 *
 * Scenarios: search over the large seed (a rotating mix of 70 requests, taking gzip as browsers do) with
 * the catalog cache, the same without gzip, the same with the cache off, booking create (POST, real
 * Auth emulator tokens), and `contended`: booking create with the availability checks, for four providers
 * of this run (daily capacities 1–4) whose first open days many consumers ask for at once, while the
 * providers accept the waiting requests (load/contended-mix.ts). 201/200 and 409 (the day filled, or the
 * booking was already answered) are its expected answers; afterwards the database is counted, every provider
 * and day against its capacity (load/contended-setup.ts), and the run fails (exit 1) on an over-booking
 * or on any other answer. With `--instances N` (PostgreSQL only), search and create are measured once more against
 * one API instance and against N on the same database, the rate limits counted there as in production, and
 * search once with the counters in memory (load/scale-out.ts; the report's `scaleOut`). Every server is a child
 * process on a spare port, the load generator another. Prints a table and writes .data/bench/api-load.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/config';
import { createDatabase, type DatabaseOptions } from '../src/db';
import { ensurePostgresDatabase, freshPgliteDataDir, seedPostgres } from './load/bench-database';
import { bookingRequests } from './load/booking-mix';
import { checkCapacity, contendedPlan, insertContendedProviders, removeContendedProviders, type CapacityCheck } from './load/contended-setup';
import { runTs, sparePort, startTs, waitForOk, type Child } from './load/processes';
import { measureScaleOut, SCALE_OUT_SCENARIOS, scaleOutSummary, type ScaleOutReport } from './load/scale-out';
import type { LoadRequest, Scenario, ScenarioResult } from './load/scenario';
import { SEARCH_PATHS } from './load/search-mix';
import { sequentialPass, type SequentialPass } from './load/sequential-pass';

export const TARGETS = { searchP99Ms: 25, searchShareOfHello: 0.3 } as const;
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/utsav_bench';
/** scale-out: each instance's own untimed run before the measured ones */
const WARM_INSTANCE_SECONDS = 5;
const SCENARIOS = ['search', 'search-identity', 'search-uncached', 'create', 'contended'] as const;
type ScenarioName = (typeof SCENARIOS)[number];

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** measured against PGlite always, and against this PostgreSQL server when set */
  postgresUrl: string | undefined;
  only: ScenarioName[];
  /** above 1 (PostgreSQL only): search and create against one API instance and against this many (load/scale-out.ts) */
  instances: number;
  outFile: string;
}

export interface MeasuredScenario extends ScenarioResult {
  /** hello's requests/s measured just before this scenario (the machine's load drifts) */
  helloRequestsPerSecond: number;
  /** requests/s as a share of that */
  shareOfHello: number;
  /** requests/s as a share of the bare server's sending a search-sized body (the bytes' own cost) */
  shareOfSizedHello: number;
  /** search only: share of answers served from the catalog cache (x-cache: hit or stale) */
  cacheHitRate?: number;
  /** contended only: the answers, expected (2xx, 409) and not (any other status, errors and timeouts) */
  answers?: Answers;
  /** contended only: bookings beyond a provider's capacity on a day, over the whole database after the run (must be 0) */
  overBookings?: number;
  /** contended only: the database's count after the run */
  capacityCheck?: CapacityCheck;
}

export interface Answers {
  '2xx': number;
  '409': number;
  other: number;
}

type DatabaseKind = 'pglite' | 'postgres';
type DatabaseScenarios = Partial<Record<ScenarioName, MeasuredScenario>>;

export interface LoadReport {
  measuredAt: string;
  machine: { cpus: number; node: string };
  connections: number;
  durationSeconds: number;
  targets: typeof TARGETS;
  /** the first hello run, every run (one before each scenario), their mean, and once with a search-sized body */
  hello: { first: ScenarioResult; runs: ScenarioResult[]; requestsPerSecond: number; searchSized: ScenarioResult };
  databases: Partial<Record<DatabaseKind, DatabaseScenarios>>;
  /** per database: the search mix once, one request at a time, on an empty cache (this also fills it) */
  coldSequentialSearch: Partial<Record<DatabaseKind, SequentialPass>>;
  /** search (cached) against the targets, per database */
  verdicts: Record<string, { p99Ms: number; shareOfHello: number; meetsTargets: boolean }>;
  /** with --instances N: PostgreSQL, one API instance vs N on the same database */
  scaleOut?: ScaleOutReport;
}

const RUN_DIR = path.join(REPO_ROOT, '.data', 'bench', 'load-run');
const LOG_FILE = path.join(RUN_DIR, 'servers.log');

type ScenarioToRun = Omit<Scenario, 'connections' | 'durationSeconds' | 'warmupSeconds'>;

/** 2xx and 409 are what a contended run expects; every other status, error and timeout is counted as other. */
export function answersOf(result: ScenarioResult): Answers {
  let ok = 0;
  let conflicts = 0;
  let other = result.errors;
  for (const [code, count] of Object.entries(result.statusCodes)) {
    if (code.startsWith('2')) ok += count;
    else if (code === '409') conflicts += count;
    else other += count;
  }
  return { '2xx': ok, '409': conflicts, other };
}

async function measure(scenario: ScenarioToRun, options: LoadOptions): Promise<ScenarioResult> {
  const file = path.join(RUN_DIR, `${scenario.name}.scenario.json`);
  const full: Scenario = { ...scenario, connections: options.connections, durationSeconds: options.durationSeconds, warmupSeconds: options.warmupSeconds };
  fs.writeFileSync(file, JSON.stringify(full));
  const stdout = await runTs('scripts/load/autocannon-runner.ts', [file], {}, LOG_FILE);
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ScenarioResult;
  console.log(
    `  ${result.name.padEnd(26)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${String(result.p50Ms).padStart(4)} ms  p99 ${String(result.p99Ms).padStart(5)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  if (result.outcomes) console.log(`  ${''.padEnd(26)} answers ${JSON.stringify(result.outcomes)}; latency by kind ${JSON.stringify(result.latencyByKind)}`);
  return result;
}

async function startServer(file: string, env: Record<string, string | undefined>, readyPath: string): Promise<{ url: string; child: Child }> {
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startTs(file, { ...env, PORT: String(port), HOST: '127.0.0.1' }, LOG_FILE);
  try {
    await waitForOk(`${url}${readyPath}`, child, 120_000, LOG_FILE);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, child };
}

/** The API as `npm start` runs it, but on its own port and data, quiet, without write or public-read limits or the stand-in. */
function apiEnv(database: { dataDir?: string; url?: string }, cache: boolean): Record<string, string | undefined> {
  return {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    WRITE_RATE_LIMIT_PER_MINUTE: '0',
    // autocannon's 50 connections all come from 127.0.0.1: the per-IP limit would measure itself
    PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    PROVIDER_AUTO_ACCEPT_MS: undefined,
    CATALOG_CACHE_MAX_ENTRIES: cache ? undefined : '0',
  };
}

/** The search mix, as a browser sends it (taking gzip), or asking for the plain bytes. */
const searchRequests = (encoding: 'browser' | 'identity' = 'browser'): LoadRequest[] =>
  SEARCH_PATHS.map((searchPath) => ({
    method: 'GET',
    path: searchPath,
    headers: { 'accept-encoding': encoding === 'browser' ? 'gzip, deflate, br' : 'identity' },
  }));

type Yardstick = () => Promise<ScenarioResult>;
interface Paired {
  result: ScenarioResult;
  hello: ScenarioResult;
}

/**
 * The contended scenario on its own API and data: this run's providers are put into the database first (PGlite
 * is one process's: before the API opens it), counted after the API has stopped, and (PostgreSQL, which keeps
 * its data) removed again.
 */
async function measureContended(
  kind: DatabaseKind,
  options: LoadOptions,
  paired: (scenario: ScenarioToRun) => Promise<Paired>,
): Promise<{ paired: Paired; check: CapacityCheck }> {
  const database: DatabaseOptions & { dataDir?: string } =
    kind === 'pglite' ? { dataDir: await freshPgliteDataDir(RUN_DIR, LOG_FILE) } : { url: options.postgresUrl };
  // the API keeps PGlite's files in DATA_DIR/pglite (server.ts)
  const open = () => createDatabase(database.url ? { url: database.url } : { dataDir: path.join(database.dataDir as string, 'pglite') });
  let db = await open();
  let providerIds: string[] = [];
  try {
    const providers = await insertContendedProviders(db, new Date().toISOString().slice(0, 19));
    providerIds = providers.map((provider) => provider.providerId);
    console.log(`  ${kind} contended: providers of daily capacity ${providers.map((provider) => provider.capacity).join(', ')}`);
    if (kind === 'pglite') await db.close();
    let result: Paired;
    const api = await startServer('src/server.ts', apiEnv(database, true), '/health');
    try {
      const plan = await contendedPlan(api.url, providers);
      result = await paired({ name: `${kind} contended create+accept`, url: api.url, requests: [], contended: plan });
    } finally {
      await api.child.stop();
    }
    if (kind === 'pglite') db = await open();
    const check = await checkCapacity(db, providerIds);
    return { paired: result, check };
  } finally {
    if (kind === 'postgres' && providerIds.length > 0) {
      await removeContendedProviders(db, providerIds).catch((error: unknown) => console.warn(`  could not remove this run's providers: ${String(error)}`));
    }
    await db.close();
  }
}

async function measureDatabase(kind: DatabaseKind, options: LoadOptions, yardstick: Yardstick, sizedRps: number) {
  const results: Partial<Record<ScenarioName, Paired>> = {};
  let capacityCheck: CapacityCheck | undefined;
  // hello right before each scenario: on a shared machine the load changes within minutes
  const paired = async (scenario: ScenarioToRun): Promise<Paired> => {
    const hello = await yardstick();
    return { result: await measure(scenario, options), hello };
  };
  let searchColdSequential: SequentialPass | undefined;
  const database = async () => (kind === 'pglite' ? { dataDir: await freshPgliteDataDir(RUN_DIR, LOG_FILE) } : { url: options.postgresUrl });
  const wants = (name: ScenarioName) => options.only.includes(name);

  if (wants('search') || wants('search-identity') || wants('create')) {
    const api = await startServer('src/server.ts', apiEnv(await database(), true), '/health');
    try {
      if (wants('search') || wants('search-identity')) {
        searchColdSequential = await sequentialPass(api.url, SEARCH_PATHS);
        console.log(`  ${kind} search mix once, cold, one at a time: p50 ${searchColdSequential.p50Ms} ms  p99 ${searchColdSequential.p99Ms} ms`);
      }
      if (wants('search')) {
        results.search = await paired({ name: `${kind} search`, url: api.url, requests: searchRequests(), countHeader: 'x-cache' });
      }
      if (wants('search-identity')) {
        const requests = searchRequests('identity');
        results['search-identity'] = await paired({ name: `${kind} search, not gzipped`, url: api.url, requests, countHeader: 'x-cache' });
      }
      if (wants('create')) results.create = await paired({ name: `${kind} booking create`, url: api.url, requests: await bookingRequests(api.url) });
    } finally {
      await api.child.stop();
    }
  }
  if (wants('search-uncached')) {
    const api = await startServer('src/server.ts', apiEnv(await database(), false), '/health');
    try {
      results['search-uncached'] = await paired({ name: `${kind} search, no cache`, url: api.url, requests: searchRequests(), countHeader: 'x-cache' });
    } finally {
      await api.child.stop();
    }
  }
  if (wants('contended')) {
    const contended = await measureContended(kind, options, paired);
    results.contended = contended.paired;
    capacityCheck = contended.check;
    const answers = answersOf(contended.paired.result);
    console.log(
      `  ${kind} contended: 2xx ${answers['2xx']}  409 ${answers['409']}  other ${answers.other}; database after the run: over-bookings ${capacityCheck.overBookings} over ${capacityCheck.providerDays} provider-days holding bookings (${capacityCheck.fullDays} full)`,
    );
  }
  return (): { scenarios: DatabaseScenarios; cold?: SequentialPass } => ({
    scenarios: Object.fromEntries(
      Object.entries(results).map(([name, { result, hello }]) => {
        // a stale answer is served from the cache too (while it is made again in the background)
        const hits = (result.headerCounts?.hit ?? 0) + (result.headerCounts?.stale ?? 0);
        const counted = Object.values(result.headerCounts ?? {}).reduce((sum, count) => sum + count, 0);
        const measured: MeasuredScenario = {
          ...result,
          helloRequestsPerSecond: hello.requestsPerSecond,
          shareOfHello: Number((result.requestsPerSecond / hello.requestsPerSecond).toFixed(3)),
          shareOfSizedHello: Number((result.requestsPerSecond / sizedRps).toFixed(3)),
          ...(name.startsWith('search') ? { cacheHitRate: counted ? Number((hits / counted).toFixed(4)) : 0 } : {}),
          ...(name === 'contended' && capacityCheck ? { answers: answersOf(result), overBookings: capacityCheck.overBookings, capacityCheck } : {}),
        };
        return [name, measured];
      }),
    ),
    cold: searchColdSequential,
  });
}

export async function runApiLoad(options: LoadOptions): Promise<LoadReport> {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });
  console.log(`API load: ${options.connections} connections, ${options.durationSeconds} s per scenario (+${options.warmupSeconds} s warm-up); server logs in ${LOG_FILE}`);
  if (options.postgresUrl) {
    await ensurePostgresDatabase(options.postgresUrl);
    await seedPostgres(options.postgresUrl, LOG_FILE);
  }

  const hello = await startServer('scripts/load/hello-server.ts', {}, '/');
  const kinds: DatabaseKind[] = options.postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  try {
    const runs: ScenarioResult[] = [];
    const yardstick: Yardstick = async () => {
      const run = await measure({ name: 'hello (bare Fastify)', url: hello.url, requests: [{ method: 'GET', path: '/' }] }, options);
      runs.push(run);
      return run;
    };
    const first = await yardstick();
    const searchSized = await measure({ name: 'hello, search-sized body', url: hello.url, requests: [{ method: 'GET', path: '/sized' }] }, options);
    const finishers = [];
    for (const kind of kinds) finishers.push([kind, await measureDatabase(kind, options, yardstick, searchSized.requestsPerSecond)] as const);
    const scaleOut =
      options.instances > 1 && options.postgresUrl
        ? await measureScaleOut(
            {
              startApi: (env) => startServer('src/server.ts', { ...apiEnv({ url: options.postgresUrl }, true), ...env }, '/health'),
              measure: (scenario) => measure(scenario, options),
              warm: async (scenario) => {
                await measure(scenario, { ...options, durationSeconds: WARM_INSTANCE_SECONDS, warmupSeconds: 0 });
              },
              searchRequests: () => searchRequests(),
            },
            { instances: options.instances, connections: options.connections, scenarios: SCALE_OUT_SCENARIOS.filter((name) => options.only.includes(name)) },
          )
        : undefined;
    const helloRps = Math.round(runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / Math.max(1, runs.length));

    const databases: LoadReport['databases'] = {};
    const coldSequentialSearch: LoadReport['coldSequentialSearch'] = {};
    for (const [kind, finish] of finishers) {
      const { scenarios, cold } = finish();
      databases[kind] = scenarios;
      if (cold) coldSequentialSearch[kind] = cold;
    }
    const verdicts: LoadReport['verdicts'] = {};
    for (const [kind, scenarios] of Object.entries(databases)) {
      const search = scenarios.search;
      if (!search) continue;
      verdicts[kind] = {
        p99Ms: search.p99Ms,
        shareOfHello: search.shareOfHello,
        meetsTargets: search.p99Ms <= TARGETS.searchP99Ms && search.shareOfHello >= TARGETS.searchShareOfHello && search.non2xx === 0,
      };
    }
    const report: LoadReport = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      targets: TARGETS,
      hello: { first, runs, requestsPerSecond: helloRps, searchSized },
      databases,
      coldSequentialSearch,
      verdicts,
      ...(scaleOut ? { scaleOut } : {}),
    };
    fs.mkdirSync(path.dirname(options.outFile), { recursive: true });
    fs.writeFileSync(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
    printSummary(report);
    console.log(`Written to ${options.outFile}`);
    return report;
  } finally {
    await hello.child.stop();
  }
}

function printSummary(report: LoadReport): void {
  console.log(`\nhello: ${report.hello.requestsPerSecond} req/s (mean of ${report.hello.runs.length} runs); with a search-sized body ${report.hello.searchSized.requestsPerSecond} req/s`);
  for (const [kind, scenarios] of Object.entries(report.databases)) {
    const cold = report.coldSequentialSearch[kind as DatabaseKind];
    if (cold) console.log(`${kind.padEnd(8)} search, cold, one at a time: p50 ${cold.p50Ms} ms  p99 ${cold.p99Ms} ms  max ${cold.maxMs} ms`);
    for (const [name, result] of Object.entries(scenarios)) {
      const hitRate = result.cacheHitRate === undefined ? '' : `  cache hits ${(result.cacheHitRate * 100).toFixed(1)}%`;
      const answers = result.answers ? `  2xx ${result.answers['2xx']}  409 ${result.answers['409']}  other ${result.answers.other}  over-bookings ${result.overBookings}` : '';
      console.log(
        `${kind.padEnd(8)} ${name.padEnd(16)} p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  ${result.requestsPerSecond} req/s = ${(result.shareOfHello * 100).toFixed(1)}% of hello's ${result.helloRequestsPerSecond} (${(result.shareOfSizedHello * 100).toFixed(0)}% of sized)  non-2xx ${result.non2xx}${hitRate}${answers}`,
      );
    }
  }
  for (const [kind, verdict] of Object.entries(report.verdicts)) {
    console.log(`${kind}: search p99 ${verdict.p99Ms} ms (≤ ${TARGETS.searchP99Ms}), ${(verdict.shareOfHello * 100).toFixed(1)}% of hello (≥ ${TARGETS.searchShareOfHello * 100}%): ${verdict.meetsTargets ? 'meets the targets' : 'MISSES the targets'}`);
  }
  if (report.scaleOut) for (const line of scaleOutSummary(report.scaleOut)) console.log(line);
}

function readOptions(argv: string[]): LoadOptions {
  const { values } = parseArgs({
    // `pnpm run bench:load -- …` may pass the `--` through
    args: argv.filter((arg) => arg !== '--'),
    options: {
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      postgres: { type: 'boolean', default: false },
      instances: { type: 'string', default: '1' },
      only: { type: 'string', default: SCENARIOS.join(',') },
      out: { type: 'string', default: path.join(REPO_ROOT, '.data', 'bench', 'api-load.json') },
    },
  });
  const positive = (name: string, raw: string, allowZero = false) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) throw new Error(`--${name} must be a whole number${allowZero ? '' : ' above 0'}, got "${raw}"`);
    return value;
  };
  const only = values.only.split(',').map((name) => name.trim());
  for (const name of only) if (!(SCENARIOS as readonly string[]).includes(name)) throw new Error(`--only takes ${SCENARIOS.join(', ')}; got "${name}"`);
  const envUrl = process.env.DATABASE_URL?.trim() || undefined;
  const postgresUrl = envUrl ?? (values.postgres ? DEFAULT_POSTGRES_URL : undefined);
  const instances = positive('instances', values.instances);
  if (instances > 1) {
    if (!postgresUrl) throw new Error('--instances needs PostgreSQL (--postgres or DATABASE_URL): PGlite is one process\'s');
    if (!only.some((name) => (SCALE_OUT_SCENARIOS as readonly string[]).includes(name))) throw new Error(`--instances measures ${SCALE_OUT_SCENARIOS.join(' and ')}: --only must name one`);
  }
  return {
    connections: positive('connections', values.connections),
    durationSeconds: positive('duration', values.duration),
    warmupSeconds: positive('warmup', values.warmup, true),
    postgresUrl,
    only: only as ScenarioName[],
    instances,
    outFile: path.resolve(values.out),
  };
}

/** What makes the run fail: an over-booking, or an answer a contended run does not expect (not 2xx, not 409). */
export function contendedFailures(report: LoadReport): string[] {
  const failures: string[] = [];
  for (const [kind, scenarios] of Object.entries(report.databases)) {
    const contended = scenarios.contended;
    if (!contended) continue;
    if ((contended.overBookings ?? 0) > 0) failures.push(`${kind}: ${contended.overBookings} over-booking(s): ${JSON.stringify(contended.capacityCheck?.overBookedDays)}`);
    if ((contended.answers?.other ?? 0) > 0) failures.push(`${kind}: ${contended.answers?.other} answers neither 2xx nor 409 (status codes ${JSON.stringify(contended.statusCodes)}, errors ${contended.errors}, timeouts ${contended.timeouts})`);
  }
  return failures;
}

if (require.main === module) {
  runApiLoad(readOptions(process.argv.slice(2))).then(
    (report) => {
      const failures = contendedFailures(report);
      for (const failure of failures) console.error(`FAILED contended: ${failure}`);
      if (failures.length > 0) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
