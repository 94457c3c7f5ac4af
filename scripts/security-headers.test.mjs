// The apps' security headers: the host page's CSP is made from the runtime config and allows only
// what the app talks to; every response carries the common headers.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { contentSecurityPolicy, inlineScriptsOf, pageHeaders } = require('../tooling/src/security-headers.cjs');
const { createServer, loadFiles } = require('../tooling/src/serve.cjs');

const directives = (csp) => Object.fromEntries(csp.split('; ').map((d) => { const [name, ...sources] = d.split(' '); return [name, sources]; }));

test('the local policy allows the remotes, the API, the Auth emulator and the payment sandbox, and no inline or eval script', () => {
  // local runs name the emulator explicitly (scripts/lib/system.mjs)
  const csp = directives(contentSecurityPolicy({ AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }));
  assert.deepEqual(csp['script-src'], ["'self'", 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004', 'http://localhost:3005', 'http://localhost:4010']);
  for (const origin of ['http://localhost:4000', 'http://127.0.0.1:9099', 'http://localhost:4010', 'http://localhost:3001']) assert.ok(csp['connect-src'].includes(origin), origin);
  assert.ok(csp['img-src'].includes('http://localhost:4000'));
  assert.deepEqual(csp['object-src'], ["'none'"]);
  assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
  assert.deepEqual(csp['frame-src'], ["'none'"]);
  // the host's service worker, from its own origin only
  assert.deepEqual(csp['worker-src'], ["'self'"]);
  assert.ok(!csp['script-src'].some((s) => s.includes('unsafe')));
});

test("a page's own inline scripts are allowed by their hash, and nothing else inline", () => {
  const html =
    '<head><script>hold()</script><script defer src="/main.js"></script></head>' +
    '<body><div id="root"></div><script type="application/json" id="utsav-rendered">{"a":1}</script><script>hold()</script></body>';
  const scripts = inlineScriptsOf(html);
  // data and scripts fetched by src are not inline code
  assert.deepEqual(scripts, ['hold()', 'hold()']);
  const sources = directives(contentSecurityPolicy({ AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }, scripts))['script-src'];
  const hash = `'sha256-${crypto.createHash('sha256').update('hold()').digest('base64')}'`;
  assert.deepEqual(sources.filter((s) => s.startsWith("'sha")), [hash]);
  assert.ok(!sources.some((s) => s.includes('unsafe')));
});

test('moved remotes and a real Firebase project and Razorpay change the policy with them', () => {
  const csp = directives(
    contentSecurityPolicy({
      REMOTE_CATALOG_URL: 'https://catalog.utsav.example/mf-manifest.json',
      API_PUBLIC_URL: 'https://api.utsav.example',
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'utsav-prod.firebaseapp.com',
      PAYMENT_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
    }),
  );
  assert.ok(csp['script-src'].includes('https://catalog.utsav.example'));
  assert.ok(!csp['script-src'].includes('http://localhost:3001'));
  assert.ok(csp['script-src'].includes('https://checkout.razorpay.com'));
  assert.ok(csp['connect-src'].includes('https://identitytoolkit.googleapis.com'));
  assert.ok(!csp['connect-src'].includes('http://127.0.0.1:9099'));
  assert.ok(csp['frame-src'].includes('https://api.razorpay.com'));
  assert.ok(csp['frame-src'].includes('https://utsav-prod.firebaseapp.com'));
});

test('the server puts the policy on pages only, and the common headers on everything', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-serve-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dir, 'main.js'), 'console.log(1)');
  const server = createServer(loadFiles(dir, {}), pageHeaders({}));
  server.listen(0);
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const page = await fetch(`${base}/bookings`);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    const script = await fetch(`${base}/main.js`);
    assert.equal(script.headers.get('content-security-policy'), null);
    assert.equal(script.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(script.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the host's service worker is served from the root with no-cache, so a new build's worker is found on the next load", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-serve-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.skipWaiting()');
  const server = createServer(loadFiles(dir, {}), pageHeaders({}));
  server.listen(0);
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    // registered with the deployment's settings in its query (host-shell/src/service-worker/routing.ts)
    const worker = await fetch(`${base}/sw.js?remotes=http%3A%2F%2Flocalhost%3A3001&api=http%3A%2F%2Flocalhost%3A4000`);
    assert.equal(worker.status, 200);
    assert.equal(worker.headers.get('cache-control'), 'no-cache');
    assert.match(worker.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(await worker.text(), 'self.skipWaiting()');
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
