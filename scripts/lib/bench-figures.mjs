// Pure helpers of the bench: medians, the targets judged against the figures, markdown tables.

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The run whose score is the median one (Lighthouse's advice for picking a representative run). */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Per-metric medians of Lighthouse run summaries. */
export function medianOfRuns(runs) {
  const of = (key) => median(runs.map((run) => run[key]));
  return { score: of('score'), lcp: of('lcp'), tbt: of('tbt'), longestTask: of('longestTask'), cls: of('cls'), fcp: of('fcp'), si: of('si') };
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);
export const ms = (value, digits = 0) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');
export const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'n/a');

export function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/**
 * The targets. Each reads its figure from the collected results (undefined when that part
 * was not measured) and says whether it is met: `atMost`/`atLeast` bound the figure.
 */
export const TARGETS = [
  { name: 'Lighthouse performance, /login', atLeast: 98, figure: (r) => r.lighthouse?.['/login']?.median.score, show: String },
  { name: 'Lighthouse performance, signed in (worst route)', atLeast: 95, figure: (r) => worst(r, 'score', Math.min, { signedInOnly: true }), show: String },
  { name: 'LCP (worst route)', atMost: 1500, figure: (r) => worst(r, 'lcp', Math.max), show: seconds },
  { name: 'LCP ÷ the floor’s (worst route)', atMost: 2, figure: (r) => worstRatioToFloor(r, 'lcp'), show: (v) => `${v.toFixed(2)}×` },
  { name: 'TBT (worst route)', atMost: 150, figure: (r) => worst(r, 'tbt', Math.max), show: (v) => ms(v) },
  { name: 'Longest main-thread task (worst route)', atMost: 100, figure: (r) => worst(r, 'longestTask', Math.max), show: (v) => ms(v) },
  { name: 'CLS (worst route)', atMost: 0.02, figure: (r) => worst(r, 'cls', Math.max), show: (v) => v.toFixed(3) },
  { name: 'Dead time, first paint → takes taps, Lighthouse’s mobile profile (worst route)', atMost: 1000, figure: (r) => worstDeadTime(r, 'lighthouse'), show: seconds },
  { name: 'First-load JS before the page takes taps, gzip (worst route)', atMost: 180 * 1024, figure: (r) => worstFirstLoad(r), show: (v) => `${kb(v)} KB` },
  { name: 'Host server render p50, 1 connection (worst page)', atMost: 50, figure: (r) => serverWorst(r, 'p50'), show: (v) => ms(v, 1) },
  { name: 'Host server render p99, 1 connection (worst page)', atMost: 100, figure: (r) => serverWorst(r, 'p99'), show: (v) => ms(v, 1) },
  { name: 'Search p99 (50 connections)', atMost: 25, figure: (r) => r.api?.search?.p99, show: (v) => ms(v, 1) },
  { name: 'Search throughput vs bare Fastify', atLeast: 30, figure: (r) => searchShare(r), show: (v) => `${v.toFixed(1)}%` },
];

/** The slowest rendered page's figure at 1 connection (the static file's row is the floor, not a page). */
function serverWorst(results, key) {
  const pages = results.serverRender?.rows?.filter((row) => row.path !== '/index.html') ?? [];
  return pages.length ? Math.max(...pages.map((row) => row.one[key])) : undefined;
}

export const totalOf = (files, key) => (files ? files.reduce((sum, file) => sum + file[key], 0) : undefined);

/**
 * A first load's scripts asked for before the page took taps (the `utsav:interactive` mark), which the
 * target is about, and those asked for after (what the app starts once interactive). A file that does not
 * say (`beforeMark` absent) counts as before.
 */
export function splitAtMark(files) {
  const before = files.filter((file) => file.beforeMark !== false);
  return { before, after: files.filter((file) => file.beforeMark === false) };
}

/** The worst per-route median of `key` (pick: Math.min or Math.max), over every route or the signed-in ones. */
function worst(results, key, pick, { signedInOnly = false } = {}) {
  const values = Object.values(results.lighthouse ?? {})
    .filter((entry) => entry.median && (!signedInOnly || entry.signedIn))
    .map((entry) => entry.median[key]);
  return values.length ? pick(...values) : undefined;
}

/** The worst route's median of `key` divided by the floor's (the static page, measured in the same run). */
function worstRatioToFloor(results, key) {
  const floor = results.floor?.median?.[key];
  const worstValue = worst(results, key, Math.max);
  return floor > 0 && worstValue !== undefined ? worstValue / floor : undefined;
}

/** The longest median dead time over the routes (not the floor) on one phone of the dead-time measure. */
function worstDeadTime(results, phone) {
  const values = Object.values(results.interactive?.[phone]?.routes ?? {})
    .filter((entry) => !entry.error)
    .map((entry) => entry.dead);
  return values.length ? Math.max(...values) : undefined;
}

/** The heaviest route's first-load JavaScript asked for before the page took taps, gzip. */
function worstFirstLoad(results) {
  const totals = Object.values(results.firstLoad ?? {}).map((files) => totalOf(splitAtMark(files).before, 'gzip'));
  return totals.length ? Math.max(...totals) : undefined;
}

function searchShare(results) {
  const { hello, search } = results.api ?? {};
  if (typeof search?.share === 'number') return 100 * search.share;
  return hello?.rps && search?.rps !== undefined ? (100 * search.rps) / hello.rps : undefined;
}

/** Each target with its figure and verdict: 'met', 'missed' or 'not measured'. */
export function judgeTargets(results) {
  return TARGETS.map((target) => {
    const value = target.figure(results);
    const measured = typeof value === 'number' && Number.isFinite(value);
    const met = measured && (target.atLeast !== undefined ? value >= target.atLeast : value <= target.atMost);
    const bound = target.atLeast !== undefined ? `≥ ${target.show(target.atLeast)}` : `≤ ${target.show(target.atMost)}`;
    return { name: target.name, bound, figure: measured ? target.show(value) : 'n/a', verdict: measured ? (met ? 'met' : 'missed') : 'not measured' };
  });
}
