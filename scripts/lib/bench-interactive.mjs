/* global performance -- the functions page.evaluate and waitForFunction run in the browser */
// Dead time (issue 33): how long a page shows itself before it takes taps. Each route, cold (HTTP cache
// cleared, no service worker), in a real Chromium slowed over DevTools (applied throttling: Lighthouse's
// default simulation computes figures but does not slow the page, so it cannot see when the page answers).
// First paint is the browser's first-contentful-paint entry; "takes taps" is the host's
// `utsav:interactive` mark (host-shell/src/boot/interactive.ts: React has committed the first screen).
// The floor, a static page with no script, takes taps when it paints.
import { throttling } from 'lighthouse/core/config/constants.js';
import { signInThroughLogin } from './bench-consumer.mjs';
import { median } from './bench-figures.mjs';
import { chromium } from './bench-playwright.mjs';
import { landedOn } from './bench-routes.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
import { HOST_URL } from './system.mjs';

export const INTERACTIVE_MARK = 'utsav:interactive';

/**
 * DevTools network conditions for Lighthouse-shaped throttling settings (`requestLatencyMs`,
 * `downloadThroughputKbps`, `uploadThroughputKbps`), as Lighthouse's own "devtools" throttling sends
 * them (its core/lib/emulation.js: DevTools takes bytes per second).
 */
export function networkConditions({ requestLatencyMs, downloadThroughputKbps, uploadThroughputKbps }) {
  const bytesPerSecond = (kbps) => Math.floor((kbps * 1024) / 8);
  return { offline: false, latency: requestLatencyMs, downloadThroughput: bytesPerSecond(downloadThroughputKbps), uploadThroughput: bytesPerSecond(uploadThroughputKbps) };
}

/**
 * A connection given as a round trip and a throughput, in Lighthouse's "devtools" settings: DevTools adds
 * its latency once per request, so Lighthouse multiplies a round trip into a request's latency (a new
 * connection costs several) and shaves the throughput, by its own factors (as it builds mobileSlow4G).
 */
export function devtoolsThrottling({ rttMs, throughputKbps }) {
  const { DEVTOOLS_RTT_ADJUSTMENT_FACTOR: latency, DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR: throughput } = throttling;
  return { rttMs, throughputKbps, requestLatencyMs: rttMs * latency, downloadThroughputKbps: throughputKbps * throughput, uploadThroughputKbps: throughputKbps * throughput };
}

const slow4g = throttling.mobileSlow4G;
const rate = (kbps) => (kbps >= 1024 ? `${(kbps / 1024).toFixed(1)} Mbps` : `${Math.round(kbps)} Kbps`);
const describe = (cpu, network) =>
  `${cpu}× CPU; ${network.rttMs} ms RTT, ${rate(network.throughputKbps)} (applied: ${Math.round(network.requestLatencyMs)} ms per request, ${Math.round(network.downloadThroughputKbps)} Kbps down, ${Math.round(network.uploadThroughputKbps)} Kbps up)`;

/**
 * The two phones: Lighthouse's mobile profile (its own numbers, read from Lighthouse), and a low-end phone
 * on a poor connection: about 1.5× slower than Lighthouse's Moto G Power, 400 Kbps, and 400 ms round trips
 * (the slow end of what the Chrome UX report calls 3G: 300–1,400 ms), converted as Lighthouse converts its own.
 */
export const PHONES = {
  lighthouse: { title: "Lighthouse's mobile profile", cpu: slow4g.cpuSlowdownMultiplier, network: slow4g },
  lowEnd: { title: 'A low-end phone on a poor connection', cpu: 6, network: devtoolsThrottling({ rttMs: 400, throughputKbps: 400 }) },
};
for (const phone of Object.values(PHONES)) phone.label = `${phone.title}: ${describe(phone.cpu, phone.network)}`;

/**
 * The page's first paint, the moment it takes taps, and when the last script that arrived before then
 * arrived (how much of the wait is bytes on their way, how much running them), in ms from navigation start (NaN: not there).
 */
const readMarks = (page, mark) =>
  page.evaluate((name) => {
    const paint = performance.getEntriesByName('first-contentful-paint', 'paint')[0];
    const taps = name ? performance.getEntriesByName(name, 'mark')[0] : undefined;
    const until = taps?.startTime ?? paint?.startTime ?? Number.POSITIVE_INFINITY;
    const scripts = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' && entry.responseEnd <= until);
    return {
      firstPaint: paint?.startTime ?? Number.NaN,
      interactive: taps?.startTime ?? Number.NaN,
      scriptsIn: scripts.length ? Math.max(...scripts.map((entry) => entry.responseEnd)) : Number.NaN,
    };
  }, mark);

/** One cold load of `route` in `context` on `phone`: first paint, interactive (the floor's is its first paint), dead time. */
async function load(context, route, phone) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', networkConditions(phone.network));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpu });
    const url = route.url ?? `${HOST_URL}${route.path}`;
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const mark = route.floor ? null : INTERACTIVE_MARK;
    await page.waitForFunction(
      (name) => performance.getEntriesByName('first-contentful-paint', 'paint').length > 0 && (!name || performance.getEntriesByName(name, 'mark').length > 0),
      mark,
      { timeout: 120_000, polling: 100 },
    );
    if (landedOn(page.url()) !== landedOn(url)) throw new Error(`a load of ${url} ended on ${page.url()}`);
    const { firstPaint, interactive, scriptsIn } = await readMarks(page, mark);
    return { ...deadTime(firstPaint, route.floor ? firstPaint : interactive), scriptsIn };
  } finally {
    await page.close();
  }
}

/** The figures of one load; a page that takes taps before it paints (a client-drawn one) has no dead time. */
export function deadTime(firstPaint, interactive) {
  return { firstPaint, interactive, dead: Math.max(0, interactive - firstPaint) };
}

/** Medians of each figure over a route's loads. */
export function summarizeLoads(loads) {
  const of = (key) => median(loads.map((entry) => entry[key]));
  return { firstPaint: of('firstPaint'), interactive: of('interactive'), dead: of('dead'), scriptsIn: of('scriptsIn'), runs: loads };
}

/**
 * Every route and the floor (`floor`: `{ path, url }`), `runs` cold loads each on each phone, the routes
 * taken in turn within a run (so the machine's drift spreads over all of them). A route that fails is
 * reported with its error; the others go on.
 * Returns `{ [phone]: { floor: summary, routes: { [path]: summary } } }`, a summary `{ error }` when it failed.
 */
export async function measureInteractive({ routes, consumer, floor, runs = 3, phones = Object.keys(PHONES), log = console.log }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // a first visit has no service worker (the host's would answer from its caches)
    const options = { viewport: { width: 390, height: 844 }, serviceWorkers: 'block' };
    const stranger = await browser.newContext(options);
    const signedIn = await browser.newContext(options);
    await signInThroughLogin(await signedIn.newPage(), consumer);
    const all = [{ ...floor, floor: true }, ...routes];
    const results = {};
    for (const phoneName of phones) {
      const phone = PHONES[phoneName];
      const loads = Object.fromEntries(all.map((route) => [route.path, []]));
      const errors = {};
      for (let run = 1; run <= runs; run += 1) {
        for (const route of all) {
          if (errors[route.path]) continue;
          try {
            const figures = await load(route.signedIn ? signedIn : stranger, route, phone);
            loads[route.path].push(figures);
            log(`interactive (${phoneName}) ${route.path} run ${run}: first paint ${Math.round(figures.firstPaint)} ms, interactive ${Math.round(figures.interactive)} ms, dead ${Math.round(figures.dead)} ms, last script in ${Math.round(figures.scriptsIn)} ms`);
          } catch (error) {
            log(`interactive (${phoneName}) ${route.path} failed: ${error.message}`);
            errors[route.path] = error.message;
          }
        }
      }
      const summary = (route) => (errors[route.path] ? { error: errors[route.path] } : summarizeLoads(loads[route.path]));
      // the floor is the yardstick beside the routes, not one of them (targets, worst route)
      results[phoneName] = { floor: { path: floor.path, ...summary(all[0]) }, routes: Object.fromEntries(routes.map((route) => [route.path, summary(route)])) };
    }
    return results;
  } finally {
    await browser.close();
  }
}
