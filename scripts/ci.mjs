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
import { install } from './lib/pnpm.mjs';
import { timingReport } from './lib/steps.mjs';
import { CANDIDATE_STEP, REMOTE_PACKAGES, remotePlan, runFindings, runPlan } from './lib/test-plan.mjs';
import { outcomeFile, readJson, RESULTS } from './lib/test-steps.mjs';

const remote = process.argv[2];
if (!REMOTE_PACKAGES[remote]) {
  console.error(`usage: npm run ci -- <remote>   (one of ${Object.keys(REMOTE_PACKAGES).join(', ')})`);
  process.exit(2);
}

const began = Date.now();
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });
console.log(`=== ${remote}'s pipeline\n=== install`);
await install();
const installSeconds = (Date.now() - began) / 1000;

const throwaway = fs.mkdtempSync(path.join(os.tmpdir(), `utsav-ci-${remote}-`));
const plan = remotePlan(remote, { store: throwaway, host: process.env.LIVE_HOST_URL });
const result = await runPlan(plan);
// the candidate stays in the release store (RELEASES_DIR), not live: `npm run promote` makes it so
const candidate = readJson(outcomeFile(CANDIDATE_STEP));
if (candidate?.version && result.failed.length === 0) {
  // imported here: it needs the packages the install brings
  const { keepRelease } = await import('./lib/releases.mjs');
  const kept = keepRelease(remote, candidate.version, { from: throwaway });
  console.log(`\n${remote} ${candidate.version} is in the release store ${kept} (npm run promote -- ${remote} ${candidate.version})`);
  if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `version=${candidate.version}\n`);
}
fs.rmSync(throwaway, { recursive: true, force: true });

const { files } = runFindings(result);
result.steps.unshift({ name: 'install', status: 'ok', started: began, seconds: installSeconds });
console.log(timingReport({ ...result, seconds: (Date.now() - began) / 1000 }, files));
console.log(`\n${remote}'s pipeline: ${result.failed.length ? `failed steps: ${result.failed.join(', ')}` : 'all steps passed'}`);
console.log(`Tests: ${result.totals.passed} passed, ${result.totals.failed} failed (${((Date.now() - began) / 1000).toFixed(0)} s)`);
process.exit(result.failed.length || result.totals.failed ? 1 : 0);
