// docs/bench.md from the collected figures: what a run measures, the machine, the targets, then one section per measurement.
import { judgeTargets, kb, ms, seconds, splitAtMark, table, totalOf } from './bench-figures.mjs';
import { INTERACTIVE_MARK, PHONES } from './bench-interactive.mjs';
import { APP_CODE, LIBRARIES, OTHER_PACKAGES } from './sourcemap-share.mjs';

const NOT_MEASURED = '_Not measured in this run._';
const routeLabel = (results, routePath) => results.routes?.find((route) => route.path === routePath)?.name ?? routePath;
const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');

function machineSection({ machine, lighthouseChromium, benchmarkIndex }) {
  return table(
    ['', ''],
    [
      ['date', machine.date],
      ['CPU', `${machine.cores} × ${machine.cpu}`],
      ['RAM', `${machine.ramGiB} GiB`],
      ['OS', machine.os],
      ['Node', machine.node],
      ['Chromium', lighthouseChromium ?? machine.chromium],
      ['Lighthouse', `${machine.lighthouse}${benchmarkIndex ? ` (its CPU benchmark index here: ${Math.round(benchmarkIndex)})` : ''}`],
    ],
  );
}

function targetsSection(results) {
  return table(
    ['target', 'bound', 'figure', 'verdict'],
    judgeTargets(results).map((t) => [t.name, t.bound, t.figure, t.verdict === 'met' ? '✅ met' : t.verdict === 'missed' ? '❌ missed' : t.verdict]),
  );
}

const escapeCells = (text) => String(text).replace(/\|/g, '\\|');

/** A route's figure next to the floor's (a static page measured in the same run): a ratio. */
const ratio = (value, floorValue) => (floorValue ? `${(value / floorValue).toFixed(2)}` : '—');

/** Every route's row, the floor's first (results.floor: a static page measured in the same run). */
function lighthouseTable(results, entries) {
  const floor = results.floor?.median;
  const rows = [...(results.floor ? [[results.floor.path, results.floor]] : []), ...entries].map(([routePath, entry]) =>
    entry.error
      ? [routeLabel(results, routePath), `\`${routePath}\``, 'failed', escapeCells(entry.error), '', '', '', '', '', '', '', '']
      : [
          routeLabel(results, routePath),
          `\`${routePath}\``,
          String(entry.median.score),
          ratio(entry.median.score, floor?.score),
          seconds(entry.median.lcp),
          ratio(entry.median.lcp, floor?.lcp),
          ms(entry.median.tbt),
          ms(entry.median.longestTask),
          entry.median.cls.toFixed(3),
          seconds(entry.median.fcp),
          seconds(entry.median.si),
          entry.runs.map((run) => run.score).join(' / '),
        ],
  );
  return table(['page', 'route', 'score', 'score ÷ floor', 'LCP', 'LCP ÷ floor', 'TBT', 'longest task', 'CLS', 'FCP', 'Speed Index', 'scores of the runs'], rows);
}

/** The lowest-scoring page's failing audits and heaviest scripts, then the other pages' top audits. */
function whereThePointsGo(results, measured) {
  const [slowestPath, slowest] = measured.reduce((worst, current) => (current[1].median.score < worst[1].median.score ? current : worst));
  const issues = table(
    ['audit', 'Lighthouse says', 'estimated savings'],
    slowest.issues.map((issue) => [issue.title, escapeCells(issue.displayValue), issue.savings || '—']),
  );
  const scripts = table(
    ['script', 'CPU total', 'evaluation', 'parse + compile'],
    slowest.heaviestScripts.map((script) => [script.url, ms(script.total), ms(script.scripting), ms(script.parse)]),
  );
  const others = measured
    .filter(([routePath]) => routePath !== slowestPath)
    .map(([routePath, entry]) => `- ${routeLabel(results, routePath)}: ${entry.issues.slice(0, 3).map((issue) => issue.title).join('; ') || 'nothing failing'}`);
  return `### Where the points go: ${routeLabel(results, slowestPath)} (the lowest score)

${issues}

The main thread's biggest consumers in that run (Lighthouse's JavaScript execution time, at its 4× CPU slowdown):

${scripts}

The other pages' top audits:

${others.join('\n')}`;
}

function lighthouseSection(results) {
  const entries = Object.entries(results.lighthouse ?? {});
  if (!entries.length) return NOT_MEASURED;
  const measured = entries.filter(([, entry]) => !entry.error);
  const shown = measured.map(
    ([routePath, entry]) => `- ${routeLabel(results, routePath)}: ends on \`${entry.representative.finalUrl}\`; LCP element ${escapeCells(entry.representative.lcpElement)}`,
  );
  return `Mobile defaults (Moto G Power emulation, simulated slow 4G and 4× CPU slowdown), performance category only,
HTTP cache cleared before every run (Lighthouse's default); the signed-in routes keep the Firebase session
(IndexedDB, which Lighthouse's default storage reset leaves alone) of a consumer signed in through the Login page
in the same browser. Medians of ${measured[0]?.[1].runs.length ?? 'the'} runs; every run was checked to end on its own URL (not the sign-in guard's /login).
The floor is a static page with no JavaScript (\`scripts/lib/bench-floor.mjs\`), served by the apps' own static server on
this machine and measured in the same browser and run: read each route against it (÷ floor), not against another run.

${lighthouseTable(results, entries)}

What each page showed (the median run's final URL and largest contentful paint element):

${shown.join('\n')}

${measured.length ? whereThePointsGo(results, measured) : ''}

Each run's JSON and final screenshot: \`.data/bench/lighthouse/\`.`;
}

function firstLoadSection(results) {
  const entries = Object.entries(results.firstLoad ?? {});
  if (!entries.length) return NOT_MEASURED;
  const summary = table(
    ['page', 'route', 'scripts before / after', '**gzip KB before it takes taps**', 'gzip KB after', 'raw KB', 'gzip KB', 'brotli KB', 'federation runtime, gzip KB', 'its share'],
    entries.map(([routePath, files]) => {
      const { before, after } = splitAtMark(files);
      const gzip = totalOf(files, 'gzip');
      const federation = totalOf(files, 'federation');
      return [
        routeLabel(results, routePath),
        `\`${routePath}\``,
        `${before.length} / ${after.length}`,
        `**${kb(totalOf(before, 'gzip'))}**`,
        kb(totalOf(after, 'gzip')),
        kb(totalOf(files, 'raw')),
        kb(gzip),
        kb(totalOf(files, 'brotli')),
        kb(federation),
        percent(federation, gzip),
      ];
    }),
  );
  const byFile = entries.map(([routePath, files]) => {
    const rows = [...files]
      .sort((a, b) => Number(b.beforeMark !== false) - Number(a.beforeMark !== false) || b.gzip - a.gzip)
      .map((file) => [`${new URL(file.url).host}${new URL(file.url).pathname}`, file.beforeMark === false ? 'after' : 'before', kb(file.raw), kb(file.gzip), kb(file.brotli), kb(file.federation)]);
    rows.push(['**total**', '', ...['raw', 'gzip', 'brotli', 'federation'].map((key) => `**${kb(totalOf(files, key))}**`)]);
    return `<details><summary>${routeLabel(results, routePath)} (<code>${routePath}</code>), by file</summary>\n\n${table(['file', 'asked for', 'raw KB', 'gzip KB', 'brotli KB', 'federation runtime, gzip KB'], rows)}\n\n</details>`;
  });
  return `Every script a cold load fetches (HTTP cache cleared, 390×844, until the page has taken taps and no script has
been asked for a while), compressed here at gzip 9 and brotli 11 (what the static server serves). "Before it takes
taps" is what the page asked for before the host's \`${INTERACTIVE_MARK}\` mark (the request's start in the page's
resource timing), what the target is about; "after" is what the app starts once interactive (Firebase Auth, the
live stream…). The federation runtime's share is the bytes the source
maps attribute to \`@module-federation/*\` sources and webpack's federation modules (\`webpack/runtime/sharing\`,
\`consumes\`, \`remotes loading\`, the container entry…), scaled to gzip (an estimate).

${summary}

${libraryTable(results, entries)}

${byFile.join('\n\n')}`;
}

const LIBRARY_COLUMNS = [...LIBRARIES.map((library) => library.name), OTHER_PACKAGES, APP_CODE];

/** Each route's gzip KB by library before the page takes taps (each file's source-map share, scaled to its gzip size), and what comes after. */
function libraryTable(results, entries) {
  const rows = entries.map(([routePath, files]) => {
    const { before, after } = splitAtMark(files);
    const of = (name) => before.reduce((sum, file) => sum + (file.libraries?.[name] ?? 0), 0);
    return [routeLabel(results, routePath), ...LIBRARY_COLUMNS.map((name) => kb(of(name))), `**${kb(totalOf(before, 'gzip'))}**`, kb(totalOf(after, 'gzip'))];
  });
  return `By library, gzip KB, of what arrives before the page takes taps: each file's bytes that its source map attributes to a library's sources, scaled to the
file's gzip size (an estimate: libraries need not compress alike). react-dom counts \`scheduler\`, @emotion/* counts
\`stylis\`, firebase counts \`@firebase/*\` and \`idb\`; "${OTHER_PACKAGES}" is every other package; "${APP_CODE}" is the apps' own
code, webpack's glue and any byte no source map names. The last column is the whole of what is asked for after.

${table(['page', ...LIBRARY_COLUMNS, 'total before', 'after'], rows)}`;
}

/** One phone's table: the floor's row first, then each route: first paint, takes taps, dead time (medians), and each run's dead time. */
function deadTimeTable(results, { floor, routes }) {
  const rows = [...(floor ? [[floor.path, floor]] : []), ...Object.entries(routes)].map(([routePath, entry]) =>
    entry.error
      ? [routeLabel(results, routePath), `\`${routePath}\``, 'failed', escapeCells(entry.error), '', '', '', '']
      : [
          routeLabel(results, routePath),
          `\`${routePath}\``,
          seconds(entry.firstPaint),
          ratio(entry.firstPaint, floor?.firstPaint),
          seconds(entry.interactive),
          `**${seconds(entry.dead)}**`,
          seconds(entry.scriptsIn),
          entry.runs.map((run) => seconds(run.dead)).join(' / '),
        ],
  );
  return table(['page', 'route', 'first paint', 'first paint ÷ floor', 'takes taps', 'dead time', 'last script in', 'dead time of the runs'], rows);
}

function deadTimeSection(results) {
  const phones = Object.entries(results.interactive ?? {});
  if (!phones.length) return NOT_MEASURED;
  const runs = phones[0][1].floor.runs?.length ?? 'the';
  const tables = phones.map(
    ([name, measured]) => `### ${PHONES[name].title}${name === 'lighthouse' ? ' (the target: dead time ≤ 1 s)' : ' (the real-phone check: reported, not gated)'}

${PHONES[name].label}.

${deadTimeTable(results, measured)}`,
  );
  return `How long a page shows itself before it answers a tap. Each route loaded cold (HTTP cache cleared, no service
worker) at 390×844 in Chromium driven by Playwright, slowed over DevTools (\`Emulation.setCPUThrottlingRate\`,
\`Network.emulateNetworkConditions\`; Lighthouse's default simulated throttling computes its figures without slowing
the page, so it cannot see this). First paint is the browser's first-contentful-paint entry; the page takes taps at the
host's \`${INTERACTIVE_MARK}\` performance mark (React has committed the first screen); the floor, a static page with no
script, takes taps when it paints. "Last script in" is when the last script that arrived before the page took taps
had arrived (its resource timing): what comes after it is the main thread's. Times from navigation start; medians of
${runs} loads, the routes taken in turn.

${tables.join('\n\n')}`;
}

function repeatVisitSection(results) {
  const entries = Object.entries(results.repeatVisits ?? {});
  if (!entries.length) return NOT_MEASURED;
  const floor = results.repeatVisits[results.floor?.path ?? '/floor.html'];
  const ratio = (value, of) => (Number.isFinite(value) && of > 0 ? `${(value / of).toFixed(2)}×` : 'n/a');
  const rows = entries.map(([routePath, { first, repeat }]) => [
    routeLabel(results, routePath),
    ms(first.lcp),
    ms(repeat.lcp),
    floor ? ratio(repeat.lcp, floor.repeat.lcp) : 'n/a',
    kb(first.networkBytes),
    kb(repeat.networkBytes),
    String(repeat.networkScripts),
    String(repeat.workerScripts),
  ]);
  return `A person coming back (issue 20): each route visited twice in a fresh browser profile at 390×844 with the CPU
slowed 4×; the first visit installs the host's service worker, which precaches the shell after the page has
loaded (its bytes are in the first visit's figure). LCP is the browser's own largest-contentful-paint entry;
bytes are what crossed the network, the page's requests and the worker's own. No network throttling: DevTools
throttles a page, not its worker's fetches. Medians of ${results.repeatVisits[entries[0][0]].runs.length} run(s); the floor is the static page of the
Lighthouse section, measured the same way.

${table(['page', 'first visit LCP', 'repeat visit LCP', 'repeat LCP ÷ floor\'s', 'first visit KB over the network', 'repeat visit KB over the network', 'scripts over the network (repeat)', 'scripts from the worker (repeat)'], rows)}`;
}

function apiSection(results) {
  if (!results.api) return NOT_MEASURED;
  if (results.api.error) return `_The load run failed: ${escapeCells(results.api.error)}_`;
  const { connections, durationSeconds, rows } = results.api;
  const hits = (row) => (row.cacheHitRate === undefined ? '' : `${(100 * row.cacheHitRate).toFixed(1)}%`);
  return `\`npx -y pnpm@12.21.0 --filter @utsav/api run bench:load\`: autocannon, ${connections} connections, ${durationSeconds} s per
scenario after a warm-up, on loopback, each server a child process on a spare port. The bare server is measured
in the same run, once just before each scenario, so the share of that run's requests/s is the figure that holds on a
noisy machine.

${table(
  ['scenario', 'p50', 'p99', 'requests/s', 'of bare Fastify', 'non-2xx', 'cache hits'],
  rows.map((row) => [row.label, ms(row.p50, 1), ms(row.p99, 1), row.rps.toFixed(0), `${(100 * row.share).toFixed(1)}%`, String(row.non2xx), hits(row)]),
)}`;
}

function serverRenderSection(results) {
  const server = results.serverRender;
  if (!server) return NOT_MEASURED;
  if (server.error) return `_The server render run failed: ${escapeCells(server.error)}_`;
  const { durationSeconds, rows, memory } = server;
  const mb = (value) => `${value.toFixed(1)} MB`;
  return `The host server (\`serve.cjs --render\`) under autocannon on loopback, signed in (a session cookie from
\`POST /session\`, brotli asked for), ${durationSeconds} s per row after a warm-up, each page rendered in full (the
session check, the page's data from the API, React); the same server answering a static file is the floor.

${table(
  ['page', 'path', 'p50 (1 connection)', 'p99 (1 connection)', 'requests/s (20 connections)', 'of the static file', 'non-2xx / errors'],
  rows.map((row) => [
    row.name,
    `\`${row.path}\``,
    ms(row.one.p50, 1),
    ms(row.one.p99, 1),
    row.twenty.rps.toFixed(0),
    `${(100 * row.shareOfStatic).toFixed(1)}%`,
    `${row.one.non2xx + row.twenty.non2xx} / ${row.one.errors + row.twenty.errors}`,
  ]),
)}

Memory (resident set of the host server): ${memory.rssMb.map(mb).join(' → ')} over two batches of ${memory.renders} renders of
\`${memory.path}\` at 20 connections (${memory.failures} failed): what a render keeps would show as growth in the second batch.`;
}

function buildSection(results) {
  if (!results.builds) return NOT_MEASURED;
  const { alone, together, allMs } = results.builds;
  const inAll = Object.fromEntries(together.map((t) => [t.pkg, t.ms]));
  return `Production builds from an empty \`dist/\`, each through \`pnpm --filter <pkg> run build\` (its ~1 s of pnpm
start-up included); a remote's build is both its containers (browser, and server in \`dist/server/\`).
"Alone": nothing else building. "All": \`buildAll\` as \`npm start\` and \`npm test\` run it, two at a time.

${table(
  ['package', 'alone', 'within all'],
  alone.map((t) => [t.pkg, seconds(t.ms), inAll[t.pkg] ? seconds(inAll[t.pkg]) : 'n/a']),
)}
| **all** | **${seconds(alone.reduce((sum, t) => sum + t.ms, 0))}** (one after another) | **${seconds(allMs)}** (wall clock) |`;
}

export function renderReport(results) {
  return `# Utsav benchmarks

Written by \`npm run bench\` (scripts/bench.mjs). Figures move with the machine: compare runs on the same one.

## What a run measures

\`npm run bench\` (about 10 minutes; it starts the whole system on its fixed ports, so nothing else may be
running) writes \`docs/bench.md\` and prints it:

- the machine; the issue's targets, met or missed;
- Lighthouse mobile (its default simulated throttling, median of 3) on \`/login\` signed out and on Home, Search,
  Service detail, My Bookings and the provider's Requests (a bench user who also runs a listing) signed in
  through the Login page, each next to the **floor** (\`score ÷ floor\`,
  \`LCP ÷ floor\`; the floor is described under [Lighthouse (mobile)](#lighthouse-mobile)), with the longest
  main-thread task and the audits that cost the most points;
- the host server rendering Home and Search signed in under autocannon (p50/p99 at 1 connection, requests/s at 20
  next to the same server answering a static file) and its memory over two batches of 10 000 renders;
- the **dead time** of each of those pages and the floor, cold: first paint, the moment the page takes taps (the
  host's \`utsav:interactive\` mark) and the difference, in Chromium slowed over DevTools (applied, not simulated,
  throttling) at Lighthouse's mobile profile (its own numbers; the target) and as a low-end phone on a poor
  connection (6× CPU, 400 ms RTT, 400 Kbps; reported, not gated; \`scripts/lib/bench-interactive.mjs\`);
- the first-load JavaScript of each of those pages by file (gzip and brotli) and by library (react-dom, react, MUI,
  emotion, react-router, jotai, firebase, Lingui, zod, the contracts, the federation runtime, the app's own code),
  read through the source maps (\`scripts/lib/sourcemap-share.mjs\`);
- repeat visits with the service worker (each page twice in a fresh profile at 4× CPU: LCP next to the floor's,
  bytes over the network, scripts over the network and from the worker; \`scripts/lib/bench-repeat-visit.mjs\`);
- the API under autocannon (\`--filter @utsav/api run bench:load\`: search and booking create next to a bare
  Fastify server, 50 connections, and \`contended\`: booking requests and provider acceptances racing for four
  providers' first open days, where 409 is expected and the run fails on any other error or if the database then
  holds a day over its provider's capacity; \`-- --only contended --postgres\` for that alone, on PGlite and
  PostgreSQL; \`-- --postgres --only search,create --instances 2\` adds search and booking create against one API
  instance and against two on the same PostgreSQL, one autocannon run spreading its connections over both, with
  the rate limits counted in the database as in production, and search once with the counters in memory:
  \`scaleOut\` in \`.data/bench/api-load.json\`);
- and production build times, each app alone and all.

\`-- --only pages,api\` (of \`builds\`, \`pages\`, \`api\`) measures a part, written to \`.data/bench/bench.md\`;
\`-- --only interactive\` (the dead time alone, a few minutes) and \`-- --only first-load\` (the scripts alone) are
parts of \`pages\` to iterate on; \`-- --runs 5\` changes the Lighthouse runs and dead-time loads per page.

## Machine

${machineSection(results)}

## Targets

The issue's targets (goals, not test assertions). "Worst route" is the worst per-route median.

${targetsSection(results)}

## Lighthouse (mobile)

${lighthouseSection(results)}

## Dead time: first paint → takes taps

${deadTimeSection(results)}

## First-load JavaScript per route

${firstLoadSection(results)}

## Repeat visits (service worker)

${repeatVisitSection(results)}

## Host server rendering

${serverRenderSection(results)}

## API under load

${apiSection(results)}

## Production build

${buildSection(results)}
`;
}
