// npm run bench: performance figures, written to docs/bench.md and printed.
//   npm run bench                          everything (production builds, pages, API), ~10 minutes
//   npm run bench -- --only pages,api      some sections (builds | pages | api); written to .data/bench/bench.md
//   npm run bench -- --only interactive    the system and the dead time only (first paint → takes taps), a few minutes
//   npm run bench -- --only first-load     the system and the first-load JavaScript only (by file and by library)
//                                          (pages measures both, with Lighthouse, repeat visits and server rendering)
//   npm run bench -- --runs 5              Lighthouse runs and dead-time loads per page (the median is reported)
// It starts the whole system on its fixed ports: run it alone.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureApiLoad } from './lib/bench-api.mjs';
import { measureBuilds } from './lib/bench-builds.mjs';
import { median } from './lib/bench-figures.mjs';
import { FLOOR_PATH, startFloorServer } from './lib/bench-floor.mjs';
import { measureFirstLoad } from './lib/bench-first-load.mjs';
import { measureInteractive } from './lib/bench-interactive.mjs';
import { measureLighthouse } from './lib/bench-lighthouse.mjs';
import { measureRepeatVisits } from './lib/bench-repeat-visit.mjs';
import { describeMachine } from './lib/bench-machine.mjs';
import { renderReport } from './lib/bench-report.mjs';
import { prepareRoutes } from './lib/bench-routes.mjs';
import { measureServerRender } from './lib/bench-server.mjs';
import { buildAll } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { DATA, ROOT } from './lib/paths.mjs';
import { install } from './lib/pnpm.mjs';
import { startSystem } from './lib/system.mjs';

const SECTIONS = ['builds', 'pages', 'interactive', 'first-load', 'api'];
/** The parts of the pages section that can be run alone. */
const PAGE_PARTS = ['interactive', 'first-load'];
const BENCH_DATA = path.join(DATA, 'bench');

function options() {
  const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { only: { type: 'string' }, runs: { type: 'string', default: '3' } } });
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : SECTIONS;
  const unknown = only.filter((name) => !SECTIONS.includes(name));
  const runs = Number(values.runs);
  if (unknown.length) throw new Error(`--only takes ${SECTIONS.join(', ')}; not ${unknown.join(', ')}`);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
  const sections = new Set(only);
  if (sections.has('pages')) for (const part of PAGE_PARTS) sections.add(part);
  return { sections, runs, complete: ['builds', 'pages', 'api'].every((name) => sections.has(name)) };
}

/**
 * Every page's figures over the production system started for them: the dead time and first-load JS
 * (`parts`, when asked for alone), and with `all`, Lighthouse, repeat visits and server rendering.
 */
async function measurePages(results, runs, { all, parts }) {
  // the provider stand-in waits an hour, so the bench's booking request stays on My Bookings' first tab
  const system = await startSystem({ mode: 'production', dataDir: BENCH_DATA, logDir: path.join(DATA, 'logs'), providerAutoAcceptMs: 3_600_000, liveBuilds: 'current' });
  try {
    const { routes, consumer } = await prepareRoutes();
    results.routes = routes;
    if (parts.has('first-load')) results.firstLoad = await measureFirstLoad({ routes, consumer });
    // the floor first: a static page on this machine, in the same browser and run as the routes
    const floor = await startFloorServer();
    let lighthouse;
    try {
      const floorRoute = { name: 'Floor: a static page, no JavaScript', path: FLOOR_PATH, url: floor.url, signedIn: false };
      results.routes = [floorRoute, ...routes];
      if (parts.has('interactive')) results.interactive = await measureInteractive({ routes, consumer, floor: floorRoute, runs });
      if (!all) return;
      const outDir = path.join(BENCH_DATA, 'lighthouse');
      fs.rmSync(outDir, { recursive: true, force: true });
      lighthouse = await measureLighthouse({ routes: [floorRoute, ...routes], consumer, runs, outDir });
      results.repeatVisits = await measureRepeatVisits({ routes, consumer, floor: floorRoute, runs });
    } finally {
      await floor.close();
    }
    // the floor is the yardstick beside the routes, not one of them (targets, worst route)
    const { [FLOOR_PATH]: floorResult, ...routeResults } = lighthouse.routes;
    results.floor = { path: FLOOR_PATH, ...floorResult };
    results.lighthouse = routeResults;
    results.lighthouseChromium = lighthouse.chromium;
    results.benchmarkIndex = median(Object.values(lighthouse.routes).flatMap((entry) => entry.runs?.map((run) => run.benchmarkIndex) ?? []));
    try {
      results.serverRender = await measureServerRender({ consumer, routes, hostPid: system.pid('host') });
    } catch (error) {
      results.serverRender = { error: error.message };
    }
  } finally {
    await system.stop();
  }
}

const began = Date.now();
const { sections, runs, complete } = options();
await install();
ensureChromium();
const results = { machine: describeMachine() };
if (sections.has('builds')) results.builds = await measureBuilds();
else await buildAll();
const pageParts = new Set(PAGE_PARTS.filter((part) => sections.has(part)));
if (pageParts.size) await measurePages(results, runs, { all: sections.has('pages'), parts: pageParts });
// after the system has stopped: the load run has the CPU to itself, but for the Auth emulator,
// through which its booking-create scenario signs users in
if (sections.has('api')) {
  const auth = await startSystem({ only: ['auth'], logDir: path.join(DATA, 'logs') });
  try {
    results.api = await measureApiLoad();
  } finally {
    await auth.stop();
  }
}

const report = renderReport(results);
const target = complete ? path.join(ROOT, 'docs/bench.md') : path.join(BENCH_DATA, 'bench.md');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, report);
console.log(`\n${report}\nWritten to ${path.relative(ROOT, target)} in ${((Date.now() - began) / 60_000).toFixed(1)} min.`);

const measuredPages = [...(results.floor ? [[results.floor.path, results.floor]] : []), ...Object.entries(results.lighthouse ?? {})];
const failed = [
  ...measuredPages.filter(([, entry]) => entry.error).map(([route]) => `Lighthouse ${route}`),
  ...Object.entries(results.interactive ?? {}).flatMap(([phone, { floor, routes }]) =>
    [[floor.path, floor], ...Object.entries(routes)].filter(([, entry]) => entry.error).map(([route]) => `dead time (${phone}) ${route}`),
  ),
  ...(results.api?.error ? ['API load'] : []),
  ...(results.serverRender?.error ? ['server render'] : []),
];
if (failed.length) {
  console.error(`bench: not measured: ${failed.join(', ')}`);
  process.exitCode = 1;
}
