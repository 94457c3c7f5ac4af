import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { seedCatalogIfEmpty } from '../../src/catalog/seed/seed-catalog';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db';
import { EMULATOR_ORIGIN } from './auth-emulator';
import { createTestDatabase } from './test-database';

export interface TestServer {
  /** http://127.0.0.1:<port>, no trailing slash */
  url: string;
  app: FastifyInstance;
  database: Database;
  /** Another API instance on the same database (its own connection and port), stopped with this one. */
  startInstance(overrides?: Partial<Config>): Promise<{ url: string; app: FastifyInstance }>;
  close(): Promise<void>;
}

/**
 * Suites make many writes as one user, and many reads and bad tokens from 127.0.0.1, in seconds: the
 * limits stay on (their code runs) but high enough not to interfere. test/security/write-rate-limit.test.ts
 * and rate-limits.test.ts check the limits themselves with small budgets.
 */
export const TEST_WRITE_RATE_LIMIT_PER_MINUTE = 100_000;
const TEST_PER_IP_RATE_LIMIT_PER_MINUTE = 100_000;

/** The bearer token test servers serve GET /metrics with (test/metrics.test.ts). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

/** Default settings, unaffected by the developer's environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // the emulator the tests sign in with: the API uses one only when told
    ...loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: new URL(EMULATOR_ORIGIN).host }),
    WRITE_RATE_LIMIT_PER_MINUTE: TEST_WRITE_RATE_LIMIT_PER_MINUTE,
    // no emails or texts to a catcher that may be someone else's: the notification suites start their own
    NOTIFICATION_SEND_INTERVAL_MS: 0,
    PUBLIC_READ_RATE_LIMIT_PER_MINUTE: TEST_PER_IP_RATE_LIMIT_PER_MINUTE,
    AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: TEST_PER_IP_RATE_LIMIT_PER_MINUTE,
    // threads.test.ts checks the messages' own budgets with small ones
    MESSAGE_RATE_LIMIT_PER_MINUTE: TEST_WRITE_RATE_LIMIT_PER_MINUTE,
    MESSAGE_RATE_LIMIT_PER_DAY: TEST_WRITE_RATE_LIMIT_PER_MINUTE,
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    ...overrides,
  };
}

export interface TestServerOptions {
  /** fill the catalog with the real first-start seed, as the server does */
  seedCatalog?: boolean;
  /** the API's clock (the slot rules read India's date and time from it) */
  now?: () => Date;
  /** the live stream's limits and timings (BuildAppOptions.liveStream) */
  liveStream?: BuildAppOptions['liveStream'];
}

/**
 * Builds the app on a fresh database and listens on a free port (or on overrides.PORT), so tests go
 * through real HTTP.
 */
export async function startTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const { database, drop, connectAgain } = await createTestDatabase();
  if (options.seedCatalog) await seedCatalogIfEmpty(database);
  const app = await buildApp({ db: database, config: testConfig(overrides), logger: false, now: options.now, liveStream: options.liveStream });
  const url = await app.listen({ port: overrides.PORT ?? 0, host: '127.0.0.1' });
  const others: Array<() => Promise<void>> = [];
  return {
    url,
    app,
    database,
    async startInstance(more = {}) {
      const db = await connectAgain();
      const instance = await buildApp({ db, config: testConfig({ ...overrides, ...more, PORT: 0 }), logger: false, now: options.now, liveStream: options.liveStream });
      others.push(async () => {
        await instance.close();
        await db.close();
      });
      return { url: await instance.listen({ port: 0, host: '127.0.0.1' }), app: instance };
    },
    close: async () => {
      await Promise.all(others.map((stop) => stop()));
      await app.close();
      await drop();
    },
  };
}

/** Shorthand for a request with a JSON body and an optional bearer token. */
export async function request(
  url: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  // every answer of this API is a JSON object; {} stands for an empty body
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
