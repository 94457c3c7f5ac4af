// The forge's pipelines (.github/workflows): one per remote, which runs only when something that remote
// is built from changes and whose every command names that remote's package; one for the whole system.
// .ci/run stays what CI runs here; these are the files a team's forge runs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { BUILDS, SHARED_INPUTS } from './lib/build.mjs';
import { CANDIDATE_STEP, remotePlan } from './lib/test-plan.mjs';
import { ROOT } from './lib/paths.mjs';

const WORKFLOWS = path.join(ROOT, '.github/workflows');
const read = (file) => parse(fs.readFileSync(path.join(WORKFLOWS, file), 'utf8'));
const REMOTES = ['catalog', 'booking', 'checkout', 'account', 'provider'];

/** A path filter that covers a build input: `mfe-x/**` covers mfe-x/src, `pnpm-lock.yaml` itself. */
const covers = (filters, input) => filters.some((filter) => filter === input || (filter.endsWith('/**') && `${input}/`.startsWith(filter.slice(0, -2))));

test('each remote has its own workflow, triggered only by what that remote is built from', () => {
  const files = fs.readdirSync(WORKFLOWS).filter((file) => file.startsWith('remote-'));
  assert.deepEqual(files.sort(), REMOTES.map((remote) => `remote-${remote}.yml`).sort());
  for (const remote of REMOTES) {
    const workflow = read(`remote-${remote}.yml`);
    const build = BUILDS.find((each) => each.dir === `mfe-${remote}`);
    for (const event of ['push', 'pull_request']) {
      const filters = workflow.on[event].paths;
      assert.ok(Array.isArray(filters), `${remote} ${event}: path filters`);
      // everything the remote's build is made from (scripts/lib/build.mjs), and nothing of another remote
      for (const input of [...build.inputs.map((name) => `mfe-${remote}/${name}`), ...SHARED_INPUTS]) {
        assert.ok(covers(filters, input), `${remote} ${event}: ${input} is not in ${filters.join(', ')}`);
      }
      const others = filters.filter((filter) => /^(mfe-|host-shell|api|e2e)/.test(filter) && !filter.startsWith(`mfe-${remote}/`));
      assert.deepEqual(others, [], `${remote} ${event}: runs for another package's changes`);
    }
    const jobs = Object.values(workflow.jobs);
    assert.equal(jobs.length, 1);
    assert.equal(jobs[0].uses, './.github/workflows/remote.yml');
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, `mfe-${remote}`, 'package.json'), 'utf8')).name;
    assert.deepEqual(jobs[0].with, { remote, package: pkg, folder: `mfe-${remote}` });
  }
});

test("the remotes' shared pipeline runs npm run ci on the remote it is given: lint, types, jest, release build, gate, its browser slice", () => {
  const workflow = read('remote.yml');
  assert.deepEqual(Object.keys(workflow.on.workflow_call.inputs).sort(), ['folder', 'package', 'remote']);
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const pipeline = steps.find((each) => each.id === 'release');
  assert.equal(pipeline?.run, 'npm run ci -- ${{ inputs.remote }}');
  const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
  assert.equal(scripts.ci, 'node scripts/ci.mjs');
  // what npm run ci -- <remote> runs, for each remote: that package's checks and nothing of another's
  for (const remote of REMOTES) {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, `mfe-${remote}`, 'package.json'), 'utf8')).name;
    const plan = remotePlan(remote, { store: '/tmp/store', host: undefined });
    const names = plan.map((each) => each.name);
    assert.ok(names.includes(`lint mfe-${remote}`) && names.includes(`typecheck ${pkg}`) && names.includes(`jest ${pkg}`), names.join(', '));
    assert.ok(names.includes(CANDIDATE_STEP), names.join(', '));
    const browser = plan.find((each) => each.name.startsWith('playwright'));
    assert.deepEqual(browser.needs, [CANDIDATE_STEP], 'the browser slice runs over the promoted candidate');
    assert.equal(browser.name, `playwright e2e (@${remote})`);
    for (const other of REMOTES.filter((each) => each !== remote)) assert.ok(!names.some((name) => name.includes(other)), `${remote}: ${names.join(', ')}`);
  }
  // the version it kept is handed to the upload step
  const upload = steps.find((each) => each.uses?.startsWith('actions/upload-artifact'));
  assert.match(upload.with.path, /\$\{\{ steps\.release\.outputs\.version \}\}$/);
});

test('the host-level workflow runs the whole suite, Playwright included, as CI here does: on main always, on a pull request unless only remotes changed', () => {
  const workflow = read('host.yml');
  assert.equal(workflow.on.push.paths, undefined);
  assert.equal(workflow.on.push['paths-ignore'], undefined);
  for (const remote of REMOTES) assert.ok(workflow.on.pull_request['paths-ignore'].includes(`mfe-${remote}/**`), remote);
  const runs = Object.values(workflow.jobs).flatMap((job) => job.steps).map((step) => step.run).filter(Boolean);
  assert.ok(runs.some((run) => /\.ci\/run$/.test(run.trim())), runs.join('\n'));
  assert.ok(fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8').includes('npm test'));
});
