// The scale-out journey's load balancer (scripts/lib/round-robin-proxy.mjs): turns, fail-over, streams.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { startRoundRobinProxy } from './lib/round-robin-proxy.mjs';

/** A backend that answers with its name and the request's method and body; /stream writes one event then holds the connection. */
async function backend(name) {
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, method: req.method, body }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    url: `http://127.0.0.1:${server.address().port}`,
    /** gone as a SIGKILL leaves it: every connection cut, nothing listening */
    kill: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let a;
let b;
let proxy;
before(async () => {
  a = await backend('a');
  b = await backend('b');
  proxy = await startRoundRobinProxy({ port: 0, backends: [a, b] });
});
after(async () => {
  await proxy.close();
  await a.kill().catch(() => undefined);
  await b.kill().catch(() => undefined);
});

const call = async (method, path = '/') => {
  const response = await fetch(`${proxy.url}${path}`, { method, ...(method === 'POST' ? { body: 'x' } : {}) });
  return { servedBy: response.headers.get('x-served-by'), body: await response.json() };
};

test('reads and writes take turns separately: consecutive writes land on different instances whatever reads come between', async () => {
  const first = await call('POST');
  await call('GET');
  await call('GET');
  await call('GET');
  const second = await call('POST');
  assert.notEqual(first.servedBy, second.servedBy);
  assert.deepEqual(second.body, { name: second.servedBy, method: 'POST', body: 'x' });
  const reads = [await call('GET'), await call('GET')].map((answer) => answer.servedBy);
  assert.deepEqual(new Set(reads), new Set(['a', 'b']));
});

test('a stream that its instance stops midway is cut off for the client too; then a killed instance is skipped, a POST included', async () => {
  // the stream's instance is whichever turn it falls on: kill that one
  const stream = await fetch(`${proxy.url}/stream`);
  const holder = stream.headers.get('x-served-by');
  const reader = stream.body.getReader();
  const { value } = await reader.read();
  assert.match(Buffer.from(value).toString(), /data: first/);
  await (holder === 'a' ? a : b).kill();
  await assert.rejects(async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return; // a clean end would be a lie: the instance died
    }
  });

  const survivor = holder === 'a' ? 'b' : 'a';
  const answers = [await call('POST'), await call('POST'), await call('GET'), await call('GET')];
  assert.deepEqual(
    answers.map((answer) => answer.servedBy),
    [survivor, survivor, survivor, survivor],
  );
  const { log } = await (await fetch(`${proxy.url}/__proxy/log`)).json();
  assert.deepEqual(log.slice(-4).map((entry) => entry.servedBy), [survivor, survivor, survivor, survivor], 'its log says who served what');
  assert.ok(log.some((entry) => entry.servedBy === holder && entry.path === '/stream'));
});
