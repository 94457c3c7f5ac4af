// The host server rendering signed-in pages under autocannon (loopback), next to the same server
// answering a static file: latency at 1 connection, requests/s at 20, and the server's memory before
// and after 10 000 renders (nothing may be kept per request). The memory is read from /proc (Linux).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { signInByPhone } from './bench-consumer.mjs';
import { ROOT } from './paths.mjs';
import { HOST_URL } from './system.mjs';

const autocannon = createRequire(path.join(ROOT, 'package.json'))('autocannon');

const DURATION_SECONDS = 10;
const MEMORY_RENDERS = 10_000;

/**
 * A host session cookie for `consumer`, as the browser gets one right after signing in (POST /session). A session
 * is made only from a sign-in at most five minutes old (the API's RECENT_SIGN_IN_S), and this part runs after
 * Lighthouse, long after the consumer was made: it signs in again first.
 */
async function sessionCookieFor(consumer) {
  const { idToken } = await signInByPhone(consumer.phone);
  const answer = await fetch(`${HOST_URL}/session`, {
    method: 'POST',
    headers: { Origin: HOST_URL, 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (answer.status !== 204) throw new Error(`POST /session answered ${answer.status}`);
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__Host-session='));
  if (!cookie) throw new Error('POST /session set no __Host-session cookie');
  return cookie.split(';')[0];
}

function run({ path: route, cookie, connections, duration, amount }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${HOST_URL}${route}`,
        connections,
        ...(amount ? { amount } : { duration }),
        headers: { cookie, 'accept-encoding': 'br' },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const figures = (result) => ({
  p50: result.latency.p50,
  p99: result.latency.p99,
  rps: result.requests.average,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
});

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/**
 * @param {{ consumer, routes, hostPid: number, log?: Function }} options  `routes`: the bench's, of which
 *   Home and Search with results are rendered here
 */
export async function measureServerRender({ consumer, routes, hostPid, log = console.log }) {
  const cookie = await sessionCookieFor(consumer);
  const pages = routes.filter((route) => route.path === '/' || route.path.startsWith('/services?'));
  const rows = [];
  for (const page of [...pages, { name: 'Static file (the floor)', path: '/index.html' }]) {
    log(`server render: ${page.path}…`);
    // warm: the remotes' containers loaded, the API's caches filled
    await run({ path: page.path, cookie, connections: 4, amount: 200 });
    const one = figures(await run({ path: page.path, cookie, connections: 1, duration: DURATION_SECONDS }));
    const twenty = figures(await run({ path: page.path, cookie, connections: 20, duration: DURATION_SECONDS }));
    rows.push({ name: page.name, path: page.path, one, twenty });
  }
  const staticRps = rows.at(-1).twenty.rps;
  for (const row of rows) row.shareOfStatic = row.twenty.rps / staticRps;
  const home = pages[0]?.path ?? '/';
  // twice: the first batch may still grow the heap to its working size, the second must not
  const rss = [rssMb(hostPid)];
  let failures = 0;
  for (let batch = 0; batch < 2; batch += 1) {
    log(`server render: memory, ${MEMORY_RENDERS} renders of ${home} (${batch + 1}/2)…`);
    const long = figures(await run({ path: home, cookie, connections: 20, amount: MEMORY_RENDERS }));
    failures += long.non2xx + long.errors;
    rss.push(rssMb(hostPid));
  }
  return { durationSeconds: DURATION_SECONDS, rows, memory: { renders: MEMORY_RENDERS, path: home, rssMb: rss, failures } };
}
