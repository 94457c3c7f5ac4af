// The browser suite's remote tags (e2e/support/test.ts) are checked on every test: this shows the check fires.
// It runs e2e/self-test (pages on a stand-in origin, no running system) and reads which tests failed, and why.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib/paths.mjs';
import { playwrightSpecs } from './lib/steps.mjs';

test('a test that opens a remote it is not tagged for, or is tagged for one it never opens, fails; sign-in does not count', () => {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-remote-tags-')), 'report.json');
  const cli = path.join(ROOT, 'e2e/node_modules/@playwright/test/cli.js');
  const run = spawnSync(process.execPath, [cli, 'test', '--config', 'self-test/playwright.config.ts'], {
    cwd: path.join(ROOT, 'e2e'),
    env: { ...process.env, E2E_REPORT: report, E2E_RECORD_TAGS: '' },
    encoding: 'utf8',
  });
  assert.ok(fs.existsSync(report), `no report:\n${run.stdout}\n${run.stderr}`);
  const outcomes = {};
  for (const spec of playwrightSpecs(JSON.parse(fs.readFileSync(report, 'utf8')))) {
    const [result] = spec.tests.flatMap((each) => each.results);
    outcomes[spec.title] = { status: result?.status, error: result?.error?.message ?? '' };
  }
  assert.equal(outcomes['tagged with the remotes it opens: passes']?.status, 'passed');
  assert.equal(outcomes['what it opens while signing in does not count: passes']?.status, 'passed');
  const untagged = outcomes['opens a remote it is not tagged for: fails'];
  assert.equal(untagged?.status, 'failed');
  assert.match(untagged.error, /the remote tags of/);
  assert.match(untagged.error, /@checkout/);
  const unused = outcomes['tagged for a remote it never opens: fails'];
  assert.equal(unused?.status, 'failed');
  assert.match(unused.error, /the remote tags of/);
  assert.notEqual(run.status, 0);
});
