import fs from 'node:fs';
import path from 'node:path';
import { apiEnvironment, REPO_ROOT } from '../src/config';
import { apiEnvironmentTable, withApiEnvironmentTable } from '../src/config-docs';

// docs/configuration.md's table of the API's variables is the schema's: a variable added, renamed or
// re-documented in api/src/config.ts without `pnpm --filter @utsav/api run docs:config` fails here
const DOC = path.join(REPO_ROOT, 'docs/configuration.md');

test('docs/configuration.md shows the schema: every variable, its default, meaning and production rule', () => {
  const document = fs.readFileSync(DOC, 'utf8');
  expect(withApiEnvironmentTable(document)).toBe(document);
});

test('the table has a row for every variable of the schema, and marks the secrets', () => {
  const table = apiEnvironmentTable();
  for (const name of Object.keys(apiEnvironment.shape)) expect(table).toContain(`| \`${name}\``);
  expect(table).toContain('| `DATABASE_URL` (secret) |');
  expect(table).toContain('| `RAZORPAY_WEBHOOK_SECRET` (secret) |');
  // the variables the hand-written list once forgot
  for (const name of ['LOG_LEVEL', 'RATE_LIMIT_STORE', 'SHUTDOWN_DRAIN_MS']) expect(table).toContain(`| \`${name}\` |`);
});

test('a drifted table is told apart', () => {
  const document = fs.readFileSync(DOC, 'utf8');
  const drifted = document.replace('| `SHUTDOWN_DRAIN_MS` |', '| `SHUTDOWN_DRAIN_SECONDS` |');
  expect(drifted).not.toBe(document);
  expect(withApiEnvironmentTable(drifted)).not.toBe(drifted);
});
