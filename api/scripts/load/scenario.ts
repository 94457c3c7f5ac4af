/** What the load generator is asked to do, and what it reports; shared by bench:load and its child. */
import type { ContendedPlan, KindLatencies, Outcomes } from './contended-mix';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario {
  name: string;
  /** http://127.0.0.1:PORT */
  url: string;
  /**
   * instead of `url`: several API instances on one database, connection i going to urls[i % n] for the whole
   * run (autocannon's own round-robin of connections; keep-alive connections stay on their instance)
   */
  urls?: string[];
  connections: number;
  durationSeconds: number;
  /** a run of this length first, not counted: JIT, plans and caches warm up */
  warmupSeconds: number;
  /** sent in turn, each connection taking the next one */
  requests: LoadRequest[];
  /** instead of `requests`: booking requests and provider acceptances made as the run goes (contended-mix.ts) */
  contended?: ContendedPlan;
  /** a response header whose values are counted (x-cache: hit / miss) */
  countHeader?: string;
}

export interface ScenarioResult {
  name: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** the counted header's values during the measured run, e.g. { hit: 51234, miss: 12 } */
  headerCounts?: Record<string, number>;
  /** contended: the measured run's answers by kind of request and status */
  outcomes?: Outcomes;
  /** contended: p50 and p99 of each kind of request (create, accept, repeat accept) */
  latencyByKind?: KindLatencies;
  /** contended: waiting requests not sent for acceptance because their day had filled */
  skippedFull?: number;
  /** with `urls`: the measured run's answers per instance URL (how evenly the connections spread the load) */
  answersByInstance?: Record<string, number>;
}
