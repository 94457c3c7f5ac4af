// Which steps a test run takes (all of them, or what a change can affect) and how much of the machine each
// keeps busy. docs/testing.md has the measurements behind the weights and the order.
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ROOT } from './paths.mjs';
import { pnpm } from './pnpm.mjs';
import { command } from './steps.mjs';
import { e2e, JEST_PACKAGES, jestSuite, nodeTests, POSTGRES_URL, RESULTS, scaleOut } from './test-steps.mjs';

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
  jest: ({ pkg, name, postgres }) => jestSuite(pkg, { name, env: postgres ? { ...process.env, DATABASE_URL: POSTGRES_URL } : process.env }),
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
    ...schedule,
    run: async (log) => {
      const resultFile = path.join(RESULTS, 'steps', `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
      let failure;
      try {
        await command(log, process.execPath, [path.join(ROOT, 'scripts/test-step.mjs'), name, kind, JSON.stringify(options)]);
      } catch (error) {
        failure = error;
      }
      const result = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : { ok: false, passed: 0, failed: 1 };
      if (failure || !result.ok) throw Object.assign(failure ?? new Error(result.error), { counts: result, result });
      return result;
    },
  };
}

/**
 * The steps of a whole run. Cores: builds, the browser suite and the API's PGlite suite keep both cores
 * busy; the rest one each. The browser suite waits for the builds; the scale-out journey, which takes the
 * same fixed ports, waits for the browser suite.
 */
export function fullPlan({ postgres }) {
  const jests = Object.entries(JEST_PACKAGES).map(([folder, pkg]) => step(`jest ${pkg}${folder === 'api' ? ' (PGlite)' : ''}`, 'jest', { pkg }, { cpu: 1 }));
  return [
    step('builds', 'builds', {}, { cpu: 2 }),
    step('playwright e2e', 'playwright', {}, { cpu: 2, needs: ['builds'], holds: 'ports', emulator: true }),
    ...(postgres ? [step('scale-out journey (PostgreSQL)', 'scale-out', {}, { cpu: 2, needs: ['builds', 'playwright e2e'], holds: 'ports' })] : []),
    step('after-build tests (node:test)', 'after-build', {}, { cpu: 1, needs: ['builds'] }),
    ...jests.filter((each) => each.name.includes('PGlite')).map((each) => ({ ...each, emulator: true })),
    ...(postgres ? [step('jest @utsav/api (PostgreSQL)', 'jest', { pkg: '@utsav/api', name: 'api-postgres', postgres: true }, { cpu: 1, emulator: true })] : []),
    step('lint', 'lint', {}, { cpu: 1 }),
    step('typecheck', 'typecheck', {}, { cpu: 1 }),
    ...jests.filter((each) => !each.name.includes('PGlite')),
    step('node tests (scripts)', 'node-tests', {}, { cpu: 1 }),
  ];
}
