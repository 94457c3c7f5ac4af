// The floor of every Lighthouse figure: a static page, served by the apps' own static server on this
// machine and measured in the same browser and run as the routes, so each route's score and LCP can be
// read next to what this machine gives a page with no JavaScript at all (the machine is noisy: two runs
// an hour apart differ by 10 points; ratios to the floor of the same run do not drift with it).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const { createServer, loadFiles } = createRequire(import.meta.url)('../../tooling/src/serve.cjs');

export const FLOOR_PATH = '/floor.html';

/** A phone page like the app's first screen: a top bar, a heading, a cover image and a few cards, no script. */
const COVER = `<svg xmlns="http://www.w3.org/2000/svg" width="780" height="440" viewBox="0 0 780 440"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7b1f4b"/><stop offset="1" stop-color="#d6336c"/></linearGradient></defs><rect width="780" height="440" fill="url(#g)"/><circle cx="600" cy="120" r="90" fill="#fff" opacity=".15"/><text x="40" y="400" font-family="sans-serif" font-size="64" fill="#fff">Utsav</text></svg>`;

function floorHtml() {
  const cards = ['Photography', 'Catering', 'Makeup', 'Venues', 'Haircut', 'Massage']
    .map((name) => `<li class="card"><h2>${name}</h2><p>Trusted providers near you, from ₹1,500.00</p></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor · a static page</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#faf6f4;color:#222}header{height:56px;display:flex;align-items:center;padding:0 16px;background:#fff;border-bottom:1px solid #eee;font-weight:700;color:#7b1f4b;font-size:22px}main{padding:16px;max-width:720px;margin:0 auto}h1{font-size:28px;margin:8px 0 16px}img{width:100%;height:auto;border-radius:12px;display:block}ul{list-style:none;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:12px}.card{background:#fff;border-radius:12px;padding:12px;border:1px solid #eee}.card h2{font-size:16px;margin:0 0 4px}.card p{margin:0;font-size:14px;color:#666}</style>
</head><body><header>Utsav</header><main><h1>Find wedding and personal services</h1>
<img src="/cover.svg" alt="" width="780" height="440" fetchpriority="high"><ul>${cards}</ul></main></body></html>`;
}

/** Serves the floor page on a free port; `url` is the page, `close` stops the server and removes its folder. */
export async function startFloorServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-floor-'));
  fs.writeFileSync(path.join(dir, FLOOR_PATH.slice(1)), floorHtml());
  fs.writeFileSync(path.join(dir, 'cover.svg'), COVER);
  const server = createServer(loadFiles(dir, {}));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}${FLOOR_PATH}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
