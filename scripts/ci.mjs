// npm run ci -- <remote>: one remote's pipeline, as its team's workflow runs it (.github/workflows/remote.yml):
//   - the remote's lint, types and jest;
//   - its release build, stored as an immutable version in a throwaway release store that holds the other
//     remotes' live releases (from RELEASES_DIR, default .data/releases; a remote with nothing live there is
//     released from this checkout);
//   - the compatibility gate against the live host's manifests (LIVE_HOST_URL, else this checkout's host build);
//   - the candidate promoted in the throwaway store, and the remote's slice of the browser suite (the tests
//     tagged @<remote>: e2e/support/test.ts) over the host and those releases.
// Timings are printed at the end, as npm test prints them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { install } from './lib/pnpm.mjs';
import { DATA } from './lib/paths.mjs';
import { jestFiles, playwrightFiles, runSteps, timingReport } from './lib/steps.mjs';
import { step } from './lib/test-plan.mjs';
import { RESULTS } from './lib/test-steps.mjs';
import { startSystem } from './lib/system.mjs';

const REMOTES = { catalog: '@utsav/catalog', booking: '@utsav/booking', checkout: '@utsav/checkout', account: '@utsav/account' };
const remote = process.argv[2];
if (!REMOTES[remote]) {
  console.error(`usage: npm run ci -- <remote>   (one of ${Object.keys(REMOTES).join(', ')})`);
  process.exit(2);
}
const pkg = REMOTES[remote];
const folder = `mfe-${remote}`;

const began = Date.now();
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });
console.log(`=== ${remote}'s pipeline\n=== install`);
await install();
const installSeconds = (Date.now() - began) / 1000;
ensureChromium();

const throwaway = fs.mkdtempSync(path.join(os.tmpdir(), `utsav-ci-${remote}-`));
const plan = [
  step('release candidate: build, gate, promote in a throwaway store', 'candidate', { remote, store: throwaway, host: process.env.LIVE_HOST_URL }, { cpu: 2 }),
  step(`playwright e2e (@${remote})`, 'playwright', { grep: `@${remote}\\b`, releasesDir: throwaway, builds: ['api', 'host-shell', folder] }, {
    cpu: 2,
    holds: 'ports',
    needs: ['release candidate: build, gate, promote in a throwaway store'],
    emulator: true,
  }),
  step(`lint ${folder}`, 'lint', { paths: [folder] }),
  step(`typecheck ${pkg}`, 'typecheck', { packages: [pkg] }),
  step(`jest ${pkg}`, 'jest', { pkg }),
];
const emulator = await startSystem({ only: ['auth'], logDir: path.join(DATA, 'logs'), log: () => undefined });
const result = await runSteps(plan, { cores: 2, logDir: path.join(RESULTS, 'logs') });
await emulator.stop();
fs.rmSync(throwaway, { recursive: true, force: true });

const files = [];
for (const each of result.steps) {
  const file = path.join(RESULTS, 'steps', `${each.name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const outcome = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  if (outcome.report && fs.existsSync(outcome.report)) files.push(...jestFiles(JSON.parse(fs.readFileSync(outcome.report, 'utf8')), pkg));
  for (const report of outcome.reports ?? []) if (fs.existsSync(report)) files.push(...playwrightFiles(JSON.parse(fs.readFileSync(report, 'utf8')), 'playwright'));
}
result.steps.unshift({ name: 'install', status: 'ok', started: began, seconds: installSeconds });
console.log(timingReport({ ...result, seconds: (Date.now() - began) / 1000 }, files));
console.log(`\n${remote}'s pipeline: ${result.failed.length ? `failed steps: ${result.failed.join(', ')}` : 'all steps passed'}`);
console.log(`Tests: ${result.totals.passed} passed, ${result.totals.failed} failed (${((Date.now() - began) / 1000).toFixed(0)} s)`);
process.exit(result.failed.length || result.totals.failed ? 1 : 0);
