// The host's render server as built (host-shell/dist-server/render.js), in this process, against a
// remote served by the project's static server: it draws a page from the remote's server container,
// loaded at run time from the remote's URL; a remote that is down, stops answering or throws costs that
// page its server rendering (the static shell goes out, the browser draws it), never the server; and a
// remote deployed anew at the same address, or promoted to another version of the release store, is
// drawn at its new version with no restart.
// Signed-out pages only (/terms): no API is needed (the session and data paths run in the e2e suite).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, mock, test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';
import { startServe } from '../lib/serve-process.mjs';

const require = createRequire(import.meta.url);
const HOST_DIST = path.join(ROOT, 'host-shell/dist');
const ACCOUNT_DIST = path.join(ROOT, 'mfe-account/dist');
const DEAD_API = 'http://127.0.0.1:9';

const servers = new Set();
// Node's own fetch, for the test's requests: the renderer, once made, guards this process's global fetch
// (only its deployment's origins; host-shell/src/server/outbound-fetch.ts)
const directFetch = globalThis.fetch;

/** A free port on this machine. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** `dir` served on `port` as a remote is deployed; resolves with a function that stops it. */
async function serve(dir, port) {
  const server = await startServe({ dir, port });
  servers.add(server);
  return async () => {
    await server.stop();
    servers.delete(server);
  };
}

let createRenderer;

before(async () => {
  ({ createRenderer } = await require(path.join(ROOT, 'host-shell/dist-server/render.js')));
});
after(async () => {
  await Promise.all([...servers].map((server) => server.stop()));
});

async function rendererFor(accountOrigin, options = {}) {
  return createRenderer({
    html: fs.readFileSync(path.join(HOST_DIST, 'index.html'), 'utf8'),
    remotes: () => ({ account: `${accountOrigin}/mf-manifest.json` }),
    config: { apiUrl: 'http://localhost:4000' },
    apiUrl: DEAD_API,
    timeoutMs: 3000,
    remoteCheckMs: 0,
    ...options,
  });
}

/** The HTML the renderer sends for `url` (it must answer with a page). */
async function html(renderer, url) {
  const answer = await renderer.render({ url, forwardedFor: '127.0.0.1' });
  assert.equal(answer.kind, 'page', `${url}: ${answer.kind}`);
  let out = '';
  await answer.send({ write: (chunk) => (out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), flush() {} });
  return out;
}

const rendered = (page) => page.includes('id="utsav-rendered"');

test("draws a page from the remote's server container, with MUI's styles inline and its data embedded", async () => {
  const port = await freePort();
  const stop = await serve(ACCOUNT_DIST, port);
  const page = await html(await rendererFor(`http://localhost:${port}`), '/terms');
  assert.ok(rendered(page));
  assert.match(page, /<h1[^>]*>Terms of Service<\/h1>/);
  assert.match(page, /<style data-emotion="css [^"]+">/);
  assert.ok(!page.includes('<noscript>'));
  // the browser hydrates with the session it was drawn for
  assert.match(page, /"session":\{"status":"signedOut"\}/);
  await stop();
});

test("names in the page's head what its scripts will ask for one after the other: the remote's manifest and the host's copies of the shared modules the page uses", async () => {
  const port = await freePort();
  const stop = await serve(ACCOUNT_DIST, port);
  const origin = `http://localhost:${port}`;
  // the shared modules the page uses (its remote's build lists them): the host's copies of them are named too
  const [used] = JSON.parse(fs.readFileSync(path.join(ACCOUNT_DIST, 'page-shares.json'), 'utf8'))['./Terms'];
  assert.ok(used, 'the Terms page uses no shared module');
  const providedScripts = { [used]: ['/shared-used.0123.js'], 'a-module-no-page-uses': ['/shared-unused.0123.js'] };
  const renderer = await rendererFor(origin, { layoutScripts: ['/layout.0123456789.js'], providedScripts });
  const page = await html(renderer, '/terms');
  const head = page.slice(0, page.indexOf('</head>'));
  assert.ok(head.includes(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${origin}/mf-manifest.json">`), head);
  // not the remote's own scripts (a failed preload would be handed to the load after Retry: template.ts)
  assert.ok(!head.includes(`href="${origin}/remoteEntry.js"`));
  assert.ok(head.includes('<link rel="preload" as="script" href="/shared-used.0123.js">'));
  assert.ok(!head.includes('shared-unused'));
  // /terms is drawn outside the signed-in frame: its scripts are not asked for
  assert.ok(!head.includes('layout.0123456789.js'));
  // a remote that is down: nothing of it is named (its manifest was never read)
  await stop();
  const down = await html(await rendererFor(`http://localhost:${await freePort()}`), '/terms');
  assert.ok(!down.includes('rel="preload" as="fetch"'));
});

test('a remote that is down: the static shell goes out; once it is back, the next page is drawn again', async () => {
  const port = await freePort();
  const renderer = await rendererFor(`http://localhost:${port}`);
  const down = await html(renderer, '/terms');
  assert.ok(!rendered(down));
  assert.match(down, /<div id="boot"/);
  const stop = await serve(ACCOUNT_DIST, port);
  assert.ok(rendered(await html(renderer, '/terms')));
  await stop();
});

test('the API down: a signed-in page cannot be checked, so the static shell goes out (the browser decides, as it would alone)', async () => {
  const port = await freePort();
  const stop = await serve(ACCOUNT_DIST, port);
  const renderer = await rendererFor(`http://localhost:${port}`);
  for (const url of ['/account', '/terms']) {
    assert.deepEqual(await renderer.render({ url, sessionCookie: 'a-session-cookie', forwardedFor: '127.0.0.1' }), { kind: 'shell' }, url);
  }
  await stop();
});

test("reports to the host's metrics each page's render time and outcome by route pattern and remote, and each container load", async () => {
  const { createHostMetrics } = require(path.join(ROOT, 'tooling/src/host-metrics.cjs'));
  const { registry, observe } = createHostMetrics();
  const port = await freePort();
  const renderer = await rendererFor(`http://localhost:${port}`, { observe });
  // the remote down: the static shell goes out, a fallback
  assert.ok(!rendered(await html(renderer, '/terms')));
  const stop = await serve(ACCOUNT_DIST, port);
  assert.ok(rendered(await html(renderer, '/terms?from=footer')));
  await stop();
  const text = await registry.metrics();
  assert.match(text, /^utsav_render_duration_seconds_count\{route="\/terms",remote="account",outcome="rendered"\} 1$/m);
  assert.match(text, /^utsav_render_duration_seconds_count\{route="\/terms",remote="account",outcome="fallback"\} 1$/m);
  assert.match(text, /^utsav_render_fallbacks_total\{route="\/terms",remote="account"\} 1$/m);
  assert.match(text, /^utsav_remote_container_loads_total\{remote="account",outcome="failed"\} 1$/m);
  assert.match(text, /^utsav_remote_container_loads_total\{remote="account",outcome="loaded"\} 1$/m);
  assert.doesNotMatch(text, /from=footer/);
});

test('a remote that stops answering costs its page no more than the deadline', { timeout: 20_000 }, async () => {
  const silent = net.createServer(() => undefined).listen(0, '127.0.0.1');
  await once(silent, 'listening');
  const renderer = await rendererFor(`http://127.0.0.1:${silent.address().port}`, { timeoutMs: 300 });
  const page = await html(renderer, '/terms');
  assert.ok(!rendered(page));
  assert.match(page, /<div id="boot"/);
  silent.close();
});

test('a remote deployed anew at the same address is drawn at its new version, with no restart', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-account-'));
  fs.cpSync(ACCOUNT_DIST, dir, { recursive: true });
  const port = await freePort();
  let stop = await serve(dir, port);
  const renderer = await rendererFor(`http://localhost:${port}`);
  assert.match(await html(renderer, '/terms'), /Utsav is a marketplace/);

  // the new release: its pages say something else (server and browser containers alike), and its manifest changes
  for (const folder of [dir, path.join(dir, 'server')]) {
    for (const name of fs.readdirSync(folder).filter((file) => file.endsWith('.js'))) {
      const file = path.join(folder, name);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('Utsav is a marketplace', 'Utsav is a bazaar'));
    }
  }
  const manifest = path.join(dir, 'mf-manifest.json');
  fs.writeFileSync(manifest, `${fs.readFileSync(manifest, 'utf8')}\n`);
  for (const stale of fs.readdirSync(dir, { recursive: true }).filter((file) => /\.(br|gz)$/.test(file))) fs.rmSync(path.join(dir, stale));
  await stop();
  stop = await serve(dir, port);

  const next = await html(renderer, '/terms');
  assert.match(next, /Utsav is a bazaar/);
  assert.ok(!next.includes('Utsav is a marketplace'));
  await stop();
});

/** The account remote's build with its Terms saying `words` instead (server and browser containers alike). */
function accountBuildSaying(words) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-account-'));
  fs.cpSync(ACCOUNT_DIST, dir, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });
  for (const folder of [dir, path.join(dir, 'server')]) {
    for (const name of fs.readdirSync(folder).filter((file) => file.endsWith('.js'))) {
      const file = path.join(folder, name);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('Utsav is a marketplace', words));
    }
  }
  return dir;
}

test('a remote served from the release store: a promote or rollback moves the next page to that version, with no restart', async () => {
  const { storeRelease, promote, rollback, liveVersions } = require(path.join(ROOT, 'tooling/src/release/store.cjs'));
  const { remotesJson } = require(path.join(ROOT, 'tooling/src/runtime-config.cjs'));
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-releases-'));
  const first = '1.0.0-aaaaaaaaaaaa';
  const second = '1.0.0-bbbbbbbbbbbb';
  storeRelease(store, { remote: 'account', version: first, dist: accountBuildSaying('Utsav is a marketplace'), packageVersion: '1.0.0', inputHash: 'a'.repeat(64) });
  storeRelease(store, { remote: 'account', version: second, dist: accountBuildSaying('Utsav is a bazaar'), packageVersion: '1.0.0', inputHash: 'b'.repeat(64) });
  promote(store, 'account', first);

  const port = await freePort();
  const server = await startServe({ dir: store, port, args: ['--releases', path.join(store, 'account')] });
  servers.add(server);
  // the host's remotes.json, as serve.cjs makes it for every request: the store's live pointers
  const env = { RELEASES_DIR: store, REMOTE_ACCOUNT_URL: `http://localhost:${port}` };
  const renderer = await rendererFor(`http://localhost:${port}`, { remotes: () => remotesJson(env) });

  const before = await html(renderer, '/terms');
  assert.match(before, /Utsav is a marketplace/);
  assert.match(before, new RegExp(`data-release="${first}"`));
  assert.ok(before.includes(`"account":"http://localhost:${port}/${first}/mf-manifest.json"`), 'the browser is told to load the same version');

  promote(store, 'account', second);
  const after = await html(renderer, '/terms');
  assert.match(after, /Utsav is a bazaar/);
  assert.match(after, new RegExp(`data-release="${second}"`));

  rollback(store, 'account');
  assert.deepEqual(liveVersions(store), { account: first });
  assert.match(await html(renderer, '/terms'), /Utsav is a marketplace/);

  // every file of a version is cached forever, its manifest is asked for again every time
  const chunk = fs.readdirSync(path.join(store, 'account', first)).find((file) => file.endsWith('.js') && file !== 'remoteEntry.js');
  const [manifest, entry, file, missing, outside] = await Promise.all(
    [`/${first}/mf-manifest.json`, `/${first}/remoteEntry.js`, `/${first}/${chunk}`, '/1.0.0-cccccccccccc/mf-manifest.json', '/account/live.json'].map((url) => directFetch(`http://localhost:${port}${url}`)),
  );
  assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  assert.equal(entry.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(file.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(file.headers.get('access-control-allow-origin'), '*');
  assert.equal(missing.status, 404);
  assert.equal(outside.status, 404);
});

test('the tampered chunk: a file of a release that is not the one released is never run; its page is left to the browser, as for a remote that is down', async () => {
  const { storeRelease, promote, readRelease } = require(path.join(ROOT, 'tooling/src/release/store.cjs'));
  const { liveReleases, remoteIntegrity, remotesJson } = require(path.join(ROOT, 'tooling/src/runtime-config.cjs'));
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-releases-'));
  const first = '1.0.0-cccccccccccc';
  const second = '1.0.0-dddddddddddd';
  storeRelease(store, { remote: 'account', version: first, dist: accountBuildSaying('Utsav is a marketplace'), packageVersion: '1.0.0', inputHash: 'c'.repeat(64) });
  storeRelease(store, { remote: 'account', version: second, dist: accountBuildSaying('Utsav is a bazaar'), packageVersion: '1.0.0', inputHash: 'd'.repeat(64) });
  promote(store, 'account', first);

  const port = await freePort();
  const start = async () => {
    const server = await startServe({ dir: store, port, args: ['--releases', path.join(store, 'account')] });
    servers.add(server);
    return server;
  };
  const server = await start();
  const env = { RELEASES_DIR: store, REMOTE_ACCOUNT_URL: `http://localhost:${port}` };
  // as serve.cjs hands them to the render server: the live releases with every file's digest, and what the browser is told
  const renderer = await rendererFor(`http://localhost:${port}`, {
    remotes: () => remotesJson(env),
    releases: () => liveReleases(env),
    integrity: () => remoteIntegrity(liveReleases(env)),
  });
  const intact = await html(renderer, '/terms');
  assert.ok(rendered(intact));
  assert.match(intact, /Utsav is a marketplace/);
  // the browser is told the digests of the entry it loads, from the same record
  const { digests } = readRelease(store, 'account', first);
  assert.ok(intact.includes(`"integrity":{"account":{"base":"http://localhost:${port}/${first}/","digests":{"mf-manifest.json":"${digests['mf-manifest.json']}","remoteEntry.js":"${digests['remoteEntry.js']}"}}}`));

  // promoted whole (promote checks every file), then one chunk of its server container is changed in the store
  promote(store, 'account', second);
  const serverDir = path.join(store, 'account', second, 'server');
  const chunk = fs.readdirSync(serverDir).find((file) => file.endsWith('.js') && file !== 'remoteEntry.js' && fs.readFileSync(path.join(serverDir, file), 'utf8').includes('Utsav is a bazaar'));
  assert.ok(chunk, 'the chunk that draws the Terms');
  const released = fs.readFileSync(path.join(serverDir, chunk));
  fs.writeFileSync(path.join(serverDir, chunk), released.toString('utf8').replaceAll('Utsav is a bazaar', 'Utsav is owned'));
  fs.rmSync(path.join(serverDir, `${chunk}.br`), { force: true });
  fs.rmSync(path.join(serverDir, `${chunk}.gz`), { force: true });

  const logged = mock.method(console, 'error', () => undefined);
  let refused;
  try {
    refused = await html(renderer, '/terms');
  } finally {
    logged.mock.restore();
  }
  assert.ok(!rendered(refused), 'the page is not drawn on the server');
  assert.match(refused, /<div id="boot"/);
  assert.ok(!refused.includes('Utsav is owned'));
  const refusal = `The render server refuses http://localhost:${port}/${second}/server/${chunk}: its contents are not the ones released`;
  assert.ok(logged.mock.calls.some((call) => String(call.arguments[0]).startsWith(refusal)), 'the refusal is in the log');

  // the released bytes back (a store server that reads them afresh): the same version is drawn
  fs.writeFileSync(path.join(serverDir, chunk), released);
  await server.stop();
  servers.delete(server);
  await start();
  // the store server has just started again on the same port: on a busy machine (CI's other steps beside this
  // one) the first renders after it can still fail fast, leaving the page to the browser as the product means for
  // a remote that does not answer (failed in 2 of 4 clean-clone runs, three renders in a row within 1.4 s; never
  // alone). Not yet explained; a guess: the fetch pool's sockets to the stopped server, not yet seen closed.
  // The renders are spaced so the process can see them close; the page must come back within a few seconds.
  let restored = '';
  for (let attempt = 0; attempt < 8 && !rendered(restored); attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    restored = await html(renderer, '/terms');
  }
  assert.ok(rendered(restored), 'drawn again within eight renders, 500 ms apart');
  assert.match(restored, /Utsav is a bazaar/);
});

test("the host server hands the render server the live releases: a rendered page tells the browser its remotes' entry digests", async () => {
  const { storeRelease, promote, readRelease } = require(path.join(ROOT, 'tooling/src/release/store.cjs'));
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-releases-'));
  const version = '1.0.0-eeeeeeeeeeee';
  storeRelease(store, { remote: 'account', version, dist: accountBuildSaying('Utsav is a marketplace'), packageVersion: '1.0.0', inputHash: 'e'.repeat(64) });
  promote(store, 'account', version);
  const remote = await startServe({ dir: store, port: await freePort(), args: ['--releases', path.join(store, 'account')] });
  servers.add(remote);
  const host = await startServe({
    dir: HOST_DIST,
    args: ['--runtime-config', '--render', path.join(ROOT, 'host-shell/dist-server/render.js')],
    // a first render under a busy machine may take more than the default second
    env: { RELEASES_DIR: store, REMOTE_ACCOUNT_URL: remote.url, API_PUBLIC_URL: DEAD_API, SSR_RENDER_TIMEOUT_MS: '10000' },
  });
  servers.add(host);
  const page = await (await directFetch(`${host.url}/terms`)).text();
  assert.ok(rendered(page));
  const { digests } = readRelease(store, 'account', version);
  assert.ok(page.includes(`"integrity":{"account":{"base":"${remote.url}/${version}/","digests":{"mf-manifest.json":"${digests['mf-manifest.json']}","remoteEntry.js":"${digests['remoteEntry.js']}"}}}`), 'the page carries the digests');
  assert.deepEqual(await (await directFetch(`${host.url}/remote-integrity.json`)).json(), {
    account: { base: `${remote.url}/${version}/`, digests: { 'mf-manifest.json': digests['mf-manifest.json'], 'remoteEntry.js': digests['remoteEntry.js'] } },
  });
});
