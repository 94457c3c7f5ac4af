// npm test: lint and types, every package's jest suite, then the production builds, the node tests
// that need them (scripts/after-build/) and Playwright over the running system.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { DATA, ROOT } from './lib/paths.mjs';
import { install, pnpm } from './lib/pnpm.mjs';
import { releasesDirOf, startSystem } from './lib/system.mjs';

const RESULTS = path.join(DATA, 'test-results');
const JEST_PACKAGES = ['@utsav/contracts', '@utsav/host', '@utsav/catalog', '@utsav/booking', '@utsav/checkout', '@utsav/account', '@utsav/api'];

const totals = { passed: 0, failed: 0 };
const failures = [];

async function step(name, action) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  try {
    await action();
    console.log(`--- ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures.push(name);
    console.error(`--- ${name}: FAILED: ${error.message}`);
  }
}

function count(passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The node:test files of a folder under scripts/ (tap output is printed and counted). */
function nodeTests(dir = 'scripts') {
  return new Promise((resolve, reject) => {
    const files = fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.test.mjs')).map((f) => `${dir}/${f}`);
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', ...files], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => {
      count(Number(/# pass (\d+)/.exec(out)?.[1] ?? 0), Number(/# fail (\d+)/.exec(out)?.[1] ?? 0));
      if (code === 0) resolve();
      else reject(new Error(`node --test exited ${code}`));
    });
  });
}

async function jestSuite(pkg) {
  const output = path.join(RESULTS, `${pkg.replace('@utsav/', '')}.json`);
  fs.rmSync(output, { force: true });
  try {
    await pnpm(['--filter', pkg, 'run', 'test', '--ci', '--json', `--outputFile=${output}`]);
  } finally {
    const result = readJson(output);
    if (result) count(result.numPassedTests, result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0));
    else count(0, 1);
  }
}

/** The production builds, then the node tests of what they built (each remote's server container…). */
async function builds() {
  await buildAll();
  await nodeTests('scripts/after-build');
}

async function e2e() {
  ensureChromium();
  await buildAll();
  const dataDir = path.join(DATA, 'e2e');
  fs.rmSync(dataDir, { recursive: true, force: true });
  // a quick provider stand-in keeps the booking journeys short
  const system = await startSystem({ mode: 'production', dataDir, logDir: path.join(DATA, 'logs'), providerAutoAcceptMs: 1000, liveBuilds: 'current' });
  const output = path.join(RESULTS, 'e2e.json');
  fs.rmSync(output, { force: true });
  try {
    // the release flow's specs run the release commands on the system's store
    await pnpm(['--filter', '@utsav/e2e', 'exec', 'playwright', 'test', ...specFilters], { env: { ...process.env, E2E_RELEASES_DIR: releasesDirOf(dataDir) } });
  } finally {
    await system.stop();
    const stats = readJson(output)?.stats;
    if (stats) count(stats.expected + stats.flaky, stats.unexpected);
    else count(0, 1);
  }
}

/**
 * Issue 21's scale-out journey (scripts/lib/scale-out.mjs), when a PostgreSQL server answers (as .ci/run's
 * PostgreSQL pass): two API and two host-server instances on one database behind round-robin load balancers.
 */
async function scaleOut() {
  const { postgresAnswers, scaleOutJourney } = await import('./lib/scale-out.mjs');
  if (!(await postgresAnswers())) {
    console.log('no PostgreSQL server on 127.0.0.1:5432: the scale-out journey needs one, skipped');
    return;
  }
  ensureChromium();
  await buildAll();
  const output = path.join(RESULTS, 'scale-out.json');
  fs.rmSync(output, { force: true });
  try {
    await scaleOutJourney({ output });
  } finally {
    const stats = readJson(output)?.stats;
    if (stats) count(stats.expected + stats.flaky, stats.unexpected);
    else count(0, 1);
  }
}

// `npm test -- --e2e-only [spec…]` skips straight to the browser suite (for quick local iterations),
// optionally only the specs whose file names match.
const e2eOnly = process.argv.includes('--e2e-only');
const specFilters = e2eOnly ? process.argv.slice(2).filter((arg) => !arg.startsWith('--')) : [];

fs.mkdirSync(RESULTS, { recursive: true });
await step('install', install);
if (failures.length === 0 && e2eOnly && specFilters.includes('scale-out')) await step('scale-out journey (PostgreSQL)', scaleOut);
else if (failures.length === 0 && e2eOnly) await step('playwright e2e', e2e);
else if (failures.length === 0) {
  await step('lint boundaries (node:test)', nodeTests);
  await step('lint', () => pnpm(['exec', 'eslint', '--max-warnings=0', '.']));
  await step('typecheck', () => pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
  for (const pkg of JEST_PACKAGES) await step(`jest ${pkg}`, () => jestSuite(pkg));
  await step('builds and after-build tests (node:test)', builds);
  await step('playwright e2e', e2e);
  await step('scale-out journey (PostgreSQL)', scaleOut);
}

console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
fs.writeFileSync(path.join(RESULTS, 'summary.json'), JSON.stringify(totals));
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length || totals.failed ? 1 : 0);
