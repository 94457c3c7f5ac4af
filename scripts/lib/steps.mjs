// The test run as steps with dependencies, run side by side within the machine's cores (docs/testing.md:
// why each step weighs what it does), each step's output kept in a log and printed whole when it ends,
// and every step's seconds printed at the end with the slowest test files.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/**
 * A step: `{ name, run(log), needs?: string[], after?: string[], cpu?: number, holds?: string | string[] }`.
 * `needs`: steps that must have passed first; `after`: steps that must have ended first. `run` gets a writable log
 * stream (see `command`) and may return `{ passed, failed }`, counted in the totals. `cpu`: how many of the
 * machine's cores the step keeps busy (1 by default); steps start while their cores fit in `cores`. `holds`: a
 * resource, or several, only one step at a time may hold (the system's fixed ports, the workspace's builds). A
 * step whose needs failed does not run and counts as failed.
 */
export async function runSteps(steps, { cores = 2, logDir, print = (text) => process.stdout.write(text) }) {
  fs.mkdirSync(logDir, { recursive: true });
  const byName = new Map(steps.map((step) => [step.name, step]));
  for (const step of steps) for (const need of [...(step.needs ?? []), ...(step.after ?? [])]) if (!byName.has(need)) throw new Error(`${step.name} waits for an unknown step ${need}`);
  const state = new Map(); // name -> { status: 'running' | 'ok' | 'failed' | 'skipped', started, seconds, error, counts }
  const totals = { passed: 0, failed: 0 };
  const runStarted = Date.now();
  let busy = 0;
  const held = new Set();
  return new Promise((resolve) => {
    const finish = (step, result) => {
      const entry = state.get(step.name);
      Object.assign(entry, result, { seconds: (Date.now() - entry.started) / 1000 });
      if (entry.counts) {
        totals.passed += entry.counts.passed ?? 0;
        totals.failed += entry.counts.failed ?? 0;
      }
      busy -= step.cpu ?? 1;
      for (const resource of holdsOf(step)) held.delete(resource);
      const logFile = path.join(logDir, `${fileNameOf(step.name)}.log`);
      const output = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      print(`\n=== ${step.name} (${entry.status}, ${entry.seconds.toFixed(1)} s)\n${output}`);
      if (entry.error) print(`--- ${step.name}: FAILED: ${entry.error}\n`);
      else print(`--- ${step.name}: ok (${entry.seconds.toFixed(1)} s)\n`);
      schedule();
    };
    const schedule = () => {
      for (const step of steps) {
        if (state.has(step.name)) continue;
        const needs = (step.needs ?? []).map((need) => state.get(need)?.status);
        if (needs.some((status) => status === 'failed' || status === 'skipped')) {
          state.set(step.name, { status: 'skipped', started: Date.now(), seconds: 0, error: `not run: ${step.needs.filter((need) => state.get(need).status !== 'ok').join(', ')} failed` });
          print(`--- ${step.name}: not run (${state.get(step.name).error})\n`);
          continue;
        }
        if (needs.some((status) => status !== 'ok')) continue;
        // `after`: only the order; runs once those have ended, whatever their result
        if ((step.after ?? []).some((name) => ['running', undefined].includes(state.get(name)?.status))) continue;
        const cpu = Math.min(step.cpu ?? 1, cores);
        if (busy > 0 && busy + cpu > cores) continue;
        if (holdsOf(step).some((resource) => held.has(resource))) continue;
        busy += cpu;
        for (const resource of holdsOf(step)) held.add(resource);
        const entry = { status: 'running', started: Date.now() };
        state.set(step.name, entry);
        print(`>>> ${step.name} started at ${((entry.started - runStarted) / 1000).toFixed(0)} s\n`);
        const log = fs.createWriteStream(path.join(logDir, `${fileNameOf(step.name)}.log`));
        Promise.resolve()
          .then(() => step.run(log))
          .then(
            (counts) => ({ status: counts && counts.failed > 0 ? 'failed' : 'ok', counts, error: counts && counts.failed > 0 ? `${counts.failed} failed` : undefined }),
            (error) => ({ status: 'failed', counts: error.counts, error: error.message }),
          )
          .then((result) => new Promise((done) => log.end(() => done(result))))
          .then((result) => finish(step, result));
      }
      if ([...state.values()].every((entry) => entry.status !== 'running') && state.size === steps.length) {
        const failed = steps.filter((step) => state.get(step.name).status !== 'ok').map((step) => step.name);
        resolve({ totals, failed, seconds: (Date.now() - runStarted) / 1000, steps: steps.map((step) => ({ name: step.name, ...state.get(step.name) })) });
      }
    };
    schedule();
  });
}

const holdsOf = (step) => [step.holds ?? []].flat();

const fileNameOf = (name) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

/** The commands running now, each in its process group (detached: a step's own children go with it). */
const running = new Set();
let stopping = false;

/** Every process below these, read from ps before any is stopped (a stopped parent's children move to init). */
function processTreeOf(pids) {
  const children = new Map();
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree = [];
  const visit = (pid) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  pids.forEach(visit);
  return tree;
}

/**
 * Ctrl-C (or a SIGTERM) stops every process the run started, the steps and all they started (the system a
 * browser step runs sits in process groups of its own), then the run.
 */
function stopChildrenOnSignals() {
  if (stopping) return;
  stopping = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      // everything this run started: the steps and the shared services (the Auth emulator) alike
      for (const pid of processTreeOf([process.pid]).filter((pid) => pid !== process.pid)) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      process.exit(130);
    });
  }
}

/**
 * Runs a command with its output (stdout and stderr) going to `log`; rejects if it fails. `timeoutMs` ends
 * it (and its process group) if it has not finished by then.
 */
export function command(log, cmd, args, { cwd = ROOT, env = process.env, timeoutMs = 30 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    log.write(`$ ${[cmd, ...args].join(' ')}\n`);
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    stopChildrenOnSignals();
    child.on('exit', () => running.delete(child));
    let out = '';
    const keep = (chunk) => {
      out += chunk;
      log.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      log.write(`\n(still running after ${timeoutMs / 60_000} min: stopped)\n`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(Object.assign(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code})`), { output: out }));
    });
  });
}

/** Each step's seconds (when it started and how long it took) and the slowest test files, as printed at the end of a run. */
export function timingReport({ steps, seconds }, files, { top = 10 } = {}) {
  const lines = ['', `=== where the time went (${seconds.toFixed(0)} s in all; steps side by side where their cores allowed)`];
  const runStart = Math.min(...steps.filter((step) => step.started).map((step) => step.started));
  const width = Math.max(...steps.map((step) => step.name.length));
  for (const step of [...steps].sort((a, b) => (a.started ?? Infinity) - (b.started ?? Infinity))) {
    const from = step.started ? ((step.started - runStart) / 1000).toFixed(0).padStart(5) : '    -';
    const cpu = step.counts?.cpuSeconds === undefined ? '' : `  cpu ${step.counts.cpuSeconds.toFixed(0).padStart(4)} s`;
    lines.push(`  ${step.name.padEnd(width)}  ${(step.seconds ?? 0).toFixed(1).padStart(6)} s  from ${from} s${cpu}  ${step.status}`);
  }
  if (files.length) {
    lines.push(`  slowest ${Math.min(top, files.length)} test files:`);
    for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, top)) {
      lines.push(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.suite}  ${file.file}`);
    }
  }
  return lines.join('\n');
}

/** The test files of a jest --json report with their seconds. */
export function jestFiles(report, suite) {
  return (report?.testResults ?? []).map((result) => ({ suite, file: path.relative(ROOT, result.name), seconds: (result.endTime - result.startTime) / 1000 }));
}

/** Every spec (one test's entry: its file, title and results per project) of a Playwright JSON report, however nested. */
export function playwrightSpecs(report) {
  const specs = [];
  const walk = (node) => {
    specs.push(...(node.specs ?? []));
    for (const child of node.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return specs;
}

/** The spec files of a Playwright JSON report with the seconds their tests took (summed over workers and retries). */
export function playwrightFiles(report, suite) {
  const seconds = new Map();
  for (const spec of playwrightSpecs(report)) {
    for (const test of spec.tests ?? []) for (const result of test.results ?? []) seconds.set(spec.file, (seconds.get(spec.file) ?? 0) + result.duration / 1000);
  }
  return [...seconds].map(([file, total]) => ({ suite, file: `e2e/tests/${file}`, seconds: total }));
}
