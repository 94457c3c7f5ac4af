import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DATA, ROOT } from './paths.mjs';

export const PORTS = { host: 3000, catalog: 3001, booking: 3002, checkout: 3003, account: 3004, provider: 3005, api: 4000, sandbox: 4010, messages: 4020, smtp: 1025, auth: 9099 };
export const HOST_URL = `http://localhost:${PORTS.host}`;
export const AUTH_EMULATOR = `127.0.0.1:${PORTS.auth}`;

const serve = path.join(ROOT, 'tooling/src/serve.cjs');
const firebase = path.join(ROOT, 'node_modules/.bin/firebase');

const LOCAL_PER_IP_RATE_LIMIT = 100_000;

/** The release store the system serves its remotes from (docs/releasing.md): RELEASES_DIR, else under the data folder. */
export const releasesDirOf = (dataDir = DATA) => path.resolve(process.env.RELEASES_DIR ?? path.join(dataDir, 'releases'));

/**
 * Each piece of the running system, as separately deployed processes. In production each remote is
 * served from its folder of the release store at its live version; in development from its dev server.
 */
export function services({ mode = 'production', dataDir = DATA, providerAutoAcceptMs = 5000, instances = 1, databaseUrl } = {}) {
  const releases = releasesDirOf(dataDir);
  const apiEnv = {
    PORT: String(PORTS.api),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // the demo catalog (api/src/catalog/seed/), put in an empty database at start: never in production, which refuses it
    SEED_DEMO_CATALOG: 'true',
    // the provider stand-in: accepts each new booking request after this long, so payment can follow
    PROVIDER_AUTO_ACCEPT_MS: process.env.PROVIDER_AUTO_ACCEPT_MS ?? String(providerAutoAcceptMs),
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? AUTH_EMULATOR,
    // locally every client (the browser, the e2e journeys, Lighthouse) is 127.0.0.1: the per-IP limits stay on, out of reach
    PUBLIC_READ_RATE_LIMIT_PER_MINUTE: process.env.PUBLIC_READ_RATE_LIMIT_PER_MINUTE ?? String(LOCAL_PER_IP_RATE_LIMIT),
    AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: process.env.AUTH_FAILURE_RATE_LIMIT_PER_MINUTE ?? String(LOCAL_PER_IP_RATE_LIMIT),
    // notifications go to the message catcher (the `messages` service): its page shows what was sent
    SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${PORTS.smtp}`,
    SMS_API_URL: process.env.SMS_API_URL ?? `http://127.0.0.1:${PORTS.messages}`,
    WHATSAPP_API_URL: process.env.WHATSAPP_API_URL ?? `http://127.0.0.1:${PORTS.messages}`,
  };
  // the host's /config.json (written by the static server, or by the dev server's middleware) turns
  // the browser's Auth emulator on only when told to: local runs always tell it
  const hostEnv = {
    AUTH_EMULATOR_URL: process.env.AUTH_EMULATOR_URL ?? `http://${AUTH_EMULATOR}`,
    // /remotes.json (and the server render) follow the store's live pointers
    ...(mode === 'production' ? { RELEASES_DIR: releases } : {}),
  };
  // the host renders its pages on the server (host-shell/src/server), unless UTSAV_SSR=0: the static app shell, drawn in the browser
  const hostRender = process.env.UTSAV_SSR === '0' ? [] : ['--render', path.join(ROOT, 'host-shell/dist-server/render.js')];
  const app = (name, dir, port, { extra = [], env } = {}) => {
    if (mode !== 'production') {
      return { name, command: path.join(ROOT, dir, 'node_modules/.bin/webpack'), args: ['serve', '--mode', 'development'], cwd: path.join(ROOT, dir), env, health: `http://localhost:${port}/` };
    }
    const from = name === 'host' ? ['--dir', path.join(ROOT, dir, 'dist')] : ['--releases', path.join(releases, name)];
    return { name, command: process.execPath, args: [serve, ...from, '--port', String(port), ...extra], env, health: `http://localhost:${port}/${name === 'host' ? 'index.html' : 'health'}` };
  };
  const api =
    mode === 'production'
      ? { name: 'api', command: process.execPath, args: ['api/dist/server.js'], env: apiEnv, health: `http://127.0.0.1:${PORTS.api}/health` }
      : { name: 'api', command: path.join(ROOT, 'api/node_modules/.bin/tsx'), args: ['watch', 'src/server.ts'], cwd: path.join(ROOT, 'api'), env: apiEnv, health: `http://127.0.0.1:${PORTS.api}/health` };
  const host = app('host', 'host-shell', PORTS.host, { extra: ['--runtime-config', ...hostRender], env: hostEnv });
  return [
    {
      name: 'auth',
      command: firebase,
      args: ['emulators:start', '--only', 'auth', '--project', 'demo-utsav'],
      health: `http://${AUTH_EMULATOR}/`,
      env: { NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '' },
      optionalIfRunning: true,
    },
    ...replicas(api, instances),
    {
      name: 'sandbox',
      command: process.execPath,
      args: mode === 'production' ? ['stand-ins/dist/payment-sandbox/server.js'] : [path.join(ROOT, 'api/node_modules/tsx/dist/cli.mjs'), 'stand-ins/src/payment-sandbox/server.ts'],
      env: { PAYMENT_SANDBOX_PORT: String(PORTS.sandbox) },
      health: `http://127.0.0.1:${PORTS.sandbox}/health`,
    },
    {
      // the local mail relay and SMS provider: keeps every email and text the API sends, shows them at :4020/
      name: 'messages',
      command: process.execPath,
      args: mode === 'production' ? ['stand-ins/dist/message-catcher/server.js'] : [path.join(ROOT, 'api/node_modules/tsx/dist/cli.mjs'), 'stand-ins/src/message-catcher/server.ts'],
      env: { MESSAGE_CATCHER_PORT: String(PORTS.messages), MAIL_CATCHER_SMTP_PORT: String(PORTS.smtp) },
      health: `http://127.0.0.1:${PORTS.messages}/health`,
    },
    app('catalog', 'mfe-catalog', PORTS.catalog),
    app('booking', 'mfe-booking', PORTS.booking),
    app('checkout', 'mfe-checkout', PORTS.checkout),
    app('account', 'mfe-account', PORTS.account),
    app('provider', 'mfe-provider', PORTS.provider),
    ...replicas(host, instances),
  ];
}

/** Where the n-th instance of a replicated server listens (its load balancer keeps the service's own port): 4101, 4102 … for the API. */
export const instancePort = (port, n) => port + 100 + n;

/**
 * `count` identical instances of a server (the API, the host server) as issue 21's scale-out runs them,
 * named api-1, api-2 … on their own ports (instancePort), behind a load balancer on the service's usual
 * port (scripts/lib/round-robin-proxy.mjs, started by startSystem). One instance is the service itself.
 */
function replicas(service, count) {
  if (count === 1) return [service];
  const port = Number(new URL(service.health).port);
  return Array.from({ length: count }, (_, index) => {
    const own = instancePort(port, index + 1);
    const health = new URL(service.health);
    health.port = String(own);
    const args = service.args.map((arg, at) => (service.args[at - 1] === '--port' ? String(own) : arg));
    return { ...service, name: `${service.name}-${index + 1}`, args, env: { ...service.env, ...(service.env?.PORT ? { PORT: String(own) } : {}) }, health: health.href, balancedBy: service.name };
  });
}

export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Whether `url` answers within `timeoutMs`, asking again while it does not (a busy service is slow, not gone). */
async function answersWithin(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  do {
    if (await answers(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  } while (Date.now() < deadline);
  return false;
}

/**
 * The services a test run starts once and shares with its steps (scripts/lib/test-plan.mjs runPlan), named in
 * UTSAV_SHARED_SERVICES: a step's system then never starts its own, nor asks whether the shared one answers.
 */
export const SHARED_SERVICES_ENV = 'UTSAV_SHARED_SERVICES';
const SHARED_SERVICES = (process.env[SHARED_SERVICES_ENV] ?? '').split(',').filter(Boolean);

async function waitFor(service, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${service.name} exited with ${child.exitCode}`);
    if (await answers(service.health)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${service.name} did not answer ${service.health} within ${timeoutMs / 1000}s`);
}

/**
 * Starts every service (or those named in `only`), waits until each answers, and returns a handle
 * that stops them all.
 * Output goes to the console with a [name] prefix, or to files under logDir.
 */
export async function startSystem({ mode = 'production', dataDir = DATA, logDir, log = console.log, providerAutoAcceptMs, only, liveBuilds = 'kept', instances = 1, databaseUrl } = {}) {
  const list = services({ mode, dataDir, providerAutoAcceptMs, instances, databaseUrl }).filter((service) => !only || only.includes(service.balancedBy ?? service.name));
  // the load balancers in front of replicated servers: service name -> its instances
  const balanced = new Map();
  for (const service of list.filter((each) => each.balancedBy)) balanced.set(service.balancedBy, [...(balanced.get(service.balancedBy) ?? []), service]);
  const proxies = new Map();
  // a first start releases each remote's current build and makes it live; later starts keep what is
  // live (liveBuilds 'kept', npm start) or make the current builds live ('current': tests, bench)
  if (mode === 'production' && list.some((service) => service.args.includes('--releases'))) {
    // imported here: npm test and npm start load this module before they install the packages the gate needs
    const { releaseCurrentBuilds } = await import('./releases.mjs');
    await releaseCurrentBuilds({ releases: releasesDirOf(dataDir), log, promoteCurrent: liveBuilds === 'current' });
  }
  const running = new Map(); // service name -> child process
  const children = [];
  const stop = async () => {
    await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            try {
              process.kill(-child.pid, 'SIGTERM');
            } catch {
              resolve();
            }
            setTimeout(() => {
              try {
                process.kill(-child.pid, 'SIGKILL');
              } catch {
                // already gone
              }
            }, 5000).unref();
          }),
      ),
    );
  };
  // a service that may be shared (the Auth emulator) is reused when it runs already: decided once, here. Asking
  // again later could, on a busy machine, find it slow to answer and start a second one beside it (which fails
  // to take its ports, and was seen to take the first one down with it)
  const reused = new Set();
  try {
    for (const service of list) {
      const port = Number(new URL(service.health).port);
      if (service.optionalIfRunning && SHARED_SERVICES.includes(service.name)) {
        log(`${service.name}: shared by this test run on :${port}, reusing it`);
        reused.add(service.name);
        continue;
      }
      if (await portInUse(port)) {
        if (service.optionalIfRunning && (await answersWithin(service.health, 15_000))) {
          log(`${service.name}: already running on :${port}, reusing it`);
          reused.add(service.name);
          continue;
        }
        throw new Error(`port ${port} (${service.name}) is already in use: is Utsav already running? Stop it first.`);
      }
    }
    for (const name of balanced.keys()) {
      if (await portInUse(PORTS[name])) throw new Error(`port ${PORTS[name]} (${name}'s load balancer) is already in use: is Utsav already running? Stop it first.`);
    }
    for (const service of list) {
      if (reused.has(service.name)) continue;
      const child = spawn(service.command, service.args, {
        cwd: service.cwd ?? ROOT,
        env: { ...process.env, ...service.env },
        detached: true, // its own process group, so stopping it stops its children too
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      running.set(service.name, child);
      pipeOutput(service.name, child, logDir);
    }
    if (balanced.size) {
      const { startRoundRobinProxy } = await import('./round-robin-proxy.mjs');
      for (const [name, replicas] of balanced) {
        const backends = replicas.map((service) => ({ name: service.name, url: new URL(service.health).origin }));
        proxies.set(name, await startRoundRobinProxy({ port: PORTS[name], backends }));
        log(`${name}: a round-robin load balancer on :${PORTS[name]} over ${backends.map((backend) => backend.url).join(', ')}`);
      }
    }
    const started = Date.now();
    await Promise.all(
      list.map((service) => waitFor(service, running.get(service.name) ?? null, mode === 'production' ? 90_000 : 180_000)),
    );
    log(`all services answer (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    await stop();
    throw error;
  }
  // a service's process id (the bench reads the host server's memory)
  const pid = (name) => running.get(name)?.pid;
  // a service's child process, when this call started it (a test run watches its shared emulator)
  const processOf = (name) => running.get(name);
  // proxies: each load balancer's record of who served what (the scale-out journey reads it)
  return { stop, pid, process: processOf, proxies, urls: { app: HOST_URL } };
}

function pipeOutput(name, child, logDir) {
  if (logDir) {
    fs.mkdirSync(logDir, { recursive: true });
    const file = fs.createWriteStream(path.join(logDir, `${name}.log`));
    child.stdout.pipe(file);
    child.stderr.pipe(file);
    return;
  }
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) console.log(`[${name}] ${line}`);
    });
  }
}
