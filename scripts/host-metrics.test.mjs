// The host render server's /metrics (tooling/src/host-metrics.cjs), run as the real binary (serve.cjs --render)
// with a stand-in renderer that reports as the real one does (lib/metrics-host.mjs; what the real one reports:
// scripts/after-build/render-server.test.mjs): no METRICS_TOKEN, no /metrics; with it, a request without the
// token is refused and one with it gets Prometheus's text, labelled by route pattern and remote, never by the
// raw address.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { METRICS_TOKEN as TOKEN, startMetricsHost as startHost } from './lib/metrics-host.mjs';

let withToken;
let withoutToken;

before(async () => {
  [withToken, withoutToken] = await Promise.all([startHost({ METRICS_TOKEN: TOKEN }), startHost({})]);
});
after(async () => {
  await Promise.all([withToken?.stop(), withoutToken?.stop()]);
});

const scrape = (host, headers = {}) => fetch(new URL('/metrics', host.url), { headers });

test('without METRICS_TOKEN there is no /metrics: the address is one more page of the app', async () => {
  const res = await scrape(withoutToken, { Authorization: `Bearer ${TOKEN}` });
  assert.ok(!(res.headers.get('content-type') ?? '').startsWith('text/plain; version=0.0.4'));
  assert.doesNotMatch(await res.text(), /utsav_render_duration_seconds/);
});

test('a scrape without the token, or with another, is refused with 401 and a message', async () => {
  for (const headers of [{}, { Authorization: 'Bearer not-the-token' }, { Authorization: TOKEN }]) {
    const res = await scrape(withToken, headers);
    assert.equal(res.status, 401, JSON.stringify(headers));
    assert.match(await res.text(), /metrics bearer token/);
  }
});

test('with the token: render time, fallbacks and container loads by route pattern and remote, never the raw address', async () => {
  for (const url of ['/services/svc-1', '/services/svc-2', '/services/svc-down']) {
    const res = await fetch(new URL(url, withToken.url));
    assert.equal(res.status, 200);
    await res.text();
  }
  const res = await scrape(withToken, { Authorization: `Bearer ${TOKEN}` });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  assert.match(text, /^utsav_render_duration_seconds_count\{route="\/services\/:serviceId",remote="catalog",outcome="rendered"\} 2$/m);
  assert.match(text, /^utsav_render_duration_seconds_count\{route="\/services\/:serviceId",remote="catalog",outcome="fallback"\} 1$/m);
  assert.match(text, /^utsav_render_fallbacks_total\{route="\/services\/:serviceId",remote="catalog"\} 1$/m);
  assert.match(text, /^utsav_remote_container_loads_total\{remote="catalog",outcome="loaded"\} 2$/m);
  assert.match(text, /^utsav_remote_container_loads_total\{remote="catalog",outcome="failed"\} 1$/m);
  // the process's own (event loop, memory), prefixed as the host's
  assert.match(text, /^utsav_host_process_cpu_seconds_total /m);
  assert.doesNotMatch(text, /svc-1|svc-down/);
});
