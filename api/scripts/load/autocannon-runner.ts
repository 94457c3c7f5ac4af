/**
 * The load generator, run as its own process so it does not share an event loop with the server it
 * measures: reads a Scenario (JSON) from the file named by argv[2], runs autocannon (the workspace's
 * copy) for the warm-up and then the measured run, and prints one ScenarioResult as JSON on stdout.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';
import type { LoadRequest, Scenario, ScenarioResult } from './scenario';

interface AutocannonResult {
  latency: { p50: number; p90: number; p99: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
}
type RequestSetup = Partial<LoadRequest> & Record<string, unknown>;
interface AutocannonRequest {
  setupRequest: (request: RequestSetup) => RequestSetup;
  onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

// autocannon is a dev tool of the workspace root, not of the api package
const autocannon = createRequire(path.join(REPO_ROOT, 'package.json'))('autocannon') as Autocannon;

async function run(scenario: Scenario, seconds: number, headerCounts?: Map<string, number>): Promise<AutocannonResult> {
  let next = 0;
  const request: AutocannonRequest = {
    // a shared counter, so the 50 connections spread over the whole mix instead of marching in step
    setupRequest: (defaults) => ({ ...defaults, ...scenario.requests[next++ % scenario.requests.length] }),
  };
  const header = scenario.countHeader;
  if (header && headerCounts) {
    request.onResponse = (_status, _body, _context, headers) => {
      const value = headers[header] ?? '(none)';
      headerCounts.set(value, (headerCounts.get(value) ?? 0) + 1);
    };
  }
  return autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration: seconds,
    requests: [request],
  });
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: autocannon-runner <scenario.json>');
  const scenario = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
  if (scenario.warmupSeconds > 0) await run(scenario, scenario.warmupSeconds);
  const headerCounts = new Map<string, number>();
  const result = await run(scenario, scenario.durationSeconds, headerCounts);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]));
  const report: ScenarioResult = {
    name: scenario.name,
    connections: scenario.connections,
    durationSeconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    ...(scenario.countHeader ? { headerCounts: Object.fromEntries(headerCounts) } : {}),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
