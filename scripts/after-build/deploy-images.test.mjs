// The container images of deploy/ (issue 21, item 4) against the build `npm start` makes: every file an
// image copies from the build exists, and the server starts from exactly those files — staged in a
// folder laid out as the image's /srv (its installed dependencies stood in for by this checkout's) — and
// answers as deployed: the API its /health and /ready, and SIGTERM with exit 0; the host server its
// /health and a page. What Docker itself would do (pull node, install) is not run here: no registry
// but npm's is reachable from this machine.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

const staged = [];
const children = new Set();
after(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of staged) fs.rmSync(dir, { recursive: true, force: true });
});

/** The final stage of a Dockerfile: what it copies from the build context, its workdir and its CMD. */
export function finalStage(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM\s/m).slice(1);
  const last = stages.at(-1);
  const lines = last.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const copies = lines
    .filter((line) => /^COPY\s/.test(line) && !/--from=/.test(line))
    .map((line) => {
      const parts = line.split(/\s+/).slice(1).filter((part) => !part.startsWith('--'));
      return { sources: parts.slice(0, -1), destination: parts.at(-1) };
    });
  const cmd = JSON.parse(lines.find((line) => line.startsWith('CMD ')).slice(4));
  const workdir = lines.find((line) => line.startsWith('WORKDIR ')).split(/\s+/)[1];
  return { copies, cmd, workdir };
}

/** Copies what the image copies from the build into a new folder laid out as its WORKDIR. */
function stage(image) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-image-'));
  staged.push(dir);
  for (const { sources, destination } of image.copies) {
    for (const source of sources) {
      const from = path.join(ROOT, source);
      assert.ok(fs.existsSync(from), `${source} (copied by the image) is not there after the build`);
      const isDir = fs.statSync(from).isDirectory();
      if (isDir) assert.ok(fs.readdirSync(from).length > 0, `${source} (copied by the image) is empty after the build`);
      // COPY a/b.json a/ puts the file in the folder; COPY a/dist a/dist puts the folder's contents there
      const to = destination.endsWith('/') && !isDir ? path.join(dir, destination, path.basename(source)) : path.join(dir, destination);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.cpSync(from, to, { recursive: true });
    }
  }
  return dir;
}

function run(command, args, { cwd, env }) {
  const child = spawn(command, args, { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const waitFor = (pattern, timeoutMs = 90_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
      const check = () => {
        const found = pattern.exec(output);
        if (!found) return;
        clearTimeout(timer);
        resolve(found);
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited ${code} before ${pattern}:\n${output}`));
      });
      check();
    });
  return { child, waitFor, output: () => output };
}

test('the API image: what it copies is built, and the API starts from it, answers /health and /ready, and stops on SIGTERM', async () => {
  const image = finalStage(path.join(ROOT, 'deploy/api.Dockerfile'));
  assert.deepEqual(image.cmd, ['node', 'api/dist/server.js']);
  const dir = stage(image);
  assert.ok(fs.existsSync(path.join(dir, image.cmd[1])), 'the CMD runs a file the image copies');
  // the local stand-ins (stand-ins/: the payment sandbox, the message catcher, the provider stand-in) are not in it: not
  // their code, not their dependencies (the API loads the provider stand-in from the stand-ins package's own build)
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, 'api/package.json'), 'utf8'));
  for (const standIn of ['@utsav/stand-ins', 'smtp-server', 'mailparser']) assert.ok(!(standIn in dependencies), `${standIn} is a production dependency of the API`);
  const copied = fs.readdirSync(path.join(dir, 'api/dist'), { recursive: true });
  assert.deepEqual(copied.filter((file) => /sandbox|catcher|stand-in/.test(file)), []);
  const bundle = fs.readFileSync(path.join(dir, image.cmd[1]), 'utf8');
  assert.doesNotMatch(bundle, /Payment sandbox listening|Message catcher listening|provider stand-in on|provider stand-in accepted/);
  // esbuild names each module it bundles in a comment: none is the stand-ins package's, nor the demo catalog's seed
  // (api/dist-local/, which the image does not copy: production never seeds)
  assert.doesNotMatch(bundle, /^\/\/ .*stand-ins\/src\//m);
  assert.doesNotMatch(bundle, /^\/\/ src\/catalog\/seed\//m);
  assert.ok(!image.copies.some(({ sources }) => sources.some((source) => source.includes('dist-local'))), 'the image copies the local-only build');
  // the image's installed production dependencies, stood in for by this checkout's
  fs.symlinkSync(path.join(ROOT, 'api/node_modules'), path.join(dir, 'api/node_modules'), 'dir');
  const dataDir = path.join(dir, 'data');
  const api = run(process.execPath, image.cmd.slice(1), {
    cwd: dir,
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WRITE_RATE_LIMIT_PER_MINUTE: '0' },
  });
  const [, url] = await api.waitFor(/Utsav API listening on (http:\/\/[^"\s]+)/);
  assert.equal((await fetch(`${url}/health`)).status, 200);
  assert.equal((await fetch(`${url}/ready`)).status, 200);
  // its migrations came with it (the catalog answers), and it never seeds: the demo catalog is only for local runs
  // (SEED_DEMO_CATALOG, which production refuses)
  const catalog = await fetch(`${url}/services?limit=1`);
  assert.equal(catalog.status, 200);
  assert.deepEqual(await catalog.json(), { results: [], total: 0, limit: 1, offset: 0 });
  assert.doesNotMatch(api.output(), /catalog seeded/);
  api.child.kill('SIGTERM');
  const [code] = await once(api.child, 'exit');
  assert.equal(code, 0, api.output());
});

test('the host image: what it copies is built, and the host server starts from it and draws a page', async () => {
  const image = finalStage(path.join(ROOT, 'deploy/host.Dockerfile'));
  assert.equal(image.cmd[1], 'tooling/src/serve.cjs');
  const dir = stage(image);
  for (const file of [image.cmd[1], image.cmd[image.cmd.indexOf('--render') + 1], path.join(image.cmd[image.cmd.indexOf('--dir') + 1], 'index.html')]) {
    assert.ok(fs.existsSync(path.join(dir, file)), `${file} (which the CMD uses) is in the image`);
  }
  fs.symlinkSync(path.join(ROOT, 'tooling/node_modules'), path.join(dir, 'node_modules'), 'dir');
  const args = image.cmd.slice(1).map((arg, i, all) => (all[i - 1] === '--port' ? '0' : arg));
  // no API or remotes behind it: a page goes out as the static shell, as when they are down
  const host = run(process.execPath, args, {
    cwd: dir,
    env: { API_PUBLIC_URL: 'http://127.0.0.1:9', REMOTE_CATALOG_URL: 'http://127.0.0.1:9', REMOTE_BOOKING_URL: 'http://127.0.0.1:9', REMOTE_CHECKOUT_URL: 'http://127.0.0.1:9', REMOTE_ACCOUNT_URL: 'http://127.0.0.1:9' },
  });
  const [, port] = await host.waitFor(/on http:\/\/localhost:(\d+)/);
  const url = `http://localhost:${port}`;
  assert.equal((await fetch(`${url}/health`)).status, 200);
  const page = await fetch(`${url}/terms`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="root"/);
  const remotes = await (await fetch(`${url}/remotes.json`)).json();
  assert.ok(Object.keys(remotes).length >= 4, JSON.stringify(remotes));
  host.child.kill('SIGTERM');
  await once(host.child, 'exit');
});
