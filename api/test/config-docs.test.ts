import fs from 'node:fs';
import path from 'node:path';
import { environmentTable } from '@utsav/tooling/src/environment.cjs';
import { hostEnvironment } from '@utsav/tooling/src/host-environment.cjs';
import { releaseEnvironment } from '@utsav/tooling/src/release/release-environment.cjs';
import { apiEnvironment, REPO_ROOT } from '../src/config';
import { configurationDocument } from '../scripts/configuration-document';

// docs/configuration.md's tables are the schemas': a variable added, renamed or re-documented in
// api/src/config.ts, tooling/src/host-environment.cjs, stand-ins/src/config.ts or tooling/src/release/release-environment.cjs
// without `npm run docs:config` fails here
const DOC = path.join(REPO_ROOT, 'docs/configuration.md');

test('docs/configuration.md shows the schemas: every variable, its default, meaning and production rule', () => {
  const document = fs.readFileSync(DOC, 'utf8');
  expect(configurationDocument(document)).toBe(document);
});

test('a table has a row for every variable of its schema, and marks the secrets', () => {
  const api = environmentTable(apiEnvironment);
  for (const name of Object.keys(apiEnvironment.shape)) expect(api).toContain(`| \`${name}\``);
  expect(api).toContain('| `DATABASE_URL` (secret) |');
  expect(api).toContain('| `RAZORPAY_WEBHOOK_SECRET` (secret) |');
  // the variables the hand-written list once forgot
  for (const name of ['LOG_LEVEL', 'RATE_LIMIT_STORE', 'SHUTDOWN_DRAIN_MS']) expect(api).toContain(`| \`${name}\` |`);
  const host = environmentTable(hostEnvironment);
  for (const name of ['API_PUBLIC_URL', 'REMOTE_CATALOG_URL', 'REMOTE_ACCOUNT_PUBLIC_KEY', 'SESSION_COOKIE_SECURE', 'SSR_RENDER_TIMEOUT_MS']) expect(host).toContain(`| \`${name}\` |`);
  // the release commands': the variables they share with the host server are the host's own entries (one definition)
  const release = environmentTable(releaseEnvironment);
  expect(release).toContain('| `RELEASE_SIGNING_KEY` (secret) |');
  for (const name of ['RELEASES_DIR', 'REMOTE_CHECKOUT_PUBLIC_KEY', 'RELEASE_KEYS_DIR']) {
    expect(releaseEnvironment.shape[name]).toBe(hostEnvironment.shape[name]);
    expect(release).toContain(`| \`${name}\` |`);
  }
});

test('a drifted table is told apart, in either', () => {
  const document = fs.readFileSync(DOC, 'utf8');
  for (const [from, to] of [
    ['| `SHUTDOWN_DRAIN_MS` |', '| `SHUTDOWN_DRAIN_SECONDS` |'],
    ['| `REMOTE_CHECK_MS` |', '| `REMOTE_CHECK_SECONDS` |'],
    ['| `RELEASE_SIGNING_KEY` (secret) |', '| `RELEASE_SIGNING_KEY` |'],
  ] as const) {
    const drifted = document.replace(from, to);
    expect(drifted).not.toBe(document);
    expect(configurationDocument(drifted)).not.toBe(drifted);
  }
});
