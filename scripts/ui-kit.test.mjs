// The host provides the house UI kit (host-shell/src/federation/ui-kit.ts) so no remote brings a
// second copy of MUI: every MUI component any app imports must be in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib/paths.mjs';

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const APP_SOURCES = ['host-shell', 'mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'shared-contracts'].map((dir) => path.join(ROOT, dir, 'src'));
const kitFile = path.join(ROOT, 'host-shell/src/federation/ui-kit.ts');

test('every MUI component an app imports is in the host-provided UI kit', () => {
  const kit = new Set([...fs.readFileSync(kitFile, 'utf8').matchAll(/import\('(@mui\/material\/[A-Za-z]+)'\)/g)].map((m) => m[1]));
  const used = new Map();
  for (const file of APP_SOURCES.flatMap(sourceFiles)) {
    for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/from '(@mui\/material\/[A-Za-z]+)'/g)) used.set(name, path.relative(ROOT, file));
  }
  assert.ok(used.size > 20, 'the scan finds the apps’ MUI imports');
  const missing = [...used].filter(([name]) => !kit.has(name)).map(([name, file]) => `${name} (${file})`);
  assert.deepEqual(missing, [], `add these to ${path.relative(ROOT, kitFile)}`);
});
