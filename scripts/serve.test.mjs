// The static server every app is deployed with, run as its binary: a malformed URL is a 400 and the
// process keeps serving; source maps are never served; HSTS only over https; and the host refuses
// to start under NODE_ENV=production with a local stand-in in its runtime config.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from './lib/paths.mjs';

const SERVE = path.join(ROOT, 'tooling/src/serve.cjs');

function appDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-serve-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dir, 'main.js'), 'console.log(1)');
  // over 512 bytes: kept brotli- and gzip-compressed too
  fs.writeFileSync(path.join(dir, 'big.js'), `console.log(${JSON.stringify('utsav '.repeat(200))});`);
  fs.writeFileSync(path.join(dir, 'main.js.map'), '{"version":3,"sources":["webpack://src/secret.ts"],"mappings":""}');
  return dir;
}

/** Runs `serve.cjs` with exactly `env` (plus PATH); resolves once it listens, or when it exits. */
function startServe(dir, args, env) {
  const child = spawn(process.execPath, [SERVE, '--dir', dir, '--port', '0', ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const port = /on http:\/\/localhost:(\d+)/.exec(stdout)?.[1];
      if (port) resolve({ child, port: Number(port), stderr: () => stderr });
    });
    child.once('exit', (code) => resolve({ child, code, stderr: () => stderr }));
  });
}

async function stopServe(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** One request with the path exactly as given (no client normalises it), over a raw socket. */
function rawRequest(port, target, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.end(`${lines.join('\r\n')}\r\n\r\n`);
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...body] = data.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])),
        body: body.join('\r\n\r\n'),
      });
    });
  });
}

describe('a running static server', () => {
  let dir;
  let server;
  before(async () => {
    dir = appDir();
    server = await startServe(dir, [], {});
    assert.ok(server.port, `serve.cjs did not start: ${server.stderr()}`);
  });
  after(async () => {
    await stopServe(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('answers malformed URLs with 400 and the common headers, and keeps serving', async () => {
    for (const target of ['/%', '/%E0%A4%A', '/service/%zz', '//', '/%E0%A4%A/']) {
      const answer = await rawRequest(server.port, target);
      assert.equal(answer.status, 400, target);
      assert.match(answer.headers['content-type'], /^text\/plain/);
      assert.match(answer.body, /malformed URL/);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    }
    assert.equal(server.child.exitCode, null, 'the server process exited');
    const page = await rawRequest(server.port, '/bookings');
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>t<\/title>/);
  });

  test("revalidation and encodings as the API answers them: an ETag per encoding, If-None-Match as a list or weak, q=0 refused", async () => {
    const identity = await rawRequest(server.port, '/big.js');
    const brotli = await rawRequest(server.port, '/big.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await rawRequest(server.port, '/big.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(brotli.headers.etag, identity.headers.etag.replace(/"$/, '-br"'));
    assert.equal(gzip.headers.etag, identity.headers.etag.replace(/"$/, '-gzip"'));
    const refused = await rawRequest(server.port, '/big.js', { 'Accept-Encoding': 'gzip;q=0, br;q=0' });
    assert.equal(refused.headers['content-encoding'], undefined);

    for (const header of [brotli.headers.etag, `W/${brotli.headers.etag}`, `"old", ${brotli.headers.etag}`, '*']) {
      const again = await rawRequest(server.port, '/big.js', { 'Accept-Encoding': 'br', 'If-None-Match': header });
      assert.equal(again.status, 304, header);
      assert.equal(again.body, '');
    }
    // another encoding's tag is another representation
    const other = await rawRequest(server.port, '/big.js', { 'Accept-Encoding': 'br', 'If-None-Match': gzip.headers.etag });
    assert.equal(other.status, 200);
  });

  test('answers /health with 200 {"status":"ok"}, never cached, for a load balancer to ask', async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(server.port, '/health', {}, method);
      assert.equal(answer.status, 200, method);
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.match(answer.headers['content-type'], /^application\/json/);
      if (method === 'GET') assert.deepEqual(JSON.parse(answer.body), { status: 'ok' });
    }
  });

  test('a request Node cannot parse is a 400 and the server keeps serving', async () => {
    const answer = await rawRequest(server.port, '/ bad target');
    assert.equal(answer.status, 400);
    assert.equal((await rawRequest(server.port, '/main.js')).status, 200);
  });

  test('never serves a source map, even one left in the directory', async () => {
    const map = await rawRequest(server.port, '/main.js.map');
    assert.equal(map.status, 404);
    assert.doesNotMatch(map.body, /secret\.ts/);
    assert.equal((await rawRequest(server.port, '/main.js')).status, 200);
  });

  test('sends HSTS only when the request came over https through the proxy', async () => {
    const hsts = 'max-age=63072000; includeSubDomains';
    assert.equal((await rawRequest(server.port, '/main.js', { 'X-Forwarded-Proto': 'https' })).headers['strict-transport-security'], hsts);
    assert.equal((await rawRequest(server.port, '/', { 'X-Forwarded-Proto': 'https' })).headers['strict-transport-security'], hsts);
    assert.equal((await rawRequest(server.port, '/%', { 'X-Forwarded-Proto': 'https' })).headers['strict-transport-security'], hsts);
    assert.equal((await rawRequest(server.port, '/main.js')).headers['strict-transport-security'], undefined);
    assert.equal((await rawRequest(server.port, '/main.js', { 'X-Forwarded-Proto': 'http' })).headers['strict-transport-security'], undefined);
  });
});

/** A production host deployment: every setting real and https. */
const PRODUCTION = {
  NODE_ENV: 'production',
  FIREBASE_API_KEY: 'AIzaSy-production-key',
  FIREBASE_PROJECT_ID: 'utsav-prod',
  FIREBASE_AUTH_DOMAIN: 'utsav-prod.firebaseapp.com',
  API_PUBLIC_URL: 'https://api.utsav.example',
  PAYMENT_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
  REMOTE_CATALOG_URL: 'https://catalog.utsav.example',
  REMOTE_BOOKING_URL: 'https://booking.utsav.example',
  REMOTE_CHECKOUT_URL: 'https://checkout.utsav.example',
  REMOTE_ACCOUNT_URL: 'https://account.utsav.example/mf-manifest.json',
  REMOTE_PROVIDER_URL: 'https://provider.utsav.example',
};

describe('the host server under NODE_ENV=production', () => {
  let dir;
  before(() => (dir = appDir()));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const refusals = [
    ['AUTH_EMULATOR_URL', { AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }, /Auth emulator/],
    ['FIREBASE_API_KEY', { FIREBASE_API_KEY: undefined }, /not set/],
    ['FIREBASE_PROJECT_ID', { FIREBASE_PROJECT_ID: undefined }, /not set/],
    ['FIREBASE_PROJECT_ID', { FIREBASE_PROJECT_ID: 'demo-utsav' }, /demo project/],
    ['FIREBASE_AUTH_DOMAIN', { FIREBASE_AUTH_DOMAIN: undefined }, /not set/],
    ['API_PUBLIC_URL', { API_PUBLIC_URL: undefined }, /not set/],
    ['API_PUBLIC_URL', { API_PUBLIC_URL: 'http://api.utsav.example' }, /https/],
    ['API_PUBLIC_URL', { API_PUBLIC_URL: 'https://localhost' }, /this machine/],
    ['API_PUBLIC_URL', { API_PUBLIC_URL: 'https://127.0.0.1:4000' }, /this machine/],
    ['REMOTE_BOOKING_URL', { REMOTE_BOOKING_URL: 'https://[::1]:3002/mf-manifest.json' }, /this machine/],
    ['PAYMENT_CHECKOUT_URL', { PAYMENT_CHECKOUT_URL: undefined }, /not set/],
    ['PAYMENT_CHECKOUT_URL', { PAYMENT_CHECKOUT_URL: 'http://localhost:4010/v1/checkout.js' }, /payment sandbox/],
    ['PAYMENT_CHECKOUT_URL', { PAYMENT_CHECKOUT_URL: 'https://pay.utsav.example:4010/v1/checkout.js' }, /payment sandbox/],
    ['PAYMENT_CHECKOUT_URL', { PAYMENT_CHECKOUT_URL: 'http://checkout.razorpay.com/v1/checkout.js' }, /https/],
    ['REMOTE_CATALOG_URL', { REMOTE_CATALOG_URL: undefined }, /not set/],
    ['REMOTE_ACCOUNT_URL', { REMOTE_ACCOUNT_URL: 'http://account.utsav.example' }, /https/],
    ['SESSION_COOKIE_SECURE', { SESSION_COOKIE_SECURE: 'False' }, /plain http/],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }, /shorter than 32 characters/],
  ];
  for (const [variable, change, why] of refusals) {
    test(`refuses to start when ${variable} is ${change[variable] ?? 'missing'}`, async () => {
      const env = Object.fromEntries(Object.entries({ ...PRODUCTION, ...change }).filter(([, value]) => value !== undefined));
      const { child, code, stderr } = await startServe(dir, ['--runtime-config'], env);
      await stopServe(child);
      assert.equal(code, 1, 'it started');
      const lines = stderr().trim().split('\n');
      assert.equal(lines.length, 1, stderr());
      assert.match(lines[0], new RegExp(`NODE_ENV=production: ${variable} `));
      assert.match(lines[0], why);
    });
  }

  test('starts with a production configuration, and its /config.json has no emulator', async () => {
    const { child, port, stderr } = await startServe(dir, ['--runtime-config'], PRODUCTION);
    try {
      assert.ok(port, `it refused: ${stderr()}`);
      const config = JSON.parse((await rawRequest(port, '/config.json')).body);
      assert.equal(config.authEmulatorUrl, '');
      assert.equal(config.firebase.projectId, 'utsav-prod');
    } finally {
      await stopServe(child);
    }
  });

  test('a remote (no runtime config) starts in production with no settings at all', async () => {
    const { child, port, stderr } = await startServe(dir, [], { NODE_ENV: 'production' });
    await stopServe(child);
    assert.ok(port, `it refused: ${stderr()}`);
  });
});

test('a bad value stops the host server at start, in one line naming the variable and what it expects (tooling/src/host-environment.cjs)', async () => {
  const dir = appDir();
  try {
    for (const [env, line] of [
      [{ SSR_RENDER_TIMEOUT_MS: 'soon' }, 'utsav-serve: refusing to start: SSR_RENDER_TIMEOUT_MS must be a whole number of milliseconds (0 or more), got "soon"'],
      [{ SESSION_COOKIE_SECURE: 'yes' }, 'utsav-serve: refusing to start: SESSION_COOKIE_SECURE must be true or false, got "yes"'],
      [{ API_PUBLIC_URL: 'api.utsav.example' }, 'utsav-serve: refusing to start: API_PUBLIC_URL must be an http(s) address, got "api.utsav.example"'],
    ]) {
      const { child, code, stderr } = await startServe(dir, ['--runtime-config'], env);
      await stopServe(child);
      assert.equal(code, 1, `it started with ${JSON.stringify(env)}`);
      assert.equal(stderr().trim(), line);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the emulator is on only when AUTH_EMULATOR_URL says so, and local runs say so', async () => {
  const dir = appDir();
  try {
    for (const [env, expected] of [
      [{}, ''],
      [{ AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }, 'http://127.0.0.1:9099'],
    ]) {
      const { child, port } = await startServe(dir, ['--runtime-config'], env);
      try {
        assert.equal(JSON.parse((await rawRequest(port, '/config.json')).body).authEmulatorUrl, expected);
      } finally {
        await stopServe(child);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const { services } = await import('./lib/system.mjs');
  for (const mode of ['production', 'development']) {
    const host = services({ mode }).find((service) => service.name === 'host');
    assert.equal(host.env?.AUTH_EMULATOR_URL, process.env.AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099', mode);
  }
});
