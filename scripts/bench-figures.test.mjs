// The bench's arithmetic and verdicts, on made-up figures (the measurements themselves need the system).
import assert from 'node:assert/strict';
import test from 'node:test';
import { readApiLoad } from './lib/bench-api.mjs';
import { judgeTargets, median, medianOfRuns, medianRun } from './lib/bench-figures.mjs';
import { askedBeforeMark, librarySharesOf, sourceMapOf } from './lib/bench-first-load.mjs';
import { deadTime, devtoolsThrottling, networkConditions, PHONES, summarizeLoads } from './lib/bench-interactive.mjs';
import { summarize, topIssues } from './lib/bench-lighthouse.mjs';
import { renderReport } from './lib/bench-report.mjs';
import { ROOT } from './lib/paths.mjs';
import { APP_CODE, bytesByGroup, libraryOf, OTHER_PACKAGES } from './lib/sourcemap-share.mjs';

const run = (score, lcp, tbt, cls, longestTask = tbt + 50) => ({ score, lcp, tbt, longestTask, cls, fcp: 900, si: 1200 });

test('median of odd and even counts, ignoring what was not measured', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([5, NaN, 1, 3]), 3);
  assert.ok(Number.isNaN(median([])));
});

test('per-metric medians, and the run with the median score', () => {
  const runs = [run(90, 2100, 100, 0), run(70, 1500, 400, 0.1), run(80, 1800, 200, 0.01)];
  assert.deepEqual(medianOfRuns(runs), { score: 80, lcp: 1800, tbt: 200, longestTask: 250, cls: 0.01, fcp: 900, si: 1200 });
  assert.equal(medianRun(runs), runs[2]);
});

function resultsWith({ loginScore, signedInScores, loginGzip, searchP99, searchRps }) {
  const entry = (score, signedIn) => ({ signedIn, median: { score, lcp: 1900, tbt: 120, cls: 0.01 } });
  return {
    lighthouse: { '/login': entry(loginScore, false), ...Object.fromEntries(signedInScores.map((score, i) => [`/page${i}`, entry(score, true)])) },
    firstLoad: { '/login': [{ url: 'http://localhost:3000/main.js', gzip: loginGzip, raw: 0, brotli: 0, federation: 0 }] },
    api: { connections: 50, durationSeconds: 10, hello: { p50: 1, p99: 2, rps: 10_000 }, search: { p50: 5, p99: searchP99, rps: searchRps }, rows: [] },
  };
}

test('targets: met, missed, and the worst signed-in page decides', () => {
  const verdicts = Object.fromEntries(
    judgeTargets(resultsWith({ loginScore: 98, signedInScores: [96, 94], loginGzip: 150 * 1024, searchP99: 30, searchRps: 3_000 })).map((t) => [t.name, t]),
  );
  assert.equal(verdicts['Lighthouse performance, /login'].verdict, 'met');
  assert.equal(verdicts['Lighthouse performance, signed in (worst route)'].verdict, 'missed');
  assert.equal(verdicts['Lighthouse performance, signed in (worst route)'].figure, '94');
  assert.equal(verdicts['LCP (worst route)'].verdict, 'missed');
  assert.equal(verdicts['LCP (worst route)'].figure, '1.90 s');
  assert.equal(verdicts['First-load JS before the page takes taps, gzip (worst route)'].verdict, 'met');
  assert.equal(verdicts['Search p99 (50 connections)'].verdict, 'missed');
  assert.equal(verdicts['Search throughput vs bare Fastify'].figure, '30.0%');
  assert.equal(verdicts['Search throughput vs bare Fastify'].verdict, 'met');
});

test('targets without figures are "not measured", never met', () => {
  assert.ok(judgeTargets({}).every((t) => t.verdict === 'not measured' && t.figure === 'n/a'));
});

const scenario = (p50Ms, p99Ms, requestsPerSecond) => ({ p50Ms, p99Ms, requestsPerSecond, non2xx: 0, errors: 0 });
const loadReport = {
  connections: 50,
  durationSeconds: 10,
  hello: { first: scenario(1, 3, 21_000), last: scenario(1, 3, 19_000), requestsPerSecond: 20_000 },
  databases: { pglite: { search: { ...scenario(8, 20, 7_000), cacheHitRate: 0.99 }, create: scenario(40, 90, 1_000) } },
};

test("the API load report is read as hello, each database's scenarios, and PGlite's search for the targets", () => {
  const api = readApiLoad(JSON.stringify(loadReport));
  assert.deepEqual(api.hello, { p50: 1, p99: 3, rps: 20_000, non2xx: 0, errors: 0 });
  assert.deepEqual(api.search, { p50: 8, p99: 20, rps: 7_000, non2xx: 0, errors: 0, share: 0.35 });
  assert.deepEqual(
    api.rows.map((row) => [row.label, row.share]),
    [
      ['bare Fastify "hello" (mean of first and last run)', 1],
      ['pglite: GET /services?q= (large seed, as a browser asks: gzip)', 0.35],
      ['pglite: POST /bookings', 0.05],
    ],
  );
  const verdicts = Object.fromEntries(judgeTargets({ api }).map((t) => [t.name, t.figure]));
  assert.equal(verdicts['Search throughput vs bare Fastify'], '35.0%');
  // a share paired with the hello run just before the scenario wins over the run's mean hello
  const paired = readApiLoad(JSON.stringify({ ...loadReport, databases: { pglite: { search: { ...loadReport.databases.pglite.search, shareOfHello: 0.5 } } } }));
  assert.equal(paired.search.share, 0.5);
  assert.equal(Object.fromEntries(judgeTargets({ api: paired }).map((t) => [t.name, t.figure]))['Search throughput vs bare Fastify'], '50.0%');
});

test("the contended scenario's row says its answers and over-bookings, and marks a failure", () => {
  const contended = (other, overBookings) => ({ ...scenario(180, 300, 260), non2xx: 1000, answers: { '2xx': 1600, '409': 1000, other }, overBookings });
  const labels = (result) => readApiLoad(JSON.stringify({ ...loadReport, databases: { postgres: { contended: result } } })).rows.map((row) => row.label);
  assert.deepEqual(labels(contended(0, 0)).slice(1), [
    "postgres: POST /bookings + provider accepts, 4 providers' filling days (2xx 1600, 409 1000, other 0; over-bookings 0)",
  ]);
  assert.match(labels(contended(0, 2))[1], /over-bookings 2 ❌\)$/);
  assert.match(labels(contended(3, 0))[1], /other 3; over-bookings 0 ❌\)$/);
});

test('an API load report without figures is refused with the missing field', () => {
  const broken = { ...loadReport, databases: { pglite: { search: { ...scenario(8, 20, 7_000), p99Ms: '20' } } } };
  assert.throws(() => readApiLoad(JSON.stringify(broken)), /databases\.pglite\.search\.p99Ms is not a number/);
  assert.throws(() => readApiLoad(JSON.stringify({ databases: {} })), /hello\.first\.p50Ms/);
});

const fakeLhr = {
  finalDisplayedUrl: 'http://localhost:3000/bookings',
  environment: { benchmarkIndex: 1000 },
  categories: {
    performance: {
      score: 0.72,
      auditRefs: [
        { id: 'largest-contentful-paint', group: 'metrics' },
        { id: 'interactive', group: 'hidden' },
        { id: 'unused-javascript', group: 'diagnostics' },
        { id: 'bootup-time', group: 'diagnostics' },
        { id: 'layout-shifts', group: 'diagnostics' },
      ],
    },
  },
  audits: {
    'largest-contentful-paint': { numericValue: 2500, score: 0.5, scoreDisplayMode: 'numeric' },
    'total-blocking-time': { numericValue: 300 },
    'cumulative-layout-shift': { numericValue: 0.004 },
    'first-contentful-paint': { numericValue: 800 },
    'speed-index': { numericValue: 1500 },
    interactive: { title: 'TTI', score: 0.1, scoreDisplayMode: 'numeric' },
    'unused-javascript': { title: 'Reduce unused JavaScript', score: 0.5, scoreDisplayMode: 'metricSavings', displayValue: '60 KiB', metricSavings: { LCP: 300, FCP: 0 } },
    'bootup-time': { title: 'Reduce JavaScript execution time', score: 0, scoreDisplayMode: 'metricSavings', displayValue: '2 s', metricSavings: { TBT: 900 } },
    'layout-shifts': { title: 'Avoid layout shifts', score: 1, scoreDisplayMode: 'metricSavings' },
    'lcp-breakdown-insight': { details: { items: [{ type: 'table' }, { type: 'node', nodeLabel: 'My Bookings', selector: 'h1' }] } },
  },
};

test('a Lighthouse run summarised: figures, final URL, LCP element', () => {
  const summary = summarize(fakeLhr);
  assert.equal(summary.score, 72);
  assert.equal(summary.lcp, 2500);
  assert.equal(summary.tbt, 300);
  assert.equal(summary.finalUrl, 'http://localhost:3000/bookings');
  assert.equal(summary.lcpElement, 'My Bookings (h1)');
});

test('top issues: failing non-metric audits, biggest estimated savings first', () => {
  const issues = topIssues(fakeLhr);
  assert.deepEqual(
    issues.map((issue) => issue.title),
    ['Reduce JavaScript execution time', 'Reduce unused JavaScript'],
  );
  assert.equal(issues[1].savings, 'LCP 300 ms');
});

test('the report shows each section or says it was not measured', () => {
  const results = {
    ...resultsWith({ loginScore: 60, signedInScores: [50], loginGzip: 400 * 1024, searchP99: 10, searchRps: 5_000 }),
    machine: { date: 'd', cores: 2, cpu: 'cpu', ramGiB: '8.0', os: 'Linux', node: 'v20', chromium: 'Chromium 1', lighthouse: '13.5.0' },
  };
  results.lighthouse = {};
  const report = renderReport(results);
  assert.match(report, /\| First-load JS before the page takes taps, gzip \(worst route\) \| ≤ 180\.0 KB \| 400\.0 KB \| ❌ missed \|/);
  assert.match(report, /## Dead time: first paint → takes taps\n\n_Not measured in this run\._/);
  assert.match(report, /\| Search p99 \(50 connections\) \| ≤ 25\.0 ms \| 10\.0 ms \| ✅ met \|/);
  assert.match(report, /## Lighthouse \(mobile\)\n\n_Not measured in this run\._/);
  assert.match(report, /## Production build\n\n_Not measured in this run\._/);
});

test('the floor (a static page) is read against, never judged: each route shows its score and LCP ÷ the floor’s', () => {
  const results = resultsWith({ loginScore: 80, signedInScores: [70], loginGzip: 150 * 1024, searchP99: 10, searchRps: 5_000 });
  results.floor = { path: '/floor.html', signedIn: false, median: { score: 100, lcp: 800, tbt: 0, cls: 0, fcp: 800, si: 800 }, runs: [run(100, 800, 0, 0)], representative: { finalUrl: 'x', lcpElement: 'img' }, issues: [], heaviestScripts: [] };
  results.lighthouse = {
    '/login': { signedIn: false, median: { score: 80, lcp: 1200, tbt: 100, cls: 0, fcp: 900, si: 1000 }, runs: [run(80, 1200, 100, 0)], representative: { finalUrl: 'y', lcpElement: 'h1' }, issues: [], heaviestScripts: [] },
  };
  const verdicts = Object.fromEntries(judgeTargets(results).map((t) => [t.name, t]));
  // the floor's 0.8 s is not the worst route's LCP, nor is its 100 anyone's score
  assert.equal(verdicts['LCP (worst route)'].figure, '1.20 s');
  const report = renderReport({ machine: { date: 'd', cores: 2, cpu: 'cpu', ramGiB: '8.0', os: 'Linux', node: 'v20', chromium: 'Chromium 1', lighthouse: '13.5.0' }, ...results });
  assert.match(report, /\| `\/floor\.html` \| 100 \| 1\.00 \| 0\.80 s \| 1\.00 \|/);
  assert.match(report, /\| `\/login` \| 80 \| 0\.80 \| 1\.20 s \| 1\.50 \|/);
});

// a one-line file: bytes 0–3 from react-dom, 4–6 from the app, 7–8 from react-dom again, 9–10 from clsx
const tinyMap = {
  sources: ['webpack://host/../node_modules/.pnpm/react-dom@19/node_modules/react-dom/cjs/x.js', 'webpack://host/./src/App.tsx', 'webpack://host/../node_modules/.pnpm/clsx@2/node_modules/clsx/dist/clsx.mjs'],
  // [column, source, line, column] deltas: (0, 0), (+4, +1), (+3, -1), (+2, +2)
  mappings: 'AAAA,ICAA,GDAA,EEAA',
};

test('source maps: each byte counts for the library of the source its segment names, the rest for none', () => {
  assert.deepEqual(bytesByGroup('AAAABBBCCDD', tinyMap, libraryOf), { groups: { 'react-dom': 6, [OTHER_PACKAGES]: 2 }, total: 11 });
  // scaled to the file's gzip size; what no library claims is the app's
  assert.deepEqual(librarySharesOf('AAAABBBCCDD', tinyMap, 110), { 'react-dom': 60, [OTHER_PACKAGES]: 20, [APP_CODE]: 30 });
  assert.deepEqual(librarySharesOf('AAAABBBCCDD', null, 110), { [APP_CODE]: 110 });
});

test('libraries by package: scopes, companions, the workspace contracts and the federation runtime', () => {
  const at = (pkg, file = 'index.js') => `webpack://host/../node_modules/.pnpm/x@1/node_modules/${pkg}/${file}`;
  assert.equal(libraryOf(at('react')), 'react');
  assert.equal(libraryOf(at('react-dom', 'client.js')), 'react-dom');
  assert.equal(libraryOf(at('scheduler')), 'react-dom');
  assert.equal(libraryOf(at('@mui/material', 'Button/Button.js')), '@mui/*');
  assert.equal(libraryOf(at('@mui/system')), '@mui/*');
  assert.equal(libraryOf(at('@emotion/styled')), '@emotion/*');
  assert.equal(libraryOf(at('react-router-dom')), 'react-router');
  assert.equal(libraryOf(at('@firebase/auth')), 'firebase');
  assert.equal(libraryOf(at('@lingui/core')), '@lingui');
  assert.equal(libraryOf(at('zod', 'v4/core.js')), 'zod');
  assert.equal(libraryOf(at('@module-federation/runtime-core')), 'federation runtime');
  assert.equal(libraryOf(at('react-is')), OTHER_PACKAGES);
  assert.equal(libraryOf('webpack://host/../shared-contracts/src/domain/money.ts'), '@utsav/contracts');
  assert.equal(libraryOf('webpack://host/./src/app/App.tsx'), null);
  assert.equal(libraryOf('webpack://host/webpack/runtime/consumes'), 'federation runtime');
  assert.equal(libraryOf('webpack://host/webpack/container-entry'), 'federation runtime');
  assert.equal(libraryOf('webpack://host/webpack/runtime/jsonp chunk loading'), null);
});

test("throttling: Lighthouse's mobile profile as Lighthouse applies it, and the low-end phone converted alike", () => {
  // Lighthouse 13's mobileSlow4G, "devtools": 150 ms × 3.75 per request, 1.6 Mbps × 0.9 down, 750 Kbps × 0.9 up
  assert.deepEqual(networkConditions(PHONES.lighthouse.network), { offline: false, latency: 562.5, downloadThroughput: 188_743, uploadThroughput: 86_400 });
  assert.equal(PHONES.lighthouse.cpu, 4);
  assert.deepEqual(devtoolsThrottling({ rttMs: 150, throughputKbps: 1.6 * 1024 }).requestLatencyMs, PHONES.lighthouse.network.requestLatencyMs);
  assert.equal(PHONES.lowEnd.cpu, 6);
  assert.deepEqual(networkConditions(PHONES.lowEnd.network), { offline: false, latency: 1500, downloadThroughput: 46_080, uploadThroughput: 46_080 });
});

test('dead time: interactive − first paint, medians per figure, never below zero', () => {
  assert.deepEqual(deadTime(600, 3200), { firstPaint: 600, interactive: 3200, dead: 2600 });
  assert.equal(deadTime(800, 700).dead, 0);
  const summary = summarizeLoads([deadTime(600, 3200), deadTime(500, 1500), deadTime(700, 2000)]);
  assert.deepEqual([summary.firstPaint, summary.interactive, summary.dead], [600, 2000, 1300]);
});

const loads = (firstPaint, interactive) => summarizeLoads([deadTime(firstPaint, interactive)]);

test('targets: dead time on the worst route at Lighthouse’s profile, the floor and the low-end phone not judged; LCP ÷ the floor’s', () => {
  const results = {
    interactive: {
      lighthouse: { floor: { path: '/floor.html', ...loads(700, 700) }, routes: { '/login': loads(600, 1400), '/bookings': loads(650, 3950), '/': { error: 'timed out' } } },
      lowEnd: { floor: { path: '/floor.html', ...loads(2000, 2000) }, routes: { '/login': loads(2000, 9000) } },
    },
    floor: { path: '/floor.html', median: { score: 100, lcp: 800, tbt: 0, cls: 0 } },
    lighthouse: { '/login': { signedIn: false, median: { score: 90, lcp: 1400, tbt: 0, longestTask: 90, cls: 0 } }, '/bookings': { signedIn: true, median: { score: 90, lcp: 1700, tbt: 0, longestTask: 120, cls: 0 } } },
    firstLoad: {
      '/login': [{ gzip: 100 * 1024 }],
      // what is asked for after the page takes taps is not judged (the live stream's schemas, Firebase)
      '/bookings': [{ gzip: 150 * 1024, beforeMark: true }, { gzip: 50 * 1024 }, { gzip: 60 * 1024, beforeMark: false }],
    },
  };
  const verdicts = Object.fromEntries(judgeTargets(results).map((t) => [t.name, t]));
  const dead = verdicts['Dead time, first paint → takes taps, Lighthouse’s mobile profile (worst route)'];
  assert.equal(dead.figure, '3.30 s');
  assert.equal(dead.verdict, 'missed');
  assert.equal(verdicts['LCP ÷ the floor’s (worst route)'].figure, '2.13×');
  assert.equal(verdicts['LCP ÷ the floor’s (worst route)'].verdict, 'missed');
  assert.equal(verdicts['Longest main-thread task (worst route)'].verdict, 'missed');
  assert.equal(verdicts['First-load JS before the page takes taps, gzip (worst route)'].figure, '200.0 KB');
  results.interactive.lighthouse.routes['/bookings'] = loads(650, 1600);
  assert.equal(Object.fromEntries(judgeTargets(results).map((t) => [t.name, t.verdict]))['Dead time, first paint → takes taps, Lighthouse’s mobile profile (worst route)'], 'met');
});

test('the report: dead time per phone with the floor first, and first-load JS by library per route', () => {
  const machine = { date: 'd', cores: 2, cpu: 'cpu', ramGiB: '8.0', os: 'Linux', node: 'v20', chromium: 'Chromium 1', lighthouse: '13.5.0' };
  const report = renderReport({
    machine,
    routes: [{ path: '/floor.html', name: 'Floor' }, { path: '/bookings', name: 'My Bookings' }],
    interactive: {
      lighthouse: { floor: { path: '/floor.html', ...loads(700, 700) }, routes: { '/bookings': summarizeLoads([{ ...deadTime(650, 3950), scriptsIn: 2500 }]) } },
      lowEnd: { floor: { path: '/floor.html', ...loads(2000, 2000) }, routes: { '/bookings': { error: 'timed out' } } },
    },
    firstLoad: {
      '/bookings': [
        { url: 'http://localhost:3000/main.js', raw: 0, gzip: 2048, brotli: 0, federation: 512, libraries: { 'react-dom': 1024, 'federation runtime': 512, [APP_CODE]: 512 } },
        { url: 'http://localhost:3001/page.js', raw: 0, gzip: 1024, brotli: 0, federation: 0, libraries: { '@mui/*': 512, [APP_CODE]: 512 }, beforeMark: true },
        { url: 'http://localhost:3000/firebase.js', raw: 0, gzip: 4096, brotli: 0, federation: 0, libraries: { firebase: 4096 }, beforeMark: false },
      ],
    },
  });
  assert.match(report, /### Lighthouse's mobile profile \(the target: dead time ≤ 1 s\)\n\nLighthouse's mobile profile: 4× CPU; 150 ms RTT, 1\.6 Mbps/);
  assert.match(report, /\| Floor \| `\/floor\.html` \| 0\.70 s \| 1\.00 \| 0\.70 s \| \*\*0\.00 s\*\* \| n\/a \| 0\.00 s \|\n\| My Bookings \| `\/bookings` \| 0\.65 s \| 0\.93 \| 3\.95 s \| \*\*3\.30 s\*\* \| 2\.50 s \| 3\.30 s \|/);
  assert.match(report, /### A low-end phone on a poor connection \(the real-phone check: reported, not gated\)/);
  assert.match(report, /\| My Bookings \| `\/bookings` \| failed \| timed out \|/);
  assert.match(report, /\| page \| react-dom \| react \| @mui\/\* \| @emotion\/\* \| react-router \| jotai \| firebase \| @lingui \| zod \| @utsav\/contracts \| federation runtime \| other packages \| app code \(the rest\) \| total before \| after \|/);
  // the library table counts what arrives before the mark; what is asked for after is its own column
  assert.match(report, /\| My Bookings \| 1\.0 \| 0\.0 \| 0\.5 \| 0\.0 \| 0\.0 \| 0\.0 \| 0\.0 \| 0\.0 \| 0\.0 \| 0\.0 \| 0\.5 \| 0\.0 \| 1\.0 \| \*\*3\.0\*\* \| 4\.0 \|/);
  assert.match(report, /\| My Bookings \| `\/bookings` \| 2 \/ 1 \| \*\*3\.0\*\* \| 4\.0 \| 0\.0 \| 7\.0 \|/);
  assert.match(report, /\| localhost:3000\/main\.js \| before \| 0\.0 \| 2\.0 \|[^\n]*\n\| localhost:3001\/page\.js \| before \|[^\n]*\n\| localhost:3000\/firebase\.js \| after \| 0\.0 \| 4\.0 \|/);
});

test('a script counts before the page takes taps when its request started before the mark, or when the timeline cannot say', () => {
  const timeline = { mark: 1500, starts: { 'http://h/boot.js': 20, 'http://h/live.js': 1500.5, 'http://h/late-preload.js': 1499 } };
  assert.equal(askedBeforeMark('http://h/boot.js', timeline), true);
  assert.equal(askedBeforeMark('http://h/late-preload.js', timeline), true);
  assert.equal(askedBeforeMark('http://h/live.js', timeline), false);
  assert.equal(askedBeforeMark('http://h/unnamed.js', timeline), true);
  assert.equal(askedBeforeMark('http://h/live.js', { ...timeline, mark: Number.NaN }), true);
});

test("a script's source map: the host's beside its build, a remote's served from its release-store version beside the build released", () => {
  assert.equal(sourceMapOf('http://localhost:3000/boot.2b51224de0.js'), `${ROOT}/host-shell/dist-sourcemaps/boot.2b51224de0.js.map`);
  assert.equal(sourceMapOf('http://localhost:3002/1.0.0-5d7d297fff36/4035.c371161fc3.js'), `${ROOT}/mfe-booking/dist-sourcemaps/4035.c371161fc3.js.map`);
  assert.equal(sourceMapOf('http://localhost:3001/remoteEntry.js'), `${ROOT}/mfe-catalog/dist-sourcemaps/remoteEntry.js.map`);
  assert.equal(sourceMapOf('http://localhost:4010/v1/checkout.js'), null);
});
