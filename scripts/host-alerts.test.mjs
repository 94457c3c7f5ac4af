// The host render server's alerts and dashboard as code (issue 38, item 4): the `utsav-host` group of
// deploy/prometheus/alerts.yml and deploy/grafana/utsav-host.json, checked against a real scrape of the host
// server (promtool is on neither registry here): every metric and label they name is one it serves. Each rule's
// parts and its runbook section are checked with the API's in api/test/alerts.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'yaml';
import { ROOT } from './lib/paths.mjs';
import { METRICS_TOKEN, startMetricsHost } from './lib/metrics-host.mjs';

const group = parse(fs.readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8')).groups.find((each) => each.name === 'utsav-host');
const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'deploy/grafana/utsav-host.json'), 'utf8'));
const expressions = [...group.rules.map((rule) => rule.expr), ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr))];
const base = (name, served) => (served.has(name) ? name : name.replace(/_(bucket|count|sum)$/, ''));

let host;
/** metric name -> the label names its series carry, from a real scrape */
const served = new Map();

before(async () => {
  host = await startMetricsHost({ METRICS_TOKEN });
  // a page drawn, one fallen back: every series the rules read exists
  for (const url of ['/services/svc-1', '/services/svc-down']) await (await fetch(new URL(url, host.url))).text();
  const text = await (await fetch(new URL('/metrics', host.url), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  for (const [, name] of text.matchAll(/^# TYPE (\S+) /gm)) served.set(name, new Set());
  for (const [, name, labels] of text.matchAll(/^([a-z_:][a-z0-9_:]*)\{([^}]*)\}/gm)) {
    for (const [, label] of labels.matchAll(/([a-z_]+)="/g)) served.get(base(name, served))?.add(label);
  }
});
after(() => host?.stop());

test('the host group has its alerts: render fallbacks, a remote unavailable, readiness flapping', () => {
  assert.deepEqual(group.rules.map((rule) => rule.alert), ['UtsavRenderFallbacks', 'UtsavRemoteUnavailable', 'UtsavHostReadinessFlapping']);
});

test('every expression is balanced, and every metric and label it names is served by the host server', () => {
  assert.ok(served.has('utsav_render_duration_seconds'), [...served.keys()].join(' '));
  for (const expr of expressions) {
    for (const [open, close] of [['(', ')'], ['{', '}'], ['[', ']']]) assert.equal(expr.split(open).length, expr.split(close).length, expr);
    const metrics = [...expr.matchAll(/\b(utsav_[a-z0-9_]+)(\{([^}]*)\})?/g)];
    // none of the host's: Prometheus's own `up` of the host's job
    if (metrics.length === 0) assert.match(expr, /\bup\{job="utsav-host"\}/);
    for (const [, name, , selector] of metrics) {
      assert.ok(served.has(base(name, served)), `not served: ${name} (${expr})`);
      for (const [, label] of (selector ?? '').matchAll(/([a-z_]+)\s*[=!~]/g)) assert.ok(served.get(base(name, served)).has(label), `${name} has no label ${label}`);
    }
    const carried = new Set(metrics.flatMap(([, name]) => [...(served.get(base(name, served)) ?? [])]));
    for (const [, labels] of carried.size === 0 ? [] : expr.matchAll(/\bby \(([^)]*)\)/g)) {
      for (const label of labels.split(',').map((each) => each.trim())) if (label !== 'le' && label !== 'instance') assert.ok(carried.has(label), `${expr}: no label ${label}`);
    }
  }
});

test('the dashboard is a Grafana dashboard of the host whose panels each query something', () => {
  assert.equal(dashboard.uid, 'utsav-host');
  assert.ok(dashboard.panels.length >= 4);
  for (const panel of dashboard.panels) assert.ok(panel.targets.length > 0, panel.title);
});
