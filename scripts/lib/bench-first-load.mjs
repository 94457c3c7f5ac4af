/* global performance -- the functions page.evaluate and waitForFunction run in the browser */
// First-load JavaScript of a route: every script a cold load fetches, by file, raw / gzip / brotli,
// with the bytes each shared library accounts for (read through the source maps: sourcemap-share.mjs),
// and whether the page asked for it before it took taps (the `utsav:interactive` mark) or after.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { signInThroughLogin } from './bench-consumer.mjs';
import { chromium } from './bench-playwright.mjs';
import { INTERACTIVE_MARK } from './bench-interactive.mjs';
import { landedOn } from './bench-routes.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
import { ROOT } from './paths.mjs';
import { APP_CODE, bytesByGroup, libraryOf } from './sourcemap-share.mjs';
import { HOST_URL, PORTS } from './system.mjs';

const { SOURCE_MAPS_DIR } = createRequire(import.meta.url)('../../tooling/src/webpack-config.cjs');

const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const brotli = (buffer) => zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

const APP_DIRS = {
  [PORTS.host]: 'host-shell',
  [PORTS.catalog]: 'mfe-catalog',
  [PORTS.booking]: 'mfe-booking',
  [PORTS.checkout]: 'mfe-checkout',
  [PORTS.account]: 'mfe-account',
};

/** A remote's release-store version folder at the start of a served path (`/1.0.0-5d7d297fff36/`). */
const VERSION_FOLDER = /^\/\d+\.\d+\.\d+-[0-9A-Za-z.]+(?=\/)/;

/**
 * A served URL's source map: production builds keep them out of dist/, in dist-sourcemaps/. A remote's file is
 * served from its release-store version (the build the bench has just made and released), its map beside the build.
 */
export function sourceMapOf(url) {
  const { port, pathname } = new URL(url);
  const dir = APP_DIRS[port];
  return dir ? path.join(ROOT, dir, SOURCE_MAPS_DIR, `${pathname.replace(VERSION_FOLDER, '')}.map`) : null;
}

/**
 * A file's gzip bytes by library (LIBRARIES, OTHER_PACKAGES, and APP_CODE for the rest): each library's share
 * of the raw file, read through its source map, scaled to the file's gzip size (an estimate: libraries
 * need not compress alike). A file without a source map is all APP_CODE.
 */
export function librarySharesOf(body, map, gz) {
  const shares = {};
  if (map) {
    const { groups, total } = bytesByGroup(body, map, libraryOf);
    for (const [name, bytes] of Object.entries(groups)) shares[name] = Math.round((gz * bytes) / total);
  }
  shares[APP_CODE] = gz - Object.values(shares).reduce((sum, bytes) => sum + bytes, 0);
  return shares;
}

function sourceMapFor(url) {
  const file = sourceMapOf(url);
  return file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/** A script's sizes and shares, from its URL and body (CPU work: done after the load, not while it is watched). */
function sizesOf({ url, body }) {
  const gz = gzip(body);
  const libraries = librarySharesOf(body.toString('utf8'), sourceMapFor(url), gz);
  return { url, raw: body.length, gzip: gz, brotli: brotli(body), federation: libraries['federation runtime'] ?? 0, libraries };
}

/**
 * Whether the page asked for the script at `url` before it took taps: its request started (resource timing,
 * `starts` by URL, ms from navigation start) before the `utsav:interactive` mark (`mark`, NaN: the page never
 * set it). What the target is about: whatever is asked for later (what the app starts after interactive)
 * neither holds the first screen nor shares its bandwidth. A script the timeline does not name, or a page
 * that never took taps, counts as before: never flattering.
 */
export function askedBeforeMark(url, { mark, starts }) {
  const start = starts[url];
  return !Number.isFinite(mark) || !Number.isFinite(start) || start < mark;
}

/** The interactive mark and each script's request start, from the page's own timeline (ms from navigation start). */
const readTimeline = (page) =>
  page.evaluate((name) => {
    const mark = performance.getEntriesByName(name, 'mark')[0]?.startTime ?? Number.NaN;
    const starts = {};
    for (const entry of performance.getEntriesByType('resource')) if (!(entry.name in starts)) starts[entry.name] = entry.startTime;
    return { mark, starts };
  }, INTERACTIVE_MARK);

/** Resolves, once called, when no script is on its way and none has been asked for QUIET_MS. */
const QUIET_MS = 750;
function scriptsQuiet(page) {
  let pending = 0;
  let last = Date.now();
  const isScript = (request) => request.resourceType() === 'script';
  page.on('request', (request) => {
    if (!isScript(request)) return;
    pending += 1;
    last = Date.now();
  });
  const done = (request) => {
    if (!isScript(request)) return;
    pending -= 1;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + 30_000;
    while (pending > 0 || Date.now() - last < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`scripts still loading after 30 s (${pending} on their way)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

/**
 * Every script a cold load of `route` fetches (HTTP cache cleared) in `context`, with its sizes.
 * Throws when the page ends elsewhere (e.g. the sign-in guard sent it to /login).
 */
async function firstLoad(context, route) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const script = response.body().then((body) => ({ url: response.url(), body }));
      // a body still being read when the page closes (after an error below) must not end the whole
      // process unhandled, leaving the system it started on the fixed ports
      script.catch(() => {});
      scripts.push(script);
    });
    // not 'networkidle': a signed-in page holds its live stream (Server-Sent Events) open for good, so the
    // network is never idle; the scripts are what is measured, so wait until none has been asked for a while
    const quiet = scriptsQuiet(page);
    await page.goto(`${HOST_URL}${route}`, { waitUntil: 'load' });
    // what starts after interactive is part of the load too (each file says which side of the mark it is on)
    await page.waitForFunction((name) => performance.getEntriesByName(name, 'mark').length > 0, INTERACTIVE_MARK, { timeout: 30_000, polling: 100 });
    await quiet();
    if (landedOn(page.url()) !== route) throw new Error(`first load of ${route} ended on ${page.url()}`);
    const timeline = await readTimeline(page);
    const bodies = await Promise.all(scripts);
    // compressing and reading source maps blocks this process for seconds: not while the page is watched
    // (a run that did so saw 2 of Service detail's 21 scripts: the quiet wait's clock ran while the
    // request events waited)
    return bodies.map((script) => ({ ...sizesOf(script), beforeMark: askedBeforeMark(script.url, timeline) }));
  } finally {
    await page.close();
  }
}

/** First-load JavaScript of every route at phone size: signed-out routes in one context, the rest signed in. */
export async function measureFirstLoad({ routes, consumer }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // a first load has no service worker: the host's (issue 20) would answer the later routes' scripts from its
    // caches (bench-repeat-visit.mjs measures that)
    const phone = { viewport: { width: 390, height: 844 }, serviceWorkers: 'block' };
    const stranger = await browser.newContext(phone);
    const signedIn = await browser.newContext(phone);
    await signInThroughLogin(await signedIn.newPage(), consumer);
    const results = {};
    for (const route of routes) results[route.path] = await firstLoad(route.signedIn ? signedIn : stranger, route.path);
    return results;
  } finally {
    await browser.close();
  }
}
