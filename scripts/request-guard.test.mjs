// The one guard of the front-end servers: whatever a request handler throws or rejects with is a 500
// (or a dropped connection once the answer started), never the end of the process.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { test } from 'node:test';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { guardServer } = require('../tooling/src/request-guard.cjs');
const { HSTS, transportHeaders } = require('../tooling/src/security-headers.cjs');

async function guarded(handler) {
  const logged = [];
  const server = guardServer(http.createServer(), handler, { log: (line) => logged.push(line) });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, logged, base: `http://127.0.0.1:${server.address().port}` };
}

const handler = async (req, res) => {
  if (req.url === '/sync') throw new Error('sync failure');
  if (req.url === '/async') {
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw new Error('async failure');
  }
  if (req.url === '/partial') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('half an ans');
    throw new Error('failure mid-answer');
  }
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('ok');
};

test('a handler that throws, or rejects, is answered 500 and logged, and the next request works', async () => {
  const { server, logged, base } = await guarded(handler);
  try {
    for (const route of ['/sync', '/async']) {
      const answer = await fetch(`${base}${route}`);
      assert.equal(answer.status, 500, route);
      assert.equal(await answer.text(), 'Internal server error');
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
      const next = await fetch(`${base}/`);
      assert.equal(next.status, 200);
      assert.equal(await next.text(), 'ok');
    }
    assert.equal(logged.length, 2);
    assert.match(logged[0], /GET \/sync failed: Error: sync failure/);
    assert.match(logged[1], /GET \/async failed: Error: async failure/);
  } finally {
    server.close();
  }
});

test('a handler that fails after its answer started has the connection dropped, and the next request works', async () => {
  const { server, logged, base } = await guarded(handler);
  try {
    await assert.rejects(async () => {
      const answer = await fetch(`${base}/partial`);
      await answer.text();
    });
    assert.match(logged[0], /failure mid-answer/);
    assert.equal((await fetch(`${base}/`)).status, 200);
  } finally {
    server.close();
  }
});

test('a request Node cannot parse is answered 400 and the server keeps serving', async () => {
  const { server, base } = await guarded(handler);
  try {
    const socket = net.connect(server.address().port, '127.0.0.1');
    socket.end('NOT HTTP AT ALL\r\n\r\n');
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    await once(socket, 'close');
    assert.match(data, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(data, /X-Content-Type-Options: nosniff/);
    assert.equal((await fetch(`${base}/`)).status, 200);
  } finally {
    server.close();
  }
});

test('HSTS is for requests over TLS or forwarded from https, never plain http', () => {
  assert.equal(HSTS, 'max-age=63072000; includeSubDomains');
  const request = (socket, headers = {}) => ({ socket, headers });
  assert.deepEqual(transportHeaders(request({ encrypted: true })), { 'Strict-Transport-Security': HSTS });
  assert.deepEqual(transportHeaders(request({}, { 'x-forwarded-proto': 'https' })), { 'Strict-Transport-Security': HSTS });
  assert.deepEqual(transportHeaders(request({}, { 'x-forwarded-proto': 'HTTPS, http' })), { 'Strict-Transport-Security': HSTS });
  assert.deepEqual(transportHeaders(request({})), {});
  assert.deepEqual(transportHeaders(request({}, { 'x-forwarded-proto': 'http' })), {});
  assert.deepEqual(transportHeaders(request({}, { 'x-forwarded-proto': 'http, https' })), {});
});
