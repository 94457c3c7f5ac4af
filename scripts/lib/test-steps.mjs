// What npm test runs, one action per step; scripts/test.mjs decides which steps and runs each in its own
// process (scripts/test-step.mjs), side by side where the machine's cores allow (scripts/lib/steps.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ensureChromium } from './chromium.mjs';
import { DATA, ROOT } from './paths.mjs';
import { pnpm } from './pnpm.mjs';
import { playwrightSpecs } from './steps.mjs';
import { releasesDirOf, startSystem } from './system.mjs';

export const RESULTS = path.join(DATA, 'test-results');

/** The workspace's packages with a jest suite, by folder. */
export const JEST_PACKAGES = {
  'shared-contracts': '@utsav/contracts',
  'host-shell': '@utsav/host',
  'mfe-catalog': '@utsav/catalog',
  'mfe-booking': '@utsav/booking',
  'mfe-checkout': '@utsav/checkout',
  'mfe-account': '@utsav/account',
  'mfe-provider': '@utsav/provider',
  api: '@utsav/api',
  'stand-ins': '@utsav/stand-ins',
};

/** Where a step's process writes what it counted (scripts/test-step.mjs). */
export const outcomeFile = (name) => path.join(RESULTS, 'steps', `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);

export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A JSON file's value, or null when it is missing or not JSON (a report a failed step did not write). */
export function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The node:test files of a folder under scripts/ (tap output is printed and counted). */
export function nodeTests(dir = 'scripts', files = undefined) {
  return new Promise((resolve, reject) => {
    const list = files ?? fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.test.mjs')).map((f) => `${dir}/${f}`);
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', ...list], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => {
      const counts = { passed: Number(/# pass (\d+)/.exec(out)?.[1] ?? 0), failed: Number(/# fail (\d+)/.exec(out)?.[1] ?? 0) };
      // the slowest files: node:test's tap gives each top-level test's duration; summed per file below
      const files = new Map();
      for (const file of list) {
        const section = out.split(`# Subtest: ${path.join(ROOT, file)}`)[1];
        if (section) files.set(file, Number(/duration_ms: ([\d.]+)/.exec(section)?.[1] ?? 0) / 1000);
      }
      if (code === 0) resolve({ ...counts, files: [...files].map(([file, seconds]) => ({ suite: 'node:test', file, seconds })) });
      else reject(Object.assign(new Error(`node --test exited ${code}`), { counts: { ...counts, failed: Math.max(counts.failed, 1) } }));
    });
  });
}

/** One package's jest suite; its JSON report is kept under .data/test-results. */
export async function jestSuite(pkg, { name = pkg.replace('@utsav/', ''), env = process.env, args = [] } = {}) {
  const output = path.join(RESULTS, `${name}.json`);
  fs.rmSync(output, { force: true });
  let failure;
  try {
    await pnpm(['--filter', pkg, 'run', 'test', '--ci', '--json', `--outputFile=${output}`, ...args], { env });
  } catch (error) {
    failure = error;
  }
  const result = readJson(output);
  const counts = result ? { passed: result.numPassedTests, failed: result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0) } : { passed: 0, failed: 1 };
  if (failure) throw Object.assign(failure, { counts: { ...counts, failed: Math.max(counts.failed, 1), report: output } });
  return { ...counts, report: output };
}

/** Playwright over the running system (the system is started by this step, on its fixed ports). */
export async function e2e({ specFilters = [], grep, workers, output = path.join(RESULTS, 'e2e.json'), releasesDir, builds, extraArgs = [] } = {}) {
  ensureChromium();
  // `builds`: the folders this run builds (a remote's pipeline: the API, the host, its remote; the others are live releases)
  await buildAll({ only: builds });
  const dataDir = path.join(DATA, 'e2e');
  fs.rmSync(dataDir, { recursive: true, force: true });
  // the system and the release commands the specs run serve the remotes from this store (a step has its own process)
  if (releasesDir) process.env.RELEASES_DIR = releasesDir;
  // a quick provider stand-in keeps the booking journeys short
  const system = await startSystem({ mode: 'production', dataDir, logDir: path.join(DATA, 'logs'), providerAutoAcceptMs: 1000, liveBuilds: releasesDir ? 'kept' : 'current' });
  let failure;
  const reports = [];
  try {
    // the specs that change what the whole system serves run after the others, alone (e2e/playwright.config.ts)
    for (const [project, projectWorkers] of [['shared-system', workers], ['exclusive', 1]]) {
      const report = output.replace(/\.json$/, `-${project}.json`);
      fs.rmSync(report, { force: true });
      reports.push(report);
      const args = ['--project', project, '--pass-with-no-tests', ...specFilters, ...(grep ? ['--grep', grep] : []), ...(projectWorkers ? ['--workers', String(projectWorkers)] : []), ...extraArgs];
      // the release flow's specs run the release commands on the system's store
      await pnpm(['--filter', '@utsav/e2e', 'exec', 'playwright', 'test', ...args], {
        env: { ...process.env, E2E_RELEASES_DIR: releasesDirOf(dataDir), E2E_REPORT: report },
      }).catch((error) => (failure ??= error));
    }
  } finally {
    await system.stop();
  }
  const counts = reports.map((report) => playwrightCounts(readJson(report))).reduce((all, one) => ({
    passed: all.passed + one.passed,
    failed: all.failed + one.failed,
    retried: [...all.retried, ...one.retried],
  }));
  if (failure) throw Object.assign(failure, { counts: { ...counts, failed: Math.max(counts.failed, 1), reports } });
  return { ...counts, reports };
}

/** A Playwright JSON report's passed and failed tests, and the tests that passed only on a retry (flaky). */
export function playwrightCounts(report) {
  if (!report?.stats) return { passed: 0, failed: 1, retried: [] };
  const retried = playwrightSpecs(report)
    .filter((spec) => (spec.tests ?? []).some((test) => test.status === 'flaky'))
    .map((spec) => `${spec.file}: ${spec.title}`);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, retried };
}

/**
 * Issue 21's scale-out journey (scripts/lib/scale-out.mjs), when a PostgreSQL server answers: two API and two
 * host-server instances on one database behind round-robin load balancers.
 */
export async function scaleOut() {
  const { scaleOutJourney } = await import('./scale-out.mjs');
  ensureChromium();
  await buildAll();
  const output = path.join(RESULTS, 'scale-out.json');
  fs.rmSync(output, { force: true });
  let failure;
  try {
    await scaleOutJourney({ output });
  } catch (error) {
    failure = error;
  }
  const counts = playwrightCounts(readJson(output));
  if (failure) throw Object.assign(failure, { counts: { ...counts, failed: Math.max(counts.failed, 1), reports: [output] } });
  return { ...counts, reports: [output] };
}
