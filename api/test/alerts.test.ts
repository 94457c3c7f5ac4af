import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/config';
import { request, startTestServer, TEST_METRICS_TOKEN, type TestServer } from './support/test-server';

/**
 * Alerts and the dashboard as code (issue 38, item 4): deploy/prometheus/alerts.yml and deploy/grafana/utsav-api.json
 * are checked here (promtool is not on this machine's registries' path): every rule is complete and points at its
 * runbook section in docs/operations.md, and every metric and label they name is one a real API serves.
 */

interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; runbook_url: string };
}

const ALERTS = path.join(REPO_ROOT, 'deploy/prometheus/alerts.yml');
const DASHBOARD = path.join(REPO_ROOT, 'deploy/grafana/utsav-api.json');
const OPERATIONS = fs.readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
const groups = (parse(fs.readFileSync(ALERTS, 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> }).groups;
const rules = groups.flatMap((group) => group.rules);
// the host render server's group names the host's metrics: scripts/host-alerts.test.mjs checks them against its scrape
const apiRules = groups.filter((group) => group.name === 'utsav-api').flatMap((group) => group.rules);
const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { uid: string; panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
const expressions = [...apiRules.map((rule) => rule.expr), ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr))];

/** GitHub's anchor of a heading: lower case, spaces to dashes, punctuation out. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
const anchors = new Set([...OPERATIONS.matchAll(/^#{2,4} (.+)$/gm)].map((match) => anchorOf(match[1]!)));

let server: TestServer;
/** metric name -> the label names its series carry, from a real scrape */
const served = new Map<string, Set<string>>();
beforeAll(async () => {
  server = await startTestServer();
  await request(`${server.url}/services/latest`);
  const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).text();
  for (const [, name] of text.matchAll(/^# TYPE (\S+) /gm)) served.set(name!, new Set());
  for (const [, name, labels] of text.matchAll(/^([a-z_:][a-z0-9_:]*)\{([^}]*)\}/gm)) {
    const base = served.has(name!) ? name! : name!.replace(/_(bucket|count|sum)$/, '');
    for (const [, label] of labels!.matchAll(/([a-z_]+)="/g)) served.get(base)?.add(label!);
  }
});
afterAll(() => server.close());

test('every rule is complete: a unique name, an expression, how long, a severity, a summary and its runbook', () => {
  expect(rules.length).toBeGreaterThanOrEqual(5);
  expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  for (const rule of rules) {
    expect(rule.alert).toMatch(/^Utsav[A-Za-z]+$/);
    expect(rule.expr.trim()).not.toBe('');
    expect(rule.for).toMatch(/^\d+[smh]$/);
    expect(['page', 'ticket']).toContain(rule.labels.severity);
    expect(rule.annotations.summary.length).toBeGreaterThan(10);
    expect(rule.annotations.runbook_url).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
    expect({ section: rule.alert, inOperations: anchors.has(rule.alert.toLowerCase()) }).toEqual({ section: rule.alert, inOperations: true });
  }
});

test("the API's group is the API's rules, the host's group the host's (each checked against its own scrape)", () => {
  expect(groups.map((group) => group.name)).toEqual(['utsav-api', 'utsav-host']);
  expect(apiRules.length).toBeGreaterThanOrEqual(5);
});

test('every expression is balanced, and every metric it names is served by the API with the labels it uses', () => {
  expect(served.size).toBeGreaterThan(10);
  for (const expr of expressions) {
    for (const [open, close] of [['(', ')'], ['{', '}'], ['[', ']']] as const) expect(expr.split(open).length).toBe(expr.split(close).length);
    const metrics = [...expr.matchAll(/\b(utsav_[a-z0-9_]+)(\{([^}]*)\})?/g)];
    // each names one of the API's metrics, or Prometheus's own `up` (whether it reached the instance)
    if (metrics.length === 0) expect(expr).toMatch(/\bup\{job="utsav-api"\}/);
    for (const [, name, , selector] of metrics) {
      const base = served.has(name!) ? name! : name!.replace(/_(bucket|count|sum)$/, '');
      expect(served.has(base) ? base : `not served: ${name} (${expr})`).toBe(base);
      // (a metric with no series here, the PostgreSQL pool's on PGlite, is checked by the PostgreSQL run)
      if (served.get(base)!.size === 0) continue;
      for (const [, label] of (selector ?? '').matchAll(/([a-z_]+)\s*[=!~]/g)) expect([...served.get(base)!]).toContain(label);
    }
    // `by (…)` groups by labels the expression's metrics carry (le: a histogram's buckets; instance: Prometheus's)
    const carried = new Set(metrics.flatMap(([, name]) => [...(served.get(name!) ?? served.get(name!.replace(/_(bucket|count|sum)$/, '')) ?? [])]));
    for (const [, labels] of carried.size === 0 ? [] : expr.matchAll(/\bby \(([^)]*)\)/g)) {
      for (const label of labels!.split(',').map((each) => each.trim())) if (label !== 'le' && label !== 'instance') expect([...carried]).toContain(label);
    }
  }
});

test("the example scrape configuration loads the rules and scrapes the job the rules name, with the token", () => {
  const config = parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
    rule_files: string[];
    scrape_configs: Array<{ job_name: string; metrics_path: string; authorization: { type: string } }>;
  };
  expect(config.rule_files).toEqual(['alerts.yml']);
  expect(config.scrape_configs).toEqual([
    expect.objectContaining({ job_name: 'utsav-api', metrics_path: '/metrics', authorization: expect.objectContaining({ type: 'Bearer' }) }),
    expect.objectContaining({ job_name: 'utsav-host', metrics_path: '/metrics', authorization: expect.objectContaining({ type: 'Bearer' }) }),
  ]);
});

test('the dashboard is a Grafana dashboard of the API whose panels each query something', () => {
  expect(dashboard.uid).toBe('utsav-api');
  expect(dashboard.panels.length).toBeGreaterThan(5);
  for (const panel of dashboard.panels) expect(panel.targets.length).toBeGreaterThan(0);
});
