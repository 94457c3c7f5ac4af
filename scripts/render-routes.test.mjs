// The host's pages rendered on the server (tooling/src/render-routes.cjs), run as the real binary
// (serve.cjs --render) with a stand-in renderer in place of host-shell/dist-server/render.js: what
// reaches the browser for each of the renderer's answers (302s of the guard, a page, the static shell),
// the session cookie handed to it, the page's head arriving before the rest is rendered, and a
// renderer that throws costing one page, not the server.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, test } from 'node:test';
import { startServe } from './lib/serve-process.mjs';

const STATIC_PAGE = '<!doctype html><title>static shell</title><div id="root"></div><!--/root-->';

// The stand-in: answers by path, as the real renderer's kinds. Its export is a promise, as webpack's
// async start-up makes the real one's.
const RENDERER = `
let release;
const held = new Promise((resolve) => { release = resolve; });
exports.__esModule = true;
module.exports = Promise.resolve({
  async createRenderer(options) {
    return {
      async render({ url, sessionCookie, forwardedFor }) {
        if (url === '/release') { release(); return { kind: 'shell' }; }
        if (url.startsWith('/private')) return { kind: 'redirect', location: '/login?next=%2Fprivate', signOut: sessionCookie === 'revoked' };
        if (url === '/shell') return { kind: 'shell' };
        if (url === '/throws') throw new Error('renderer bug');
        return {
          kind: 'page', status: url === '/missing' ? 404 : 200, signOut: false,
          async send(sink) {
            sink.write('<!doctype html><head>HEAD</head>');
            sink.flush();
            if (url === '/held') await held;
            sink.write('<main>' + JSON.stringify({ url, sessionCookie: sessionCookie ?? null, forwardedFor, apiUrl: options.apiUrl, hasShell: options.html.includes('static shell') }) + '</main>');
          },
        };
      },
    };
  },
});
`;

let host;

function startHost() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-render-'));
  fs.writeFileSync(path.join(dir, 'index.html'), STATIC_PAGE);
  fs.writeFileSync(path.join(dir, 'main.js'), 'console.log("app")');
  const renderer = path.join(dir, 'render.cjs');
  fs.writeFileSync(renderer, RENDERER);
  return startServe({ dir, args: ['--runtime-config', '--render', renderer], env: { API_INTERNAL_URL: 'http://api.internal:4000' } });
}

before(async () => {
  host = await startHost();
});
after(async () => {
  await host.stop();
});

/** GETs `pathname`; `onFirst` runs when the first piece of the (decoded) body arrives. */
function get(pathname, { cookie, encoding = 'br', onFirst, forwardedFor } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { 'Accept-Encoding': encoding, ...(cookie ? { Cookie: cookie } : {}), ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) };
    http
      .get(new URL(pathname, host.url), { headers }, (res) => {
        const decoded = res.headers['content-encoding'] === 'br' ? res.pipe(zlib.createBrotliDecompress()) : res;
        const pieces = [];
        decoded.on('data', (chunk) => {
          if (pieces.length === 0) onFirst?.(chunk.toString());
          pieces.push(chunk.toString());
        });
        decoded.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: pieces.join(''), pieces }));
        decoded.on('error', reject);
      })
      .on('error', reject);
  });
}

test("a page is the renderer's, compressed, never cached by anyone, with the page's security headers", async () => {
  const page = await get('/services?q=cake', { cookie: 'theme=dark; __session=planted; __Host-session=abc.def; utsav_session=u1', forwardedFor: '203.0.113.9' });
  assert.equal(page.status, 200);
  assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(page.headers['content-encoding'], 'br');
  assert.equal(page.headers['cache-control'], 'private, no-store');
  assert.equal(page.headers.vary, 'Cookie, Accept-Encoding');
  assert.match(page.headers['content-security-policy'], /script-src 'self'/);
  assert.equal(page.headers['x-content-type-options'], 'nosniff');
  const drawn = JSON.parse(/<main>(.*)<\/main>/.exec(page.body)[1]);
  // the session cookie (only it) reaches the renderer, which calls the API at its internal address for the
  // client (who asked, through any proxy in front of this server)
  assert.deepEqual(drawn, { url: '/services?q=cake', sessionCookie: 'abc.def', forwardedFor: '203.0.113.9, 127.0.0.1', apiUrl: 'http://api.internal:4000', hasShell: true });
  const plain = await get('/missing', { encoding: 'identity' });
  assert.equal(plain.status, 404);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.match(plain.body, /^<!doctype html><head>HEAD<\/head><main>/);
});

test("the head reaches the browser while the rest of the page is still being rendered", async () => {
  let firstPiece = null;
  const page = get('/held', {
    onFirst: (piece) => {
      firstPiece = piece;
      // only now does the renderer go on (another request releases it)
      void get('/release');
    },
  });
  const { body } = await page;
  assert.equal(firstPiece, '<!doctype html><head>HEAD</head>');
  assert.match(body, /<main>.*"url":"\/held"/);
});

test('the guard: a 302 with no body, and a refused session cookie cleared', async () => {
  const stranger = await get('/private');
  assert.equal(stranger.status, 302);
  assert.equal(stranger.headers.location, '/login?next=%2Fprivate');
  assert.equal(stranger.headers['cache-control'], 'private, no-store');
  assert.equal(stranger.headers['set-cookie'], undefined);
  assert.equal(stranger.body, '');
  const revoked = await get('/private', { cookie: '__Host-session=revoked' });
  assert.equal(revoked.status, 302);
  const cleared = revoked.headers['set-cookie'];
  assert.ok(cleared.some((line) => /^__Host-session=; .*Max-Age=0/.test(line)), cleared.join(' | '));
});

test('a page left to the browser, or a renderer that throws, gets the static shell; the server stays up', async () => {
  for (const pathname of ['/shell', '/throws']) {
    const page = await get(pathname, { encoding: 'identity' });
    assert.equal(page.status, 200);
    assert.equal(page.body, STATIC_PAGE);
  }
  const health = await get('/health', { encoding: 'identity' });
  assert.equal(health.status, 200);
  // files are never rendered
  assert.equal((await get('/main.js', { encoding: 'identity' })).body, 'console.log("app")');
});
