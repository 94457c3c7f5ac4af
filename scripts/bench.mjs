// npm run bench: performance figures, written to docs/bench.md and printed.
// Now: production build times, and the first-load JavaScript of /login by file (raw, gzip, brotli)
// with the federation runtime's share. (Lighthouse and API load figures come with the proof issue.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { buildAll } from './lib/build.mjs';
import { ensureChromium, CHROMIUM } from './lib/chromium.mjs';
import { DATA, ROOT } from './lib/paths.mjs';
import { install } from './lib/pnpm.mjs';
import { bytesBySource } from './lib/sourcemap-share.mjs';
import { HOST_URL, startSystem } from './lib/system.mjs';

const require = createRequire(path.join(ROOT, 'e2e/package.json'));
const { chromium } = require('@playwright/test');

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const brotli = (buffer) => zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Maps a served URL back to the built file, to read its source map. */
function builtFile(url) {
  const { port, pathname } = new URL(url);
  const dir = { 3000: 'host-shell', 3001: 'mfe-catalog', 3002: 'mfe-booking', 3003: 'mfe-checkout', 3004: 'mfe-account' }[port];
  return dir ? path.join(ROOT, dir, 'dist', pathname) : null;
}

function federationShare(url, body) {
  const file = builtFile(url);
  if (!file || !fs.existsSync(`${file}.map`)) return 0;
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
  const { matched, total } = bytesBySource(body.toString('utf8'), map, (source) => source.includes('@module-federation'));
  return total ? matched / total : 0;
}

const EMULATOR = 'http://127.0.0.1:9099';
const API = 'http://127.0.0.1:4000';

async function latestCode(phone) {
  for (let i = 0; i < 40; i += 1) {
    const { verificationCodes = [] } = await (await fetch(`${EMULATOR}/emulator/v1/projects/demo-utsav/verificationCodes`)).json();
    const mine = verificationCodes.filter((c) => c.phoneNumber === phone);
    if (mine.length) return mine[mine.length - 1].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code for ${phone}`);
}

/** An onboarded consumer signed in through the Login page, so signed-in routes can be measured. */
async function signIn(page) {
  const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const phone = `+91${digits}`;
  const post = (url, body, token) =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());
  const { sessionInfo } = await post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=k`, { phoneNumber: phone, recaptchaToken: 'x' });
  const { localId, idToken } = await post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=k`, { sessionInfo, code: await latestCode(phone) });
  await post(`${API}/users/consumer/${localId}`, { name: 'Bench User', email: 'bench@example.com', age: 30, gender: 'other', phone, skippedService: true }, idToken);
  await page.goto(`${HOST_URL}/login`);
  await page.getByLabel('Phone Number').fill(digits);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByPlaceholder('Enter 6-digit code').fill(await latestCode(phone));
  await page.getByRole('button', { name: 'Verify Phone Number' }).click();
  await page.waitForURL(`${HOST_URL}/`);
}

/** Every script a cold load of `route` fetches (HTTP cache cleared), with its sizes. */
async function firstLoad(context, route) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    scripts.push(
      response.body().then((body) => {
        const gz = gzip(body);
        return { url: response.url(), raw: body.length, gzip: gz, brotli: brotli(body), federation: Math.round(gz * federationShare(response.url(), body)) };
      }),
    );
  });
  await page.goto(`${HOST_URL}${route}`, { waitUntil: 'networkidle' });
  const files = await Promise.all(scripts);
  await page.close();
  return files;
}

async function measureRoutes() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] });
  try {
    const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const results = { '/login': await firstLoad(stranger, '/login') };
    const consumer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await signIn(await consumer.newPage());
    for (const route of ['/', '/services?q=wedding']) results[route] = await firstLoad(consumer, route);
    return results;
  } finally {
    await browser.close();
  }
}

function table(rows, header) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

await install();
ensureChromium();
const buildStarted = Date.now();
const timings = await buildAll({ force: true });
const allBuildMs = Date.now() - buildStarted;
const system = await startSystem({ mode: 'production', dataDir: path.join(DATA, 'bench'), logDir: path.join(DATA, 'logs') });
let routes;
try {
  routes = await measureRoutes();
} finally {
  await system.stop();
}
const files = routes['/login'];
const sum = (key, list = files) => list.reduce((total, file) => total + file[key], 0);
const report = `# Utsav benchmarks

Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.

## Production build (two builds at a time)

${table(timings.map((t) => [t.pkg, `${(t.ms / 1000).toFixed(1)} s`]), ['package', 'build time'])}

All: ${(allBuildMs / 1000).toFixed(1)} s.

## First-load JavaScript of /login (cold cache, 390×844)

${table(
  files.map((f) => [new URL(f.url).host + new URL(f.url).pathname, kb(f.raw), kb(f.gzip), kb(f.brotli), kb(f.federation)]),
  ['file', 'raw KB', 'gzip KB', 'brotli KB', 'federation runtime, gzip KB (est.)'],
)}
| **total** | **${kb(sum('raw'))}** | **${kb(sum('gzip'))}** | **${kb(sum('brotli'))}** | **${kb(sum('federation'))}** |

The federation runtime's share is ${((100 * sum('federation')) / sum('gzip')).toFixed(1)}% of the gzip bytes
(bytes attributed through the source maps to \`@module-federation/*\` sources, scaled to gzip).

## First-load JavaScript per route (cold cache; signed in for all but /login)

${table(
  Object.entries(routes).map(([route, list]) => [route, String(list.length), kb(sum('gzip', list)), kb(sum('brotli', list)), kb(sum('federation', list))]),
  ['route', 'files', 'gzip KB', 'brotli KB', 'federation runtime, gzip KB'],
)}
`;
fs.writeFileSync(path.join(ROOT, 'docs/bench.md'), report);
console.log(report);
