import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db';

/**
 * The API's metrics in Prometheus's text format (prom-client), on `GET /metrics` behind a bearer token
 * (`METRICS_TOKEN`; unset: the route does not exist). Never public: a load balancer that forwards every path still
 * answers 401 without the token. docs/operations.md says what to watch; deploy/alerts.yml what pages someone.
 * - requests per route template (`/bookings/:bid`, never the raw URL: one series per route, not per booking),
 *   method and status class; their latency; 429s (rate-limit refusals) per route;
 * - the database: query and transaction latency, the PostgreSQL pool's connections in use and waiting;
 * - live streams open (this instance's);
 * - read from the database at scrape time, so every instance reports the same truth: the notification outbox's
 *   backlog and failures by channel and the oldest pending one's age, refunds due and the oldest one's age,
 *   payments captured and failed.
 * One registry per app (a test process builds many), each with the process's default metrics.
 */

export const METRICS_PATH = '/metrics';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The API's metrics: its registry and what the rest of the app records into. */
export function createApiMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'utsav_api_' });
  const requests = new Counter({ name: 'utsav_http_requests_total', help: 'Requests answered, by route template, method and status', labelNames: ['route', 'method', 'status'] as const, registers: [registry] });
  const latency = new Histogram({ name: 'utsav_http_request_duration_seconds', help: 'Time to answer, by route template and method', labelNames: ['route', 'method'] as const, buckets: LATENCY_BUCKETS, registers: [registry] });
  const refusals = new Counter({ name: 'utsav_rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by route template', labelNames: ['route'] as const, registers: [registry] });
  const queries = new Histogram({ name: 'utsav_db_query_duration_seconds', help: 'Database calls, by kind (query, transaction) and outcome', labelNames: ['kind', 'outcome'] as const, buckets: LATENCY_BUCKETS, registers: [registry] });
  const vitals = new Histogram({
    name: 'utsav_web_vitals',
    help: 'What phones report of the pages (web-vitals, sampled): LCP, INP, FCP and TTFB in seconds, CLS as its score, by route pattern',
    labelNames: ['route', 'name'] as const,
    buckets: [0.05, 0.1, 0.2, 0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20],
    registers: [registry],
  });
  return { registry, requests, latency, refusals, queries, vitals };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;

/** `database`, each call timed into `metrics` (the one query layer: every repository goes through it). */
export function measuredDatabase(database: Database, metrics: ApiMetrics): Database {
  const timed = async <T>(kind: 'query' | 'transaction', run: () => Promise<T>): Promise<T> => {
    const end = metrics.queries.startTimer({ kind });
    try {
      const result = await run();
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: 'error' });
      throw error;
    }
  };
  return {
    ...database,
    query: (text, params) => timed('query', () => database.query(text, params)),
    transaction: (fn) => timed('transaction', () => database.transaction(fn)),
  };
}

/** A gauge of how old the oldest row of `table` in `status` is, read when scraped (0: none). */
function oldestAge(registers: Registry[], database: Database, name: string, help: string, table: 'notification_deliveries' | 'payment_refunds', status: string): void {
  new Gauge({
    name,
    help,
    registers,
    async collect() {
      const [row] = await database.query<{ age: number | null }>(`SELECT extract(epoch FROM now() - min(created_at))::float8 AS age FROM ${table} WHERE status = $1`, [status]);
      this.set(row?.age ?? 0);
    },
  });
}

/** The gauges read from the database when Prometheus scrapes (one cheap query each). */
function databaseGauges(metrics: ApiMetrics, database: Database, liveStreams: () => number): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'utsav_live_streams_open',
    help: 'Live event streams this instance holds open',
    registers,
    collect() {
      this.set(liveStreams());
    },
  });
  new Gauge({
    name: 'utsav_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance, by state (total, idle, waiting requests)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'utsav_outbox_deliveries',
    help: 'Notification deliveries by channel and status (pending: the backlog; failed: given up)',
    labelNames: ['channel', 'status'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await database.query<{ channel: string; status: string; n: number }>(
        `SELECT channel, status, count(*)::int AS n FROM notification_deliveries WHERE status IN ('pending', 'failed') GROUP BY channel, status`,
      );
      for (const channel of ['email', 'sms', 'whatsapp']) for (const status of ['pending', 'failed']) this.set({ channel, status }, 0);
      for (const row of rows) this.set({ channel: row.channel, status: row.status }, row.n);
    },
  });
  oldestAge(registers, database, 'utsav_outbox_oldest_pending_seconds', 'Age of the oldest notification delivery still to send (0: none)', 'notification_deliveries', 'pending');
  new Gauge({
    name: 'utsav_refunds_due',
    help: 'Refunds owed to consumers and not yet accepted by the payment provider',
    registers,
    async collect() {
      const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_refunds WHERE status = 'due'`);
      this.set(row?.n ?? 0);
    },
  });
  oldestAge(registers, database, 'utsav_refunds_due_oldest_seconds', 'Age of the oldest refund still due (0: none)', 'payment_refunds', 'due');
  new Gauge({
    name: 'utsav_payments',
    help: 'Payments recorded, by status (captured, failed)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const rows = await database.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM payments GROUP BY status`);
      for (const status of ['captured', 'failed']) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
}

const UNMATCHED = '(no route)';

const sameToken = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Records every request into `metrics` and serves them on /metrics to a caller with `token` (null: no route).
 * Registered before the routes (fastify-plugin: its hooks are the app's).
 */
export const metricsPlugin = fp<{ metrics: ApiMetrics; database: Database; liveStreams: () => number; token: string | null }>(
  async (app: FastifyInstance, { metrics, database, liveStreams, token }) => {
    databaseGauges(metrics, database, liveStreams);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      if (route === METRICS_PATH) return;
      metrics.requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      metrics.latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) metrics.refusals.inc({ route });
    });
    if (token === null) return;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ message: 'The metrics need the METRICS_TOKEN bearer token' });
      return reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store').send(await metrics.registry.metrics());
    });
  },
  { name: 'utsav-metrics' },
);
