// The host's built pages name the whole of its start in their head (tooling/src/perf/host-chunks.cjs):
// the boot chunk as a deferred script, and every chunk main.js would otherwise ask for only once it
// had run (the app's bootstrap, its render code, the host's own copies of the shared modules they use)
// as a preload, so they arrive together instead of one round trip after another.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';
import sharedModules from '../../tooling/src/shared-modules.cjs';

const DIST = path.join(ROOT, 'host-shell/dist');
const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const preloads = [...html.matchAll(/<link rel="preload" as="script" href="\/([^"]+)">/g)].map((match) => match[1]);
const scripts = [...html.matchAll(/<script [^>]*src="\/([^"?]+)[^"]*"/g)].map((match) => match[1]);
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'mf-manifest.json'), 'utf8'));
const sharedFiles = (name) => manifest.shared.find((entry) => entry.name === name).assets.js.sync;

test('every preloaded chunk is a built file, named once, and none is also a script of the page', () => {
  assert.ok(preloads.length > 0, 'no preloads in index.html');
  for (const file of preloads) assert.ok(fs.existsSync(path.join(DIST, file)), file);
  assert.equal(new Set(preloads).size, preloads.length);
  assert.deepEqual(preloads.filter((file) => scripts.includes(file)), []);
  assert.ok(scripts.some((file) => file.startsWith('boot.')), 'the boot chunk is a script of the page');
});

test("the host's own copies of the shared modules its start uses are named (the federation runtime asks for them only after bootstrap runs)", () => {
  for (const name of ['@utsav/contracts', '@utsav/contracts/router', '@utsav/contracts/i18n-core']) {
    assert.ok(sharedFiles(name).some((file) => preloads.includes(file)), `${name}: ${sharedFiles(name)} not preloaded`);
  }
  // a shared module only the remotes use (the host provides it) is not fetched at start
  for (const name of ['@mui/material/Popover', '@mui/material/List']) {
    assert.ok(sharedFiles(name).length > 0, name);
    assert.ok(!sharedFiles(name).some((file) => preloads.includes(file)), `${name} preloaded`);
  }
});

test("the signed-in frame's scripts are listed for the render server, not preloaded on every page (/login has no frame)", () => {
  const { layout } = JSON.parse(fs.readFileSync(path.join(DIST, 'preloads.json'), 'utf8'));
  assert.ok(layout.length > 0 && layout.every((file) => file.startsWith('/layout.') && fs.existsSync(path.join(DIST, file))), String(layout));
  assert.ok(!preloads.some((file) => file.startsWith('layout.')));
});

test("the render server is told which of the host's scripts each module of its share table needs, minus what index.html names", () => {
  const { provided } = JSON.parse(fs.readFileSync(path.join(DIST, 'preloads.json'), 'utf8'));
  // a module only the remotes' pages use: its own chunk, a built file
  const popover = provided['@mui/material/Popover'];
  assert.ok(popover.length > 0 && popover.every((file) => fs.existsSync(path.join(DIST, file))), String(popover));
  // a module of the host's start is in index.html already
  assert.deepEqual(provided['@utsav/contracts'], []);
});

test("each remote's build lists the shared modules each of its pages uses (page-shares.json, beside its manifest)", () => {
  for (const remote of ['mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'mfe-provider']) {
    const dist = path.join(ROOT, remote, 'dist');
    const shares = JSON.parse(fs.readFileSync(path.join(dist, 'page-shares.json'), 'utf8'));
    const { exposes } = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    for (const { path: exposed } of exposes) {
      assert.ok(shares[exposed]?.includes('@utsav/contracts'), `${remote} ${exposed}: ${shares[exposed]}`);
      assert.ok(shares[exposed].some((key) => key.startsWith('@mui/material/')), `${remote} ${exposed} uses no MUI part?`);
    }
  }
});

test("each remote's browser build takes the host's singletons from the host alone: no copy of its own, each listed for the gate (host-shares.json)", () => {
  const hostKeys = new Set(sharedModules.SINGLETONS.map(([key]) => key));
  for (const remote of ['mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'mfe-provider']) {
    const dist = path.join(ROOT, remote, 'dist');
    const taken = JSON.parse(fs.readFileSync(path.join(dist, 'host-shares.json'), 'utf8')).map((entry) => entry.name);
    for (const key of ['react', '@utsav/contracts', '@utsav/contracts/i18n-core']) assert.ok(taken.includes(key), `${remote}: ${taken}`);
    assert.ok(taken.some((key) => key.startsWith('@mui/material/')), `${remote} takes no MUI part: ${taken}`);
    // a taken module is one of the host's (a prefix key's subpath counts as its key)
    for (const key of taken) assert.ok(hostKeys.has(key) || [...hostKeys].some((prefix) => prefix.endsWith('/') && key.startsWith(prefix)), `${remote} takes ${key}`);
    // the manifest offers none of them: the build has no copy to offer
    const { shared } = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    const offered = shared.filter((entry) => entry.assets.js.sync.length > 0).map((entry) => entry.name);
    assert.deepEqual(offered.filter((name) => taken.includes(name)), [], `${remote} offers its own copy`);
  }
});
