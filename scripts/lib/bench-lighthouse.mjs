// Lighthouse, mobile defaults (simulated throttling), against a Chromium this module starts with a
// DevTools port, so a session signed in through Playwright in that browser is the one Lighthouse
// measures. Lighthouse still clears the HTTP cache before each run (cold) but, by default, keeps
// IndexedDB, where Firebase keeps the session.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { signInThroughLogin } from './bench-consumer.mjs';
import { medianOfRuns, medianRun } from './bench-figures.mjs';
import { chromium } from './bench-playwright.mjs';
import { landedOn } from './bench-routes.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
import { HOST_URL } from './system.mjs';


/** Starts Chromium with a fresh profile and a DevTools port it picks itself; `close` removes both. */
export async function launchDebuggableChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-bench-chromium-'));
  const child = spawn(CHROMIUM, ['--headless=new', ...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true, // its own process group: the wrapper script and every Chromium process stop together
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  // Chromium writes the port it chose to DevToolsActivePort in the profile once it listens
  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let waited = 0; waited < 20_000; waited += 100) {
    const port = fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]) : 0;
    if (port > 0) return { port, close };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  throw new Error(`${CHROMIUM} did not open a DevTools port`);
}

export async function chromiumVersion(port) {
  const { Browser } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  return Browser;
}

const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

/** The figures of one run, and what shows it measured the intended page. */
export function summarize(lhr) {
  // Lighthouse 13 names the LCP element in the LCP breakdown insight
  const lcpElement = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    // the longest main-thread task (Lighthouse's long-tasks audit, at its throttled CPU): hydration must leave none over 200 ms
    longestTask: Math.max(0, ...(lhr.audits['long-tasks']?.details?.items ?? []).map((task) => task.duration)),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    si: numeric(lhr, 'speed-index'),
    finalUrl: lhr.finalDisplayedUrl,
    lcpElement: lcpElement ? `${lcpElement.nodeLabel ?? ''} (${lcpElement.selector ?? ''})`.trim() : 'none',
    runtimeError: lhr.runtimeError?.message,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * The performance audits that cost the most, best first: those failing with estimated savings, then
 * the other failing ones (diagnostics). Each with Lighthouse's own display value.
 */
export function topIssues(lhr, count = 6) {
  // metrics are scored in their own table; 'hidden' holds TTI and max FID, which no longer count
  const refs = lhr.categories.performance.auditRefs.filter((ref) => !['metrics', 'hidden'].includes(ref.group));
  const failing = refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode));
  const savings = (audit) => (audit.metricSavings ? Object.values(audit.metricSavings).reduce((sum, value) => sum + (value ?? 0), 0) : 0);
  return failing
    .sort((a, b) => savings(b) - savings(a) || a.score - b.score)
    .slice(0, count)
    .map((audit) => ({
      title: audit.title,
      displayValue: audit.displayValue ?? '',
      savings: Object.entries(audit.metricSavings ?? {})
        .filter(([, value]) => value)
        .map(([metric, value]) => `${metric} ${metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`}`)
        .join(', '),
    }));
}

/** Where the main thread went: the scripts that took the most CPU (Lighthouse's bootup-time), most first. */
export function heaviestScripts(lhr, count = 5) {
  return (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, count).map((item) => ({
    url: item.url,
    total: item.total,
    scripting: item.scripting,
    parse: item.scriptParseCompile,
  }));
}

/** One Lighthouse run of `url` in the browser on `port`; keeps the JSON and the final screenshot in `outDir`. */
export async function runLighthouse({ port, url, outDir, name }) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${name}.json`), result.report);
  const screenshot = result.lhr.audits['final-screenshot']?.details?.data;
  if (screenshot) fs.writeFileSync(path.join(outDir, `${name}.jpg`), Buffer.from(screenshot.split(',')[1], 'base64'));
  return result.lhr;
}

/** `runs` Lighthouse runs of one route; each must end on the route itself (not the sign-in guard's /login). */
async function measureRoute({ port, route, runs, outDir, log }) {
  const summaries = [];
  const lhrs = [];
  // Lighthouse's own trace recording sometimes fails (NO_NAVSTART and the like): such a run is made
  // again, up to twice; a page that fails to load or lands elsewhere still fails the route
  for (let run = 1, retries = 2; run <= runs; run += 1) {
    const lhr = await runLighthouse({ port, url: route.url ?? `${HOST_URL}${route.path}`, outDir, name: `${slug(route.path)}-${run}` });
    const summary = summarize(lhr);
    if (summary.runtimeError && retries > 0 && /NO_NAVSTART|NO_FCP|TRACE|PROTOCOL_TIMEOUT/i.test(summary.runtimeError)) {
      log(`  ${route.path} run ${run}: ${summary.runtimeError}; running it again`);
      retries -= 1;
      run -= 1;
      continue;
    }
    if (summary.runtimeError) throw new Error(`Lighthouse on ${route.path}: ${summary.runtimeError}`);
    if (landedOn(summary.finalUrl) !== route.path) throw new Error(`Lighthouse on ${route.path} ended on ${summary.finalUrl}`);
    log(`  ${route.path} run ${run}: score ${summary.score}, LCP ${Math.round(summary.lcp)} ms, TBT ${Math.round(summary.tbt)} ms, CLS ${summary.cls.toFixed(3)}; LCP element ${summary.lcpElement}`);
    summaries.push(summary);
    lhrs.push(lhr);
  }
  const representative = medianRun(summaries);
  const representativeLhr = lhrs[summaries.indexOf(representative)];
  return {
    name: route.name,
    signedIn: route.signedIn,
    runs: summaries,
    median: medianOfRuns(summaries),
    representative,
    issues: topIssues(representativeLhr),
    heaviestScripts: heaviestScripts(representativeLhr),
  };
}

const slug = (routePath) => routePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/** Signs `consumer` in through the Login page in the Chromium on `port`, then lets go of it. */
async function signInOver(port, consumer) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    // the default context: the one Lighthouse opens its tabs in
    const page = await browser.contexts()[0].newPage();
    await signInThroughLogin(page, consumer);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse on every route, `runs` times each: the signed-out ones first, then the signed-in ones
 * after `consumer` signs in. A route that fails is reported with its error; the others go on.
 */
export async function measureLighthouse({ routes, consumer, runs = 3, outDir, log = console.log }) {
  const browser = await launchDebuggableChromium();
  const results = {};
  try {
    const version = await chromiumVersion(browser.port);
    const ordered = [...routes.filter((route) => !route.signedIn), ...routes.filter((route) => route.signedIn)];
    let signedIn = false;
    for (const route of ordered) {
      if (route.signedIn && !signedIn) {
        await signInOver(browser.port, consumer);
        signedIn = true;
      }
      log(`lighthouse ${route.path} ×${runs}…`);
      try {
        results[route.path] = await measureRoute({ port: browser.port, route, runs, outDir, log });
      } catch (error) {
        log(`  ${route.path} failed: ${error.message}`);
        results[route.path] = { name: route.name, signedIn: route.signedIn, error: error.message };
      }
    }
    return { chromium: version, routes: results };
  } finally {
    await browser.close();
  }
}
