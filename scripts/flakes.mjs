// npm run test:flakes -- [--runs N] [spec…]: the browser suite N times (default 5) over one running system, with
// no retries, and each test's failure rate. A test that fails without a code change is a flake: fix it, or
// quarantine it with a note in docs/testing.md. The report is also kept in .data/test-results/flakes.json.
import fs from 'node:fs';
import path from 'node:path';
import { install } from './lib/pnpm.mjs';
import { playwrightSpecs } from './lib/steps.mjs';
import { e2e, readJson, RESULTS } from './lib/test-steps.mjs';
import { startSystem } from './lib/system.mjs';
import { DATA } from './lib/paths.mjs';

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 5;
const specFilters = argv.filter((arg, index) => !arg.startsWith('--') && index !== runsAt + 1);

fs.mkdirSync(RESULTS, { recursive: true });
await install();
const emulator = await startSystem({ only: ['auth'], logDir: path.join(DATA, 'logs'), log: () => undefined });
const output = path.join(RESULTS, 'flakes-e2e.json');
let failure;
let reports;
const began = Date.now();
try {
  // --repeat-each: every test `runs` times in one go over the same system, nothing retried
  ({ reports } = await e2e({ specFilters, output, extraArgs: ['--repeat-each', String(runs), '--retries', '0'] }));
} catch (error) {
  failure = error;
  reports = error.counts?.reports ?? [];
} finally {
  await emulator.stop();
}

const outcomes = new Map(); // 'file: title' -> { runs, failed, errors }
for (const report of reports) {
  for (const spec of playwrightSpecs(readJson(report))) {
    for (const test of spec.tests ?? []) {
      const key = `${spec.file}: ${spec.title}`;
      const entry = outcomes.get(key) ?? { runs: 0, failed: 0, errors: [] };
      for (const result of test.results ?? []) {
        entry.runs += 1;
        if (result.status !== 'passed' && result.status !== 'skipped') {
          entry.failed += 1;
          entry.errors.push((result.error?.message ?? result.status).split('\n')[0].slice(0, 200));
        }
      }
      outcomes.set(key, entry);
    }
  }
}
const rows = [...outcomes].map(([test, entry]) => ({ test, ...entry, rate: entry.runs ? entry.failed / entry.runs : 0 }));
fs.writeFileSync(path.join(RESULTS, 'flakes.json'), JSON.stringify({ runs, seconds: (Date.now() - began) / 1000, tests: rows }, null, 2));
const flaky = rows.filter((row) => row.failed > 0).sort((a, b) => b.rate - a.rate);
console.log(`\n=== flakes: ${rows.length} tests, each run ${runs} times (${((Date.now() - began) / 1000).toFixed(0)} s)`);
if (flaky.length === 0) console.log('no test failed');
for (const row of flaky) console.log(`  ${(row.rate * 100).toFixed(0).padStart(3)}%  ${row.failed}/${row.runs}  ${row.test}\n        ${[...new Set(row.errors)].join('\n        ')}`);
process.exit(flaky.length || (failure && rows.length === 0) ? 1 : 0);
