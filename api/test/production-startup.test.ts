import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOTIFICATIONS_LOCAL, RAZORPAY_LOCAL } from '../src/config';
import { killAllApiProcesses, runServerUntilExit, startApiProcess } from './support/api-process';
import { postgresStore } from './support/durability-store';
import { LIVE_PRODUCTION_ENV } from './support/live-env';

/**
 * The servers as deployed binaries (src/server.ts, stand-ins/src/payment-sandbox/server.ts under tsx) with NODE_ENV=production:
 * each local stand-in's setting is refused before anything starts, as one line on stderr and exit code 1.
 * test/config.test.ts covers every rule of productionProblems; here each variable once, through the binary.
 */
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-production-start-'));
});
afterAll(async () => {
  await killAllApiProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Production as it should be; `undefined` unsets what the test process has (jest's setup sets the emulator). */
const live = () => ({
  ...LIVE_PRODUCTION_ENV,
  DATA_DIR: dataDir,
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
  PROVIDER_AUTO_ACCEPT_MS: undefined,
});

/** Exit code 1, nothing on stdout (it never got as far as logging), exactly one line on stderr. */
async function expectRefusal(server: 'api' | 'sandbox', env: Record<string, string | undefined>, line: RegExp): Promise<void> {
  const { code, stdout, stderr } = await runServerUntilExit(server, env);
  expect({ code, stdout, lines: stderr.trimEnd().split('\n') }).toEqual({ code: 1, stdout: '', lines: [expect.stringMatching(line)] });
}

describe('the API refuses to start in production', () => {
  test.concurrent.each([
    ['FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'],
    ['FIREBASE_PROJECT_ID', 'demo-utsav'],
    ['RAZORPAY_KEY_ID', RAZORPAY_LOCAL.KEY_ID],
    ['RAZORPAY_KEY_SECRET', undefined],
    ['RAZORPAY_WEBHOOK_SECRET', RAZORPAY_LOCAL.WEBHOOK_SECRET],
    ['RAZORPAY_API_URL', 'http://127.0.0.1:4010'],
    ['RAZORPAY_CHECKOUT_URL', 'http://checkout.razorpay.com/v1/checkout.js'],
    ['PUBLIC_API_URL', 'http://api.utsav.example'],
    ['APP_ORIGINS', 'http://localhost:3000'],
    ['PROVIDER_AUTO_ACCEPT_MS', '5000'],
    ['SEED_DEMO_CATALOG', 'true'],
    ['DATABASE_URL', undefined],
    ['TRUST_PROXY', undefined],
    ['SMTP_URL', 'smtp://smtp.mail.example:587'],
    // WhatsApp pointed at the message catcher, or with its public local token (issue 37, item 6)
    ['WHATSAPP_API_URL', 'https://127.0.0.1:4020'],
    ['WHATSAPP_ACCESS_TOKEN', NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN],
  ])('with %s=%p', async (name, value) => {
    await expectRefusal('api', { ...live(), [name]: value }, new RegExp(`^NODE_ENV=production, refusing to start: ${name} (is|must|points) [^\\n]+$`));
    // a dozen servers starting at once (tsx compiling each): on a busy machine that takes more than jest's 30 s
  }, 90_000);
});

/**
 * Production runs on a PostgreSQL server (embedded PGlite is refused): on this run's server when it has one
 * (the PostgreSQL pass, DATABASE_URL), a database of its own; otherwise it must get past every production
 * check as far as opening the database, which nothing answers (the connection refused is the only failure).
 */
test('the API starts in production with live settings', async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const { code, stdout, stderr } = await runServerUntilExit('api', { ...live(), DATABASE_URL: 'postgres://utsav@127.0.0.1:1/utsav' });
    expect({ code, stderr: stderr.includes('refusing to start') }).toEqual({ code: 1, stderr: false });
    expect(stdout + stderr).toMatch(/ECONNREFUSED/);
    return;
  }
  const store = await postgresStore(serverUrl);
  try {
    // past the check: migrates, listens (real Firebase and the bucket are only asked once a request needs them)
    const api = await startApiProcess({ ...live(), ...store.env });
    const health = await fetch(`${api.url}/health`);
    expect(health.status).toBe(200);
    expect(api.output()).not.toContain('refusing to start');
    // and never seeds: its empty catalog stays empty (the demo catalog is for local runs, SEED_DEMO_CATALOG)
    expect(await (await fetch(`${api.url}/services?limit=1`)).json()).toMatchObject({ results: [], total: 0 });
    // stopped before its database is dropped
    process.kill(api.pid, 'SIGTERM');
    await api.exited;
  } finally {
    await store.remove();
  }
}, 90_000);

describe('the payment sandbox', () => {
  test('refuses production, whatever its keys', async () => {
    await expectRefusal('sandbox', { NODE_ENV: 'production', RAZORPAY_KEY_ID: RAZORPAY_LOCAL.KEY_ID }, /^NODE_ENV=production, refusing to start: the payment sandbox is a local stand-in/);
  });

  test('refuses a key id other than the local one', async () => {
    const env = { NODE_ENV: 'development', RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 'live-secret', RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret' };
    await expectRefusal('sandbox', env, /^RAZORPAY_KEY_ID is not the local key id \(rzp_test_utsav_local\)/);
  });

  test('starts with the local key id', async () => {
    const sandbox = await startApiProcess({ NODE_ENV: 'development', RAZORPAY_KEY_ID: RAZORPAY_LOCAL.KEY_ID }, 'sandbox');
    expect((await fetch(`${sandbox.url}/health`)).status).toBe(200);
  });
});
