// Issue 21's scale-out journey: the whole system with two API instances and two host-server instances on
// one PostgreSQL server, each pair behind a round-robin load balancer (scripts/lib/round-robin-proxy.mjs) on
// the service's usual port; then Playwright's journey (e2e/scale-out/) over it, which kills one API instance
// midway. npm test runs it when a PostgreSQL server answers, as .ci/run runs the API's PostgreSQL pass.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DATA, ROOT } from './paths.mjs';
import { pnpm } from './pnpm.mjs';
import { releasesDirOf, startSystem } from './system.mjs';

const SERVER = process.env.SCALE_OUT_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = 'utsav_scale_out';
export const SCALE_OUT_DATABASE_URL = `${SERVER}/${DATABASE}`;

/** Whether a PostgreSQL server answers where the journey expects it. */
export function postgresAnswers(url = SERVER) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 5432), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A fresh, empty database for the journey: the instances migrate it and put the demo catalog in (SEED_DEMO_CATALOG, as every local run) as they start, together. */
async function freshDatabase() {
  const { Client } = createRequire(path.join(ROOT, 'api/package.json'))('pg');
  const client = new Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * Runs the journey; `output` is Playwright's JSON report. The builds must exist (npm test has made them)
 * and nothing else may hold the system's ports.
 */
export async function scaleOutJourney({ output, logDir = path.join(DATA, 'logs', 'scale-out') }) {
  await freshDatabase();
  const dataDir = path.join(DATA, 'scale-out');
  fs.rmSync(dataDir, { recursive: true, force: true });
  // the provider stand-in answers after 4 s: the journey kills an instance while a request waits for it
  const system = await startSystem({ mode: 'production', dataDir, logDir, instances: 2, databaseUrl: SCALE_OUT_DATABASE_URL, providerAutoAcceptMs: 4000, liveBuilds: 'current' });
  try {
    const pids = Object.fromEntries(['api-1', 'api-2', 'host-1', 'host-2'].map((name) => [name, system.pid(name)]));
    await pnpm(['--filter', '@utsav/e2e', 'exec', 'playwright', 'test', '--config', 'scale-out.config.ts'], {
      env: {
        ...process.env,
        E2E_RELEASES_DIR: releasesDirOf(dataDir),
        SCALE_OUT_PIDS: JSON.stringify(pids),
        SCALE_OUT_DATABASE_URL,
        SCALE_OUT_REPORT: output,
      },
    });
  } finally {
    const { api, host } = Object.fromEntries(system.proxies);
    console.log(`requests served: ${JSON.stringify({ ...api?.served, ...host?.served })}`);
    await system.stop();
  }
}
