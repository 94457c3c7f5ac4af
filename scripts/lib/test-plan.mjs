// Which steps a test run takes (all of them, or what a change can affect) and how much of the machine each
// keeps busy. docs/testing.md has the measurements behind the weights and the order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ensureChromium } from './chromium.mjs';
import { DATA, ROOT } from './paths.mjs';
import { SHARED_SERVICES_ENV, startSystem } from './system.mjs';
import { pnpm } from './pnpm.mjs';
import { command, jestFiles, playwrightFiles, runSteps } from './steps.mjs';
import { e2e, JEST_PACKAGES, jestSuite, nodeTests, outcomeFile, POSTGRES_URL, readJson, RESULTS, scaleOut } from './test-steps.mjs';

/**
 * How many one-core steps run at once: the machine's cores. One more was tried: the machine was busy all the
 * time, yet the run took longer, and the API's suites, starved, ran over their tests' timeouts (docs/testing.md).
 * UTSAV_TEST_CORES sets it.
 */
export const STEP_CORES = Number(process.env.UTSAV_TEST_CORES ?? os.availableParallelism());

/** What each kind of step does, given its options (run in the step's own process by scripts/test-step.mjs). */
export const STEP_ACTIONS = {
  'node-tests': ({ files }) => nodeTests('scripts', files),
  lint: async ({ paths = ['.'] }) => {
    await pnpm(['exec', 'eslint', '--max-warnings=0', ...paths]);
  },
  typecheck: async ({ packages }) => {
    const which = packages ? packages.flatMap((pkg) => ['--filter', pkg]) : ['-r'];
    await pnpm([...which, '--workspace-concurrency=1', 'run', 'typecheck']);
  },
  // the API's suite: --forceExit once its results are written, so a failed test that left a server open cannot
  // hold the run until its step times out (the failure is reported either way)
  // `files`: only these test files of the package (all of them when left out)
  jest: ({ pkg, name, postgres, files = [] }) =>
    jestSuite(pkg, {
      name,
      env: postgres ? { ...process.env, DATABASE_URL: POSTGRES_URL } : process.env,
      args: [...(pkg === '@utsav/api' ? ['--forceExit'] : []), ...files],
    }),
  builds: async ({ only }) => {
    await buildAll({ only });
  },
  'after-build': () => nodeTests('scripts/after-build'),
  playwright: (options) => e2e(options),
  'scale-out': () => scaleOut(),
  candidate: async ({ remote, store, host }) => {
    const { candidateStore } = await import('./releases.mjs');
    return { version: await candidateStore(remote, { into: store, host }) };
  },
};

/** A step for scripts/lib/steps.mjs that runs `kind` with `options` in its own process, its output in the step's log. */
export function step(name, kind, options = {}, schedule = {}) {
  return {
    name,
    kind,
    options,
    ...schedule,
    run: async (log) => {
      let failure;
      try {
        await command(log, process.execPath, [path.join(ROOT, 'scripts/test-step.mjs'), name, kind, JSON.stringify(options)]);
      } catch (error) {
        failure = error;
      }
      const result = readJson(outcomeFile(name)) ?? { ok: false, passed: 0, failed: 1 };
      if (failure || !result.ok) throw Object.assign(failure ?? new Error(result.error), { counts: result, result });
      return result;
    },
  };
}

/**
 * The steps of a whole run, most important first (a step starts when its needs are done and a core is free).
 * Cores, measured (docs/testing.md): the builds keep both busy; the browser suite, which waits on the system
 * more than it computes, about one; each other step one. The browser suite waits for the builds; the
 * scale-out journey, which takes the same fixed ports, for the browser suite.
 */
export function fullPlan({ postgres }) {
  // with a PostgreSQL server the API's whole suite runs there, and on PGlite only the database layer's own files
  // (API_ALSO_ON_PGLITE); without one, the whole suite on PGlite
  const pglite = (folder) => (folder === 'api' && postgres ? { files: API_ALSO_ON_PGLITE } : {});
  const jest = (folder) =>
    step(`jest ${JEST_PACKAGES[folder]}${folder === 'api' ? (postgres ? ' (PGlite: the database layer)' : ' (PGlite)') : ''}`, 'jest', { pkg: JEST_PACKAGES[folder], ...pglite(folder) }, { cpu: 1, emulator: folder === 'api' });
  return [
    step('builds', 'builds', {}, { cpu: 2 }),
    step('playwright e2e', 'playwright', {}, { cpu: 1, needs: ['builds'], holds: ['ports', 'builds'], emulator: true }),
    ...(postgres ? [step('scale-out journey (PostgreSQL)', 'scale-out', {}, { cpu: 1, needs: ['builds'], after: ['playwright e2e'], holds: ['ports', 'builds'] })] : []),
    jest('api'),
    ...(postgres ? [step('jest @utsav/api (PostgreSQL)', 'jest', { pkg: '@utsav/api', name: 'api-postgres', postgres: true }, { cpu: 1, emulator: true })] : []),
    // the rest, longest first (seconds measured in docs/testing.md), so the run does not end on one long step
    // beside an idle core
    jest('mfe-booking'),
    step('typecheck', 'typecheck', {}, { cpu: 1 }),
    jest('mfe-account'),
    // the browser suite's release specs build the catalog where it is (and put the build back): not meanwhile
    step('after-build tests (node:test)', 'after-build', {}, { cpu: 1, needs: ['builds'], holds: 'builds' }),
    step('lint', 'lint', {}, { cpu: 1 }),
    jest('mfe-catalog'),
    jest('host-shell'),
    jest('mfe-checkout'),
    jest('mfe-provider'),
    jest('shared-contracts'),
    jest('stand-ins'),
    step('node tests (scripts)', 'node-tests', {}, { cpu: 1 }),
  ];
}

/** Each remote's package, by remote name (the remotes are the mfe-<name> folders with a jest suite). */
export const REMOTE_PACKAGES = Object.fromEntries(
  Object.entries(JEST_PACKAGES)
    .filter(([folder]) => folder.startsWith('mfe-'))
    .map(([folder, pkg]) => [folder.slice('mfe-'.length), pkg]),
);
/**
 * The API's test files that also run on PGlite when a PostgreSQL server answers (the whole suite runs on the
 * server): the database layer's own, where PGlite and the server are different code (db/database.ts: the
 * adapter, transactions, LISTEN/NOTIFY, closing, the data directory on disk, backups) or need an extension.
 * Every other file tests the API above that layer, against the same SQL: on PGlite the suite took 3.2 times its
 * processor time on the server (791 s against 247 s), the run's longest step (docs/testing.md).
 * The browser suite's system runs on PGlite too, so every journey still meets it.
 */
export const API_ALSO_ON_PGLITE = [
  'test/migrations.test.ts',
  'test/migration-safety.test.ts',
  'test/durability.test.ts',
  'test/backup-restore.test.ts',
  'test/database-timeouts.test.ts',
  'test/graceful-shutdown.test.ts',
  'test/production-startup.test.ts',
  'test/live-stream.test.ts',
  'test/bookings-concurrency.test.ts',
  'test/catalog-search.test.ts',
  'test/jobs.test.ts',
  'test/health.test.ts',
];
export const CANDIDATE_STEP = 'release candidate: build, gate, promote in a throwaway store';

/**
 * One remote's pipeline (npm run ci -- <remote>): its lint, types and jest; its release build checked against
 * the live host (`host`: a URL, else this checkout's host build) and promoted in the throwaway store `store`;
 * then its slice of the browser suite (the tests tagged @<remote>) over that store.
 */
export function remotePlan(remote, { store, host }) {
  const pkg = REMOTE_PACKAGES[remote];
  const folder = `mfe-${remote}`;
  return [
    step(CANDIDATE_STEP, 'candidate', { remote, store, host }, { cpu: 2 }),
    step(`playwright e2e (@${remote})`, 'playwright', { grep: `@${remote}\\b`, releasesDir: store, builds: ['api', 'stand-ins', 'host-shell', folder] }, { cpu: 1, holds: 'ports', needs: [CANDIDATE_STEP], emulator: true }),
    step(`jest ${pkg}`, 'jest', { pkg }, { cpu: 1 }),
    step(`lint ${folder}`, 'lint', { paths: [folder] }, { cpu: 1 }),
    step(`typecheck ${pkg}`, 'typecheck', { packages: [pkg] }, { cpu: 1 }),
  ];
}

/**
 * What a finished run's steps wrote: the test files of every report with their seconds (for the slowest ten),
 * and the browser tests that passed only on a retry.
 */
export function runFindings(result) {
  const files = [];
  const retried = [];
  for (const each of result.steps) {
    const outcome = readJson(outcomeFile(each.name)) ?? {};
    if (outcome.report) files.push(...jestFiles(readJson(outcome.report), each.name.replace(/^jest /, '')));
    for (const report of outcome.reports ?? []) files.push(...playwrightFiles(readJson(report), 'playwright'));
    files.push(...(outcome.files ?? []));
    retried.push(...(outcome.retried ?? []));
  }
  return { files, retried };
}

/**
 * Runs a plan's steps (scripts/lib/steps.mjs) with what they share: one Firebase Auth emulator for every step that
 * signs in (the API's suites reuse it, as the running system does) and, for a step on the system's ports,
 * Chromium.
 */
export async function runPlan(plan) {
  if (plan.some((each) => [each.holds].flat().includes('ports'))) ensureChromium();
  const emulator = plan.some((each) => each.emulator) ? await sharedEmulator() : undefined;
  try {
    return await runSteps(plan, { cores: STEP_CORES, logDir: path.join(RESULTS, 'logs') });
  } finally {
    await emulator?.stop();
  }
}

const EMULATOR_LOG = path.join(DATA, 'logs', 'auth.log');

/**
 * The run's one Auth emulator. Its steps are told it is shared (SHARED_SERVICES_ENV: a step's system and the API's
 * jest setup use it and never start another). Should it stop during the run, the run says so with its log's end,
 * and starts it again once: the steps after that point can still pass.
 */
async function sharedEmulator() {
  let current;
  let stopping = false;
  let restarts = 0;
  const start = async () => {
    try {
      current = await startSystem({ only: ['auth'], logDir: path.join(DATA, 'logs'), log: () => undefined });
    } catch (error) {
      console.error(`the Auth emulator did not start: ${error.message}`);
      return;
    }
    current.process('auth')?.once('exit', (code, signal) => {
      if (stopping) return;
      const tail = fs.existsSync(EMULATOR_LOG) ? fs.readFileSync(EMULATOR_LOG, 'utf8').split('\n').slice(-30).join('\n') : '(no log)';
      console.error(`\nthe shared Auth emulator stopped during the run (${signal ?? `exit ${code}`}); the end of ${path.relative(ROOT, EMULATOR_LOG)}:\n${tail}`);
      if (restarts++ === 0) {
        fs.copyFileSync(EMULATOR_LOG, `${EMULATOR_LOG}.stopped`);
        console.error('starting it again');
        void start();
      }
    });
  };
  await start();
  process.env[SHARED_SERVICES_ENV] = 'auth';
  return {
    stop: async () => {
      stopping = true;
      delete process.env[SHARED_SERVICES_ENV];
      await current?.stop();
    },
  };
}
