/**
 * The host render server's metrics in Prometheus's text format (prom-client), on `GET /metrics` behind a
 * bearer token (METRICS_TOKEN, as the API's: api/src/http/metrics.ts; unset, the route does not exist). Labels
 * are route patterns (`/services/:serviceId`, one label for every address no page has) and remote names, never
 * a raw URL. What it counts comes from the renderer's observer (host-shell/src/server/render.tsx):
 * - each page sent: how long it took, and whether the server drew it or left the static shell to the browser
 *   (a fallback), per route and remote;
 * - each route's page code asked of its remote's server container: loaded, failed (the remote is down), late.
 */
const crypto = require('node:crypto');
const { Counter, Histogram, Registry, collectDefaultMetrics } = require('prom-client');

const METRICS_PATH = '/metrics';

/** One registry per server (a test process makes several), with the process's default metrics. */
function createHostMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'utsav_host_' });
  const renders = new Histogram({
    name: 'utsav_render_duration_seconds',
    help: 'Server render of a page, from its head sent to its last byte, by route pattern, remote and outcome (rendered, fallback)',
    labelNames: ['route', 'remote', 'outcome'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'utsav_render_fallbacks_total',
    help: 'Pages left to the browser to draw (the static shell sent), by route pattern and remote',
    labelNames: ['route', 'remote'],
    registers: [registry],
  });
  const containers = new Counter({
    name: 'utsav_remote_container_loads_total',
    help: "A route's page code asked of its remote's server container, by remote and outcome (loaded, failed, late)",
    labelNames: ['remote', 'outcome'],
    registers: [registry],
  });
  /** @type {import('../../host-shell/src/server/render').RenderObserver} */
  const observe = {
    page({ route, remote, outcome, seconds }) {
      renders.observe({ route, remote, outcome }, seconds);
      if (outcome === 'fallback') fallbacks.inc({ route, remote });
    },
    container(remote, outcome) {
      containers.inc({ remote, outcome });
    },
  };
  return { registry, observe };
}

function sameToken(given, token) {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The /metrics route: the registry's text to a GET with `Authorization: Bearer <token>`, 401 otherwise.
 * @returns {(req, res) => Promise<void>}
 */
function metricsRoute(registry, token) {
  return async function answerMetrics(req, res) {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameToken(given, token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' });
      res.end('Unauthorized: /metrics takes the metrics bearer token');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
      res.end('Method not allowed: GET /metrics');
      return;
    }
    const body = await registry.metrics();
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

module.exports = { METRICS_PATH, createHostMetrics, metricsRoute };
