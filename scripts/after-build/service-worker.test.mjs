// The host's service worker as built (host-shell/dist/sw.js, tooling/src/service-worker.cjs): its precache
// list is the host's browser build and nothing else, the entry under the versioned URL its pages name, and
// every file it lists is there to be fetched.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

const require = createRequire(import.meta.url);
const { ENTRY, versionOf } = require('../../tooling/src/service-worker.cjs');

const DIST = path.join(ROOT, 'host-shell/dist');
const worker = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
const start = worker.indexOf('[{"');
/** @type {{ url: string, revision: string | null }[]} */
const precache = JSON.parse(worker.slice(start, worker.indexOf('}]', start) + 2));
const urls = precache.map((entry) => entry.url);

test('the pages name the entry by its content hash, and the worker precaches it under that URL', () => {
  const versioned = `/${ENTRY}?v=${versionOf(fs.readFileSync(path.join(DIST, ENTRY)))}`;
  for (const page of ['index.html', 'login.html']) assert.ok(fs.readFileSync(path.join(DIST, page), 'utf8').includes(`src="${versioned}"`), page);
  assert.ok(urls.includes(versioned), versioned);
  assert.ok(!urls.includes(`/${ENTRY}`));
});

test('it precaches the app shell and the JavaScript of the host build, every file there, each hashed name once', () => {
  assert.ok(urls.includes('/index.html'));
  assert.equal(precache.find((entry) => entry.url === '/index.html')?.revision?.length, 32);
  for (const url of urls) assert.ok(fs.existsSync(path.join(DIST, url.split('?')[0])), url);
  assert.equal(new Set(urls).size, urls.length);
  // a content-hashed name is its own revision
  for (const entry of precache.filter((e) => /\.[0-9a-f]{10}\.js$/.test(e.url))) assert.equal(entry.revision, null, entry.url);
  assert.ok(urls.some((url) => /^\/boot\.[0-9a-f]{10}\.js$/.test(url)));
  assert.ok(urls.some((url) => /^\/sw-register\.[0-9a-f]{10}\.js$/.test(url)));
});

test('it precaches no page but the shell, no manifest, no worker, and nothing a page never loads', () => {
  for (const url of urls) {
    assert.ok(!/login\.html|manifest|remote-pages|sw\.js|\.map$/.test(url), url);
    const text = fs.readFileSync(path.join(DIST, url.split('?')[0]), 'utf8');
    // Node-format chunks left in dist/ by the page template's child compilation
    assert.ok(!text.startsWith('"use strict";exports.ids'), url);
  }
});
