// One step of npm test in a process of its own (scripts/test.mjs starts it, with its output going to the
// step's log). Writes what it counted to
// .data/test-results/steps/<name>.json. `node scripts/test-step.mjs <name> <kind> [json options]`.
import fs from 'node:fs';
import path from 'node:path';
import { outcomeFile } from './lib/test-steps.mjs';
import { STEP_ACTIONS } from './lib/test-plan.mjs';

const [name, kind, options = '{}'] = process.argv.slice(2);
const action = STEP_ACTIONS[kind];
if (!action) {
  console.error(`no kind of step ${kind}`);
  process.exit(2);
}
const out = outcomeFile(name);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.rmSync(out, { force: true });
/**
 * The processor time this step used, its own and its finished child processes' (Linux: /proc/self/stat's utime,
 * stime, cutime and cstime, in clock ticks of 1/100 s): beside its wall time, how much of the machine it took.
 */
function cpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return undefined;
  }
}

try {
  const result = (await action(JSON.parse(options))) ?? {};
  fs.writeFileSync(out, JSON.stringify({ ok: true, ...result, cpuSeconds: cpuSeconds() }));
  process.exit(0);
} catch (error) {
  console.error(error.stack ?? error.message);
  fs.writeFileSync(out, JSON.stringify({ ok: false, ...(error.counts ?? { passed: 0, failed: 1 }), error: error.message, cpuSeconds: cpuSeconds() }));
  process.exit(1);
}
