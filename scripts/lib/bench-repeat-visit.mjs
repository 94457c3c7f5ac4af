/* global PerformanceObserver, navigator, document -- the functions page.evaluate runs in the browser */
// Repeat visits with the host's service worker (issue 20, item 3): for each route, a first visit in a
// fresh browser profile (which installs the worker), then the same route again, as a person coming back
// would. Per visit: what crossed the network (bytes, and scripts), what the worker answered, and the
// page's LCP (the browser's own largest-contentful-paint entry) at 4× CPU slowdown. The floor, a static
// page with no script and no worker, is measured the same way in the same run.
//
// No network throttling: Chromium's DevTools throttling applies to a page, not to its service worker's
// own fetches, so it would slow the first visit and not the worker's; bytes over the network are the
// figure a slow connection divides by its bandwidth.
import { signInThroughLogin } from './bench-consumer.mjs';
import { median } from './bench-figures.mjs';
import { chromium } from './bench-playwright.mjs';
import { landedOn } from './bench-routes.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
import { HOST_URL } from './system.mjs';

const CPU_SLOWDOWN = 4;
const QUIET_MS = 750;

/** The page's LCP so far (ms from navigation start), or NaN when the browser reported none. */
const lcpOf = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.length ? entries[entries.length - 1].startTime : Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2_000);
      }),
  );

/** Waits until no request of the context has started or ended for QUIET_MS (a live stream stays open: not counted). */
async function quiet(tracker) {
  const deadline = Date.now() + 30_000;
  while (tracker.pending() > 0 || Date.now() - tracker.last() < QUIET_MS) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every request of a context from now on, the page's and its service worker's, with where its answer came from. */
function track(context) {
  const seen = [];
  let pending = 0;
  let last = Date.now();
  const isStream = (request) => request.url().includes('/events');
  const started = (request) => {
    if (isStream(request)) return;
    pending += 1;
    last = Date.now();
  };
  const ended = (request) => {
    if (isStream(request)) return;
    pending -= 1;
    last = Date.now();
    seen.push(
      (async () => {
        const response = await request.response().catch(() => null);
        // sizes() can wait for good on a request the worker answered: bounded
        const sizes = await Promise.race([request.sizes(), new Promise((resolve) => setTimeout(resolve, 5_000))]).catch(() => undefined) ?? { responseBodySize: 0, responseHeadersSize: 0 };
        return {
          url: request.url(),
          type: request.resourceType(),
          // the worker's own fetch (network first: the page, remotes.json…) went over the network
          byWorker: request.serviceWorker() !== null,
          // the page's request the worker answered (from its cache, or from its own fetch above)
          fromWorker: response?.fromServiceWorker() ?? false,
          bytes: Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize),
        };
      })(),
    );
  };
  context.on('request', started);
  context.on('requestfinished', ended);
  context.on('requestfailed', ended);
  return {
    pending: () => pending,
    last: () => last,
    async stop() {
      context.off('request', started);
      context.off('requestfinished', ended);
      context.off('requestfailed', ended);
      return Promise.all(seen);
    },
  };
}

/** One visit of `url` in `context`: its LCP and what crossed the network. */
async function visit(context, url, { expectWorker }) {
  const tracker = track(context);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    await quiet(tracker);
    if (landedOn(page.url()) !== landedOn(url)) throw new Error(`a visit of ${url} ended on ${page.url()}`);
    const lcp = await lcpOf(page);
    if (expectWorker) {
      // the worker holds what the page loaded once it says so (host-shell/src/service-worker/register.ts)
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null && document.documentElement.hasAttribute('data-offline-ready'), undefined, { timeout: 60_000, polling: 250 });
    }
    const requests = await tracker.stop();
    const overNetwork = requests.filter((request) => request.byWorker || !request.fromWorker);
    return {
      lcp,
      networkBytes: overNetwork.reduce((sum, request) => sum + request.bytes, 0),
      networkScripts: overNetwork.filter((request) => request.type === 'script').length,
      workerScripts: requests.filter((request) => request.fromWorker && request.type === 'script').length,
    };
  } finally {
    await page.close();
  }
}

/**
 * For each route (and the floor): `runs` times, a fresh profile visits it twice; medians per figure.
 * `floor` is `{ path, url }` of the static page.
 */
export async function measureRepeatVisits({ routes, consumer, floor, runs }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const results = {};
  try {
    for (const route of [{ ...floor, floor: true }, ...routes]) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
        try {
          if (route.signedIn) {
            const page = await context.newPage();
            await signInThroughLogin(page, consumer);
            // signed in (Firebase's IndexedDB, the session cookie), but with nothing of the app kept:
            // the first visit is a cold one
            const cdp = await context.newCDPSession(page);
            await cdp.send('Storage.clearDataForOrigin', { origin: new URL(HOST_URL).origin, storageTypes: 'service_workers,cache_storage' });
            await cdp.send('Network.clearBrowserCache');
            await page.close();
          }
          const url = route.url ?? `${HOST_URL}${route.path}`;
          const first = await visit(context, url, { expectWorker: !route.floor });
          const repeat = await visit(context, url, { expectWorker: false });
          samples.push({ first, repeat });
        } finally {
          await context.close();
        }
      }
      const of = (which, key) => median(samples.map((sample) => sample[which][key]));
      const summary = (which) => ({ lcp: of(which, 'lcp'), networkBytes: of(which, 'networkBytes'), networkScripts: of(which, 'networkScripts'), workerScripts: of(which, 'workerScripts') });
      results[route.path] = { first: summary('first'), repeat: summary('repeat'), runs: samples };
    }
  } finally {
    await browser.close();
  }
  return results;
}
