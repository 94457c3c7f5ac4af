// The host server (serve.cjs --render, the real binary) with a stand-in renderer that reports to the observer it
// is handed as the real one does (host-shell/src/server/render.tsx): every page of /services/<id> is drawn from the
// catalog's container, except /services/svc-down, whose remote is down (a fallback). For the tests of its /metrics.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServe } from './serve-process.mjs';

export const METRICS_TOKEN = 'a-metrics-token-of-at-least-32-characters';

const RENDERER = `
module.exports = Promise.resolve({
  async createRenderer({ observe }) {
    return {
      async render({ url }) {
        return {
          kind: 'page', status: 200, signOut: false,
          async send(sink) {
            // as the real renderer: the route's pattern, never the address
            const drawn = url !== '/services/svc-down';
            observe?.container('catalog', drawn ? 'loaded' : 'failed');
            sink.write(drawn ? '<main>drawn</main>' : '<div id="root"></div>');
            observe?.page({ route: '/services/:serviceId', remote: 'catalog', outcome: drawn ? 'rendered' : 'fallback', seconds: 0.02 });
          },
        };
      },
    };
  },
});
`;

/** The host server with `env` (METRICS_TOKEN or not). */
export function startMetricsHost(env) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-host-metrics-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>static shell</title><div id="root"></div>');
  const renderer = path.join(dir, 'render.cjs');
  fs.writeFileSync(renderer, RENDERER);
  return startServe({ dir, args: ['--runtime-config', '--render', renderer], env });
}

