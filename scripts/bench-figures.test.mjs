// The bench's arithmetic and verdicts, on made-up figures (the measurements themselves need the system).
import assert from 'node:assert/strict';
import test from 'node:test';
import { readApiLoad } from './lib/bench-api.mjs';
import { judgeTargets, median, medianOfRuns, medianRun } from './lib/bench-figures.mjs';
import { summarize, topIssues } from './lib/bench-lighthouse.mjs';
import { renderReport } from './lib/bench-report.mjs';

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
    judgeTargets(resultsWith({ loginScore: 96, signedInScores: [95, 89], loginGzip: 150 * 1024, searchP99: 30, searchRps: 3_000 })).map((t) => [t.name, t]),
  );
  assert.equal(verdicts['Lighthouse performance, /login'].verdict, 'met');
  assert.equal(verdicts['Lighthouse performance, signed in (worst route)'].verdict, 'missed');
  assert.equal(verdicts['Lighthouse performance, signed in (worst route)'].figure, '89');
  assert.equal(verdicts['LCP (worst route)'].verdict, 'met');
  assert.equal(verdicts['First-load JS of /login, gzip'].verdict, 'met');
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
  assert.match(report, /\| First-load JS of \/login, gzip \| ≤ 200\.0 KB \| 400\.0 KB \| ❌ missed \|/);
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
