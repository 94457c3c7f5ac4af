// The host server's /media/ (tooling/src/media-proxy.cjs): the catalog's pictures on the page's own
// origin, run as the real binary against a stand-in for the API. What the picture's answer keeps, who
// the API is told asked, that nothing but /media/ reaches the API, and an API that is down.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import { startHostBeforeApi, startHostFor } from './lib/serve-process.mjs';

const PICTURE = Buffer.from([0, 0, 0, 28, 102, 116, 121, 112, 97, 118, 105, 102, 1, 2, 3, 4]);
const ID = '0b6c4a7e-2f0d-4c1b-9a53-5e8f1d2c3b4a';

/** What the stand-in API was asked. */
let calls = [];
let host;

before(async () => {
  host = await startHostBeforeApi((req, res) => {
    calls.push({ method: req.method, url: req.url, forwardedFor: req.headers['x-forwarded-for'], cookie: req.headers.cookie, authorization: req.headers.authorization });
    if (req.url === `/media/services/${ID}-480.avif`) {
      res.writeHead(200, { 'Content-Type': 'image/avif', 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Length': PICTURE.length, 'X-Powered-By': 'stand-in' });
      res.end(req.method === 'HEAD' ? undefined : PICTURE);
      return;
    }
    if (req.url === `/media/services/${ID}-500.avif`) {
      res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'Images are made 240, 360, 480, 720, 960 pixels wide: ask for one of those widths.' }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'Image not found' }));
  });
});
after(async () => {
  await host.stop();
});
beforeEach(() => {
  calls = [];
});

/** A GET of `rawPath` exactly as written. */
function rawGet(rawPath) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: host.port, path: rawPath }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer));
    });
    request.on('error', reject);
  });
}

test('a picture comes from the API with its type, length and immutable caching, and the client’s address', async () => {
  const answer = await fetch(`${host.url}/media/services/${ID}-480.avif`, { headers: { Cookie: '__Host-session=secret', Authorization: 'Bearer t' } });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('content-type'), 'image/avif');
  assert.equal(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(answer.headers.get('content-length'), String(PICTURE.length));
  assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(answer.headers.get('x-powered-by'), null);
  assert.deepEqual(Buffer.from(await answer.arrayBuffer()), PICTURE);
  assert.equal(calls.length, 1);
  // the person's address (the API's per-IP limits), and none of their credentials
  assert.match(calls[0].forwardedFor, /^(127\.0\.0\.1|::1)$/);
  assert.equal(calls[0].cookie, undefined);
  assert.equal(calls[0].authorization, undefined);
});

test('HEAD answers the headers only; the API’s refusals come back as they are, with their message', async () => {
  const head = await fetch(`${host.url}/media/services/${ID}-480.avif`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-length'), String(PICTURE.length));
  assert.equal(calls[0].method, 'HEAD');

  const width = await fetch(`${host.url}/media/services/${ID}-500.avif`);
  assert.equal(width.status, 400);
  assert.match((await width.json()).message, /^Images are made 240, 360/);
  const unknown = await fetch(`${host.url}/media/services/nothing.webp`);
  assert.equal(unknown.status, 404);
  assert.deepEqual(await unknown.json(), { message: 'Image not found' });
});

test('only /media/ reaches the API: dot segments are resolved first, and a write is refused here', async () => {
  // sent as written (fetch would resolve the dots itself)
  for (const sneaky of ['/media/../users/u1', '/media/%2e%2e/users/u1', '/media/services/%2E%2E/%2E%2E/health']) {
    const answer = await rawGet(sneaky);
    assert.notEqual(answer.headers['content-type'], 'image/avif', sneaky);
  }
  assert.ok(calls.every((call) => call.url.startsWith('/media/')), JSON.stringify(calls));
  const post = await fetch(`${host.url}/media/services/${ID}-480.avif`, { method: 'POST', body: 'x' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD');
});

test('an API that cannot be reached is a 502 with a message, and the server keeps serving', async () => {
  const dead = await startHostFor('http://127.0.0.1:9');
  try {
    const answer = await fetch(`${dead.url}/media/services/${ID}-480.avif`);
    assert.equal(answer.status, 502);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.match((await answer.json()).message, /picture could not be fetched/);
    assert.equal((await fetch(`${dead.url}/health`)).status, 200);
  } finally {
    await dead.stop();
  }
});
