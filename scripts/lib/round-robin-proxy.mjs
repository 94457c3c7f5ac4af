// A small round-robin HTTP proxy: the load balancer in front of several identical instances, as the
// scale-out journey (scripts/lib/scale-out.mjs) needs it. Not for production: a real deployment has
// its cloud's load balancer (docs/deploy.md).
import http from 'node:http';

/** Refused or unreachable before a byte was sent: the request never reached the instance, so trying the next one is safe, even for a POST. */
const NEVER_REACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND']);

/** Where the proxy answers with who served what so far ({ served, log }) instead of passing the request on. */
export const LOG_PATH = '/__proxy/log';

/**
 * Listens on `port` and sends each request to the next of `backends` ({ name, url }) in turn. Reads
 * (GET, HEAD, OPTIONS) and writes take turns separately, so consecutive writes always land on different
 * instances however many reads the page makes in between. Each answer says who served it (`x-served-by`).
 * A backend that refuses the connection (stopped, killed) is skipped and the request goes to the next one,
 * as a load balancer's health check would; a response cut off midway (an instance killed while it streamed)
 * is cut off for the client too. Responses stream through (Server-Sent Events included).
 */
export async function startRoundRobinProxy({ port, backends }) {
  if (backends.length === 0) throw new Error('a proxy needs at least one backend');
  const turns = { read: 0, write: 0 };
  const served = Object.fromEntries(backends.map((backend) => [backend.name, 0]));
  /** every request in order: { method, path, servedBy } (what the tests read) */
  const log = [];

  const forward = (req, res, body, order, attempt) => {
    const backend = order[attempt];
    if (!backend) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('no instance answered');
      return;
    }
    const target = new URL(req.url, backend.url);
    const outgoing = http.request(
      target,
      // a new connection per request (agent: false): a killed instance is seen at once, never through a pooled socket
      { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' }, agent: false },
      (answer) => {
        served[backend.name] += 1;
        log.push({ method: req.method, path: req.url, servedBy: backend.name, status: answer.statusCode });
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(res);
        // the instance died mid-answer: so does the answer (the client sees a broken response, not a short one)
        answer.once('aborted', () => res.destroy());
        answer.once('error', () => res.destroy());
      },
    );
    outgoing.once('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (NEVER_REACHED.has(error.code)) {
        forward(req, res, body, order, attempt + 1);
        return;
      }
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`${backend.name}: ${error.message}`);
    });
    // the client went away (a closed stream): so does the request to the instance
    res.once('close', () => outgoing.destroy());
    outgoing.end(body);
  };

  const server = http.createServer((req, res) => {
    // the proxy's own record, for the test that runs it (a real load balancer has its access log)
    if (req.url === LOG_PATH) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ served, log }));
      return;
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const kind = ['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? 'GET') ? 'read' : 'write';
      const first = turns[kind] % backends.length;
      turns[kind] += 1;
      const order = [...backends.slice(first), ...backends.slice(0, first)];
      forward(req, res, Buffer.concat(chunks), order, 0);
    });
  });
  // a long-lived stream through the proxy is not idle
  server.requestTimeout = 0;
  server.keepAliveTimeout = 5000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve); // every interface, as the servers it stands for (the browser asks localhost)
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    served,
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
