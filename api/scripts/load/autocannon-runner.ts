/**
 * The load generator, run as its own process so it does not share an event loop with the server it
 * measures: reads a Scenario (JSON) from the file named by argv[2], runs autocannon (the workspace's
 * copy) for the warm-up and then the measured run, and prints one ScenarioResult as JSON on stdout.
 * A contended scenario's requests are made as the run goes (contended-mix.ts), its state carried from the
 * warm-up into the measured run (the days the warm-up filled stay full). A scenario with `urls` spreads its
 * connections over several API instances in the one run (one histogram, one requests/s), answers counted per instance.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';
import { ContendedMix, type SentRequest } from './contended-mix';
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
/** autocannon's per-connection context: reset before each request here (one request object), kept until its answer */
interface Context {
  sent?: SentRequest;
  startedAt?: number;
  /** with several instances: the one this connection talks to */
  instance?: string;
}
type OnResponse = (status: number, body: string, context: Context, headers: Record<string, string>) => void;
interface AutocannonRequest {
  setupRequest: (request: RequestSetup, context: Context) => RequestSetup;
  onResponse?: OnResponse;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

// autocannon is a dev tool of the workspace root, not of the api package
const autocannon = createRequire(path.join(REPO_ROOT, 'package.json'))('autocannon') as Autocannon;

function contendedRequest(mix: ContendedMix): AutocannonRequest {
  return {
    setupRequest: (defaults, context) => {
      const { request, sent } = mix.next();
      context.sent = sent;
      // made right before it is written (one request at a time per connection)
      context.startedAt = performance.now();
      return { ...defaults, ...request };
    },
    onResponse: (status, body, context) => {
      if (context.sent) mix.onResponse(context.sent, status, body, context.startedAt === undefined ? undefined : performance.now() - context.startedAt);
    },
  };
}

async function run(
  scenario: Scenario,
  seconds: number,
  counts: { headers?: Map<string, number>; instances?: Map<string, number> } = {},
  mix?: ContendedMix,
): Promise<AutocannonResult> {
  let next = 0;
  const request: AutocannonRequest = mix
    ? contendedRequest(mix)
    : {
        // a shared counter, so the 50 connections spread over the whole mix instead of marching in step
        setupRequest: (defaults) => ({ ...defaults, ...scenario.requests[next++ % scenario.requests.length] }),
      };
  const onResponses: OnResponse[] = request.onResponse ? [request.onResponse] : [];
  const header = scenario.countHeader;
  const { headers: headerCounts, instances: instanceCounts } = counts;
  if (header && headerCounts) {
    onResponses.push((_status, _body, _context, headers) => {
      const value = headers[header] ?? '(none)';
      headerCounts.set(value, (headerCounts.get(value) ?? 0) + 1);
    });
  }
  if (instanceCounts) {
    // the defaults carry the connection's own URL's host and port
    const setup = request.setupRequest;
    request.setupRequest = (defaults, context) => {
      context.instance = `http://${String(defaults.hostname)}:${String(defaults.port)}`;
      return setup(defaults, context);
    };
    onResponses.push((_status, _body, context) => {
      const instance = context.instance ?? '(unknown)';
      instanceCounts.set(instance, (instanceCounts.get(instance) ?? 0) + 1);
    });
  }
  if (onResponses.length > 0) request.onResponse = (...args) => onResponses.forEach((onResponse) => onResponse(...args));
  return autocannon({
    // several instances: autocannon gives connection i to urls[i % n]
    url: scenario.urls ?? scenario.url,
    connections: scenario.connections,
    duration: seconds,
    requests: [request],
  });
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: autocannon-runner <scenario.json>');
  const scenario = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
  const mix = scenario.contended ? new ContendedMix(scenario.contended) : undefined;
  if (scenario.warmupSeconds > 0) await run(scenario, scenario.warmupSeconds, {}, mix);
  mix?.resetCounts();
  const headerCounts = new Map<string, number>();
  const instanceCounts = scenario.urls ? new Map<string, number>() : undefined;
  const result = await run(scenario, scenario.durationSeconds, { headers: headerCounts, instances: instanceCounts }, mix);
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
    ...(mix ? { outcomes: mix.outcomes, latencyByKind: mix.latencyByKind(), skippedFull: mix.skippedFull } : {}),
    ...(instanceCounts ? { answersByInstance: Object.fromEntries(instanceCounts) } : {}),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
