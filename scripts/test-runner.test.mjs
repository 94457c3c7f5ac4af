// npm test's own machinery (issue 32): the step scheduler, what --changed runs for a change, the timings report.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { affectedPackages, changedPlan, scopeOf, workspaceGraph } from './lib/changed.mjs';
import { playwrightFiles, runSteps, timingReport } from './lib/steps.mjs';
import { fullPlan } from './lib/test-plan.mjs';
import { JEST_PACKAGES } from './lib/test-steps.mjs';

const logDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-steps-'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A step that records when it ran. */
function timed(name, ms, timeline, schedule = {}, outcome = { passed: 1, failed: 0 }) {
  return {
    name,
    ...schedule,
    run: async (log) => {
      timeline.push(`${name} start`);
      log.write(`${name} says hello\n`);
      await sleep(ms);
      timeline.push(`${name} end`);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
}

test('steps run side by side while their cores fit, after what they need, one at a time on a held resource', async () => {
  const timeline = [];
  const printed = [];
  const result = await runSteps(
    [
      timed('builds', 40, timeline, { cpu: 2 }),
      timed('browser', 60, timeline, { needs: ['builds'], holds: 'ports' }),
      timed('journey', 10, timeline, { needs: ['builds'], holds: 'ports' }),
      timed('unit a', 30, timeline),
      timed('unit b', 30, timeline),
    ],
    { cores: 2, logDir: logDir(), print: (text) => printed.push(text) },
  );
  // the builds take both cores: nothing runs beside them
  assert.deepEqual(timeline.slice(0, 2), ['builds start', 'builds end']);
  // then the browser suite and one unit step together; the journey waits for the ports
  assert.deepEqual(timeline.slice(2, 4).sort(), ['browser start', 'unit a start']);
  assert.ok(timeline.indexOf('journey start') > timeline.indexOf('browser end'), timeline.join(', '));
  assert.deepEqual(result.failed, []);
  assert.deepEqual(result.totals, { passed: 5, failed: 0 });
  // each step's output is printed whole, under its name, when it ends
  assert.ok(printed.some((text) => text.includes('=== browser (ok') && text.includes('browser says hello')), printed.join(''));
});

test('a failed step fails the run and the steps that need it do not run; a step only after it still runs; the counts add up', async () => {
  const timeline = [];
  const failing = Object.assign(new Error('webpack failed'), { counts: { passed: 0, failed: 1 } });
  const result = await runSteps(
    [
      timed('builds', 5, timeline, { cpu: 2 }, failing),
      timed('browser', 5, timeline, { needs: ['builds'] }),
      timed('unit', 5, timeline, {}, { passed: 3, failed: 2 }),
      timed('journey', 5, timeline, { after: ['builds', 'unit'] }),
    ],
    { cores: 2, logDir: logDir(), print: () => undefined },
  );
  assert.deepEqual(result.failed.sort(), ['browser', 'builds', 'unit']);
  assert.ok(!timeline.includes('browser start'));
  assert.equal(result.steps.find((each) => each.name === 'browser').status, 'skipped');
  assert.ok(timeline.indexOf('journey start') > timeline.indexOf('unit end'), timeline.join(', '));
  assert.deepEqual(result.totals, { passed: 4, failed: 3 });
});

test('the timings report lists every step with its seconds and the slowest test files, slowest first', () => {
  const report = timingReport(
    {
      seconds: 100,
      steps: [
        { name: 'lint', status: 'ok', started: 1_000, seconds: 20, counts: { cpuSeconds: 19 } },
        { name: 'playwright e2e', status: 'failed', started: 3_000, seconds: 70 },
      ],
    },
    [
      { suite: 'api', file: 'api/test/a.test.ts', seconds: 3 },
      { suite: 'playwright', file: 'e2e/tests/b.spec.ts', seconds: 30 },
      ...Array.from({ length: 12 }, (_, index) => ({ suite: 'x', file: `f${index}`, seconds: 0.5 })),
    ],
  );
  assert.match(report, /lint\s+20\.0 s\s+from\s+0 s\s+cpu\s+19 s\s+ok/);
  assert.match(report, /playwright e2e\s+70\.0 s\s+from\s+2 s\s+failed/);
  const slow = report.split('slowest 10 test files:')[1].trim().split('\n');
  assert.equal(slow.length, 10);
  assert.match(slow[0], /30\.0 s\s+playwright\s+e2e\/tests\/b\.spec\.ts/);
  assert.match(slow[1], /3\.0 s\s+api/);
});

test("a Playwright report's time is summed per spec file, retries included", () => {
  const report = {
    suites: [
      {
        specs: [
          { file: 'a.spec.ts', tests: [{ results: [{ duration: 2_000 }, { duration: 1_000 }] }] },
          { file: 'a.spec.ts', tests: [{ results: [{ duration: 500 }] }] },
        ],
        suites: [{ specs: [{ file: 'b.spec.ts', tests: [{ results: [{ duration: 4_000 }] }] }] }],
      },
    ],
  };
  assert.deepEqual(playwrightFiles(report, 'playwright'), [
    { suite: 'playwright', file: 'e2e/tests/a.spec.ts', seconds: 3.5 },
    { suite: 'playwright', file: 'e2e/tests/b.spec.ts', seconds: 4 },
  ]);
});

test('--changed follows the workspace graph: a contracts change runs every dependant, a remote change only that remote and its browser slice', () => {
  const graph = workspaceGraph();
  assert.deepEqual([...affectedPackages(['shared-contracts'], graph)].sort(), ['api', 'e2e', 'host-shell', 'mfe-account', 'mfe-booking', 'mfe-catalog', 'mfe-checkout', 'mfe-provider', 'shared-contracts', 'stand-ins']);

  const remote = scopeOf(['mfe-catalog/src/features/home/Home.tsx'], graph);
  assert.deepEqual(remote.packages, ['mfe-catalog']);
  assert.deepEqual(remote.slices, ['catalog']);
  assert.ok(remote.builds && remote.browser && !remote.scripts);

  const two = scopeOf(['mfe-catalog/src/a.ts', 'mfe-booking/test/b.test.tsx'], graph);
  assert.deepEqual(two.slices.sort(), ['booking', 'catalog']);

  const contracts = scopeOf(['shared-contracts/src/domain/money.ts'], graph);
  assert.equal(contracts.slices, null, 'every browser spec');
  assert.ok(contracts.packages.includes('api') && contracts.packages.includes('mfe-account'));

  const api = scopeOf(['api/src/app.ts'], graph);
  assert.deepEqual(api.packages, ['api']);
  assert.equal(api.slices, null);

  const docs = scopeOf(['docs/testing.md'], graph);
  assert.deepEqual(docs.packages, []);
  assert.ok(!docs.builds && !docs.browser);

  assert.equal(scopeOf(['pnpm-lock.yaml'], graph).everything, true);
  assert.equal(scopeOf(['scripts/lib/build.mjs'], graph).everything, true);
  const script = scopeOf(['scripts/release.test.mjs'], graph);
  assert.ok(script.scripts && !script.everything);
});

test('--changed plans: a remote change checks that remote and greps its tag; nothing changed, nothing run', async () => {
  const plan = await changedPlan({ postgres: true, log: () => undefined, files: ['mfe-booking/src/x.tsx'] });
  const names = plan.map((each) => each.name);
  assert.deepEqual(names.sort(), ['after-build tests (node:test)', 'builds', 'jest @utsav/booking', 'lint', 'playwright e2e', 'typecheck'].sort());
  const browser = plan.find((each) => each.name === 'playwright e2e');
  assert.deepEqual(browser.needs, ['builds']);
  assert.equal(browser.options.grep, '@booking\\b');

  const api = (await changedPlan({ postgres: true, log: () => undefined, files: ['api/src/app.ts'] })).map((each) => each.name);
  assert.ok(api.includes('jest @utsav/api (PGlite)') && api.includes('jest @utsav/api (PostgreSQL)'), api.join(', '));

  assert.deepEqual(await changedPlan({ postgres: false, log: () => undefined, files: [] }), []);
});

test('the whole run leaves nothing out: every jest suite, lint, types, the builds and their tests, the browser suite; with PostgreSQL its pass and the journey', () => {
  const names = (postgres) => fullPlan({ postgres }).map((each) => each.name);
  for (const pkg of Object.values(JEST_PACKAGES)) assert.ok(names(false).some((name) => name.startsWith(`jest ${pkg}`)), pkg);
  for (const name of ['builds', 'playwright e2e', 'after-build tests (node:test)', 'lint', 'typecheck', 'node tests (scripts)']) assert.ok(names(false).includes(name), name);
  assert.ok(!names(false).some((name) => /PostgreSQL/.test(name)));
  assert.ok(names(true).includes('jest @utsav/api (PostgreSQL)') && names(true).includes('scale-out journey (PostgreSQL)'));
  assert.equal(new Set(names(true)).size, names(true).length, 'each step once');
});

test("with PostgreSQL the API's whole suite runs there and the database layer's files on PGlite too; without it, all of it on PGlite", () => {
  const apiSteps = (postgres) => fullPlan({ postgres }).filter((each) => each.options.pkg === '@utsav/api');
  const [alone] = apiSteps(false);
  assert.equal(apiSteps(false).length, 1);
  assert.deepEqual(alone.options.files ?? [], [], 'every file on PGlite');
  const [pglite, server] = apiSteps(true);
  assert.ok(server.options.postgres && !server.options.files, 'every file on the server');
  assert.ok(!pglite.options.postgres);
  for (const file of pglite.options.files) assert.ok(fs.existsSync(path.join(import.meta.dirname, '..', 'api', file)), `${file} is an API test file`);
  assert.ok(pglite.options.files.includes('test/migrations.test.ts') && pglite.options.files.includes('test/durability.test.ts'));
});
