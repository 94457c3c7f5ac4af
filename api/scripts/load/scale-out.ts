/**
 * Scale-out on PostgreSQL (issue 21, `bench:load -- --postgres --instances 2`): search and booking create at the
 * run's connections (50) against one API instance, then against several on the same database, one right after
 * the other; with the rate limits on and their counters in the database, as production keeps them when
 * DATABASE_URL is set (RATE_LIMIT_STORE=database; the limits set out of the run's reach, so every limited
 * request pays its counter's upsert and none is refused). Search on one instance once more with the counters
 * in memory prices the shared counters.
 *
 * Several instances: ONE autocannon run whose connections go round-robin to the instances (connection i to
 * instance i % n, for the whole run) — a stand-in for a load balancer spreading keep-alive connections, without
 * a proxy's own CPU cost or hop, and with the same single load-generator process as the one-instance run, so
 * both pay the same for making the load. Its requests/s is the sum over the instances, its p50/p99 come from
 * the one histogram of every answer (a merged figure, not the worse of two). Every instance is first given the
 * same untimed run of its own (JIT, plans, token cache), so the one measured alone is not the only warm one.
 * On a 2-core machine the
 * instances, PostgreSQL and the load generator share the two cores: the point there is no regression and no
 * errors; the ratio is reported, not targeted.
 */
import { bookingRequests } from './booking-mix';
import type { Child } from './processes';
import type { LoadRequest, Scenario, ScenarioResult } from './scenario';
import { SEARCH_PATHS } from './search-mix';
import { sequentialPass } from './sequential-pass';

/** Far above what a run sends (all of it from 127.0.0.1, the writes from six users): counted, never refused. */
export const UNREACHED_LIMIT_PER_MINUTE = 1_000_000_000;
export const SCALE_OUT_SCENARIOS = ['search', 'create'] as const;
export type ScaleOutScenario = (typeof SCALE_OUT_SCENARIOS)[number];
type RateLimitStore = 'database' | 'memory';

export interface ScaleOutPair {
  one: ScenarioResult;
  several: ScenarioResult;
  /** requests/s of the several instances over one's */
  requestsPerSecondRatio: number;
  /** p99 of the several instances over one's (below 1 is better) */
  p99Ratio: number;
}

export interface ScaleOutReport {
  database: 'postgres';
  instances: number;
  connections: number;
  /** how the connections reach the instances */
  balancing: string;
  /** the API's limits in these runs; rejected tokens keep their default limit (a look at its counter per signed-in request) */
  rateLimits: { store: 'database'; publicReadsPerMinute: number; writesPerMinute: number };
  search?: ScaleOutPair;
  create?: ScaleOutPair;
  /** search on one instance, the rate-limit counters in this process's memory vs in the database */
  searchRateLimitStore?: {
    memory: ScenarioResult;
    database: ScenarioResult;
    /** requests/s with the counters in the database as a share of in memory */
    databaseShareOfMemory: number;
  };
}

type ScenarioToRun = Omit<Scenario, 'connections' | 'durationSeconds' | 'warmupSeconds'>;

export interface ScaleOutDeps {
  /** starts one API on the PostgreSQL database, env over the bench's API env */
  startApi(env: Record<string, string | undefined>): Promise<{ url: string; child: Child }>;
  measure(scenario: ScenarioToRun): Promise<ScenarioResult>;
  /** an untimed run of the scenario (all connections on its one instance) */
  warm(scenario: ScenarioToRun): Promise<void>;
  searchRequests(): LoadRequest[];
}

const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : 0);
const pair = (one: ScenarioResult, several: ScenarioResult): ScaleOutPair => ({
  one,
  several,
  requestsPerSecondRatio: ratio(several.requestsPerSecond, one.requestsPerSecond),
  p99Ratio: ratio(several.p99Ms, one.p99Ms),
});

const limited = (store: RateLimitStore): Record<string, string> => ({
  RATE_LIMIT_STORE: store,
  PUBLIC_READ_RATE_LIMIT_PER_MINUTE: String(UNREACHED_LIMIT_PER_MINUTE),
  WRITE_RATE_LIMIT_PER_MINUTE: String(UNREACHED_LIMIT_PER_MINUTE),
});

export async function measureScaleOut(
  deps: ScaleOutDeps,
  options: { instances: number; connections: number; scenarios: readonly ScaleOutScenario[] },
): Promise<ScaleOutReport> {
  const { instances } = options;
  console.log(`  postgres scale-out: 1 vs ${instances} instances on one database, rate limits counted in the database`);
  const children: Child[] = [];
  const start = async (store: RateLimitStore) => {
    const api = await deps.startApi(limited(store));
    children.push(api.child);
    return api;
  };
  const report: ScaleOutReport = {
    database: 'postgres',
    instances,
    connections: options.connections,
    balancing: `one autocannon run, connection i to instance i % ${instances} (round-robin of connections, no proxy)`,
    rateLimits: { store: 'database', publicReadsPerMinute: UNREACHED_LIMIT_PER_MINUTE, writesPerMinute: UNREACHED_LIMIT_PER_MINUTE },
  };
  const several = (name: string, urls: string[], result: ScenarioResult) => {
    console.log(`  ${''.padEnd(26)} answers per instance ${urls.map((url) => result.answersByInstance?.[url] ?? 0).join(' / ')} (${name})`);
    return result;
  };
  try {
    const apis = [];
    for (let count = 0; count < instances; count++) apis.push(await start('database'));
    const first = apis[0] as (typeof apis)[number];
    const urls = apis.map((api) => api.url);

    if (options.scenarios.includes('search')) {
      const search = { requests: deps.searchRequests(), countHeader: 'x-cache' };
      // each instance has its own catalog cache: each filled first, the steady state of a read-mostly server
      for (const url of urls) await sequentialPass(url, SEARCH_PATHS);
      const inMemory = await start('memory');
      await sequentialPass(inMemory.url, SEARCH_PATHS);
      await deps.warm({ name: 'warm-up, search, limits in memory', url: inMemory.url, ...search });
      const memory = await deps.measure({ name: 'postgres search, 1 instance, limits in memory', url: inMemory.url, ...search });
      await inMemory.child.stop();
      for (const [index, url] of urls.entries()) await deps.warm({ name: `warm-up, search, instance ${index + 1}`, url, ...search });
      const one = await deps.measure({ name: 'postgres search, 1 instance', url: first.url, ...search });
      const name = `postgres search, ${instances} instances`;
      report.search = pair(one, several(name, urls, await deps.measure({ name, url: first.url, urls, ...search })));
      report.searchRateLimitStore = { memory, database: one, databaseShareOfMemory: ratio(one.requestsPerSecond, memory.requestsPerSecond) };
    }
    if (options.scenarios.includes('create')) {
      const requests = await bookingRequests(first.url);
      for (const [index, url] of urls.entries()) await deps.warm({ name: `warm-up, create, instance ${index + 1}`, url, requests });
      const one = await deps.measure({ name: 'postgres create, 1 instance', url: first.url, requests });
      const name = `postgres create, ${instances} instances`;
      report.create = pair(one, several(name, urls, await deps.measure({ name, url: first.url, urls, requests })));
    }
    return report;
  } finally {
    for (const child of children) await child.stop();
  }
}

const figures = (result: ScenarioResult) =>
  `${String(result.requestsPerSecond).padStart(6)} req/s  p99 ${String(result.p99Ms).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`;

/** The table's lines for a scale-out report. */
export function scaleOutSummary(report: ScaleOutReport): string[] {
  const lines = [
    `postgres, 1 vs ${report.instances} instances (${report.connections} connections; ${report.balancing}; rate limits counted in the database, out of reach):`,
  ];
  for (const name of SCALE_OUT_SCENARIOS) {
    const result = report[name];
    if (!result) continue;
    lines.push(
      `  ${name.padEnd(7)} 1: ${figures(result.one)}  │  ${report.instances}: ${figures(result.several)}  │  ${report.instances}/1: req/s ×${result.requestsPerSecondRatio}, p99 ×${result.p99Ratio}`,
    );
  }
  const store = report.searchRateLimitStore;
  if (store) {
    lines.push(
      `  search, 1 instance, rate-limit counters in memory: ${figures(store.memory)}  │  in the database: ${figures(store.database)}  │  database/memory ×${store.databaseShareOfMemory}`,
    );
  }
  return lines;
}
