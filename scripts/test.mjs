// npm test: lint and types, every package's jest suite (the API's on PGlite, and on PostgreSQL when a server
// answers on 127.0.0.1:5432), the production builds with the node tests that need them (scripts/after-build/),
// Playwright over the running system and, with PostgreSQL, the scale-out journey. Steps run side by side
// where the machine's cores allow (scripts/lib/test-plan.mjs); each step's seconds and the slowest test files
// are printed at the end (docs/testing.md).
//
//   npm test                          everything
//   npm test -- --changed             what the working tree's changes can affect (scripts/lib/changed.mjs)
//   npm test -- --e2e-only [spec…]    only the browser suite (optionally the specs whose file names match)
//   npm test -- --e2e-only scale-out  only the scale-out journey
import fs from 'node:fs';
import path from 'node:path';
import { changedPlan } from './lib/changed.mjs';
import { install } from './lib/pnpm.mjs';
import { postgresAnswers } from './lib/scale-out.mjs';
import { timingReport } from './lib/steps.mjs';
import { fullPlan, runFindings, runPlan, step } from './lib/test-plan.mjs';
import { RESULTS } from './lib/test-steps.mjs';

const argv = process.argv.slice(2);
const e2eOnly = argv.includes('--e2e-only');
const changed = argv.includes('--changed');
const specFilters = argv.filter((arg) => !arg.startsWith('--'));

const began = Date.now();
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });

console.log('=== install');
try {
  await install();
} catch (error) {
  console.error(`--- install: FAILED: ${error.message}`);
  fs.writeFileSync(path.join(RESULTS, 'summary.json'), JSON.stringify({ passed: 0, failed: 1 }));
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
}
const installSeconds = (Date.now() - began) / 1000;
console.log(`--- install: ok (${installSeconds.toFixed(1)} s)`);

const postgres = await postgresAnswers();
let plan;
if (e2eOnly && specFilters.includes('scale-out')) plan = [step('scale-out journey (PostgreSQL)', 'scale-out', {}, { cpu: 2, holds: 'ports' })];
else if (e2eOnly) plan = [step('playwright e2e', 'playwright', { specFilters }, { cpu: 2, holds: 'ports', emulator: true })];
else if (changed) plan = await changedPlan({ postgres, log: console.log });
else plan = fullPlan({ postgres });
if (!postgres && !e2eOnly) console.log('no PostgreSQL server on 127.0.0.1:5432: the API suite runs on PGlite only, and the scale-out journey (which needs one) is not run');

const result = await runPlan(plan);

// where the time went: each step, and the slowest test files of every report
const { files, retried } = runFindings(result);
result.steps.unshift({ name: 'install', status: 'ok', started: began, seconds: installSeconds });
console.log(timingReport({ ...result, seconds: (Date.now() - began) / 1000 }, files));
fs.writeFileSync(path.join(RESULTS, 'timings.json'), JSON.stringify({ seconds: (Date.now() - began) / 1000, steps: result.steps, files }, null, 2));

const { passed, failed } = result.totals;
const failedSteps = result.failed;
const summary = { passed, failed: failed || (failedSteps.length ? Math.max(failed, 1) : 0), retried };
fs.writeFileSync(path.join(RESULTS, 'summary.json'), JSON.stringify(summary));
console.log(`\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}` : 'all steps passed'}`);
const retries = retried.length ? ` (${retried.length} passed only on a retry: ${retried.join('; ')})` : ', no retries';
console.log(`Tests: ${summary.passed} passed, ${summary.failed} failed${retries}`);
process.exit(failedSteps.length || summary.failed ? 1 : 0);
