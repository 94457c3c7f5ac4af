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

async function firstLoad(route) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
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
  await browser.close();
  return files;
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
let files;
try {
  files = await firstLoad('/login');
} finally {
  await system.stop();
}
const sum = (key) => files.reduce((total, file) => total + file[key], 0);
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
`;
fs.writeFileSync(path.join(ROOT, 'docs/bench.md'), report);
console.log(report);
