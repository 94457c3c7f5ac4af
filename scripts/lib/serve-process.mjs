import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.mjs';

const SERVE = path.join(ROOT, 'tooling/src/serve.cjs');

/**
 * tooling/src/serve.cjs serving `dir` as its own process (as every app is deployed), with exactly `env`
 * (plus PATH); resolves once it listens, rejects if it exits first. `port` 0 takes a free one.
 */
export async function startServe({ dir, port = 0, args = [], env = {} }) {
  const child = spawn(process.execPath, [SERVE, '--dir', dir, '--port', String(port), ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const listening = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (found) resolve(Number(found));
    });
    child.once('exit', (code) => reject(new Error(`serve.cjs exited ${code}: ${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  return { child, port: listening, url: `http://localhost:${listening}`, stop };
}

/** The host's static server with its runtime config: the routes it hands to the API (/session, /media/) go to `apiUrl`; `env` adds to its environment. */
export async function startHostFor(apiUrl, env = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-host-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  const host = await startServe({ dir, args: ['--runtime-config'], env: { API_INTERNAL_URL: apiUrl, ...env } });
  const stop = async () => {
    await host.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ...host, stop };
}

/** startHostFor a stand-in API answering with `handler`; `stop` stops both. */
export async function startHostBeforeApi(handler, env = {}) {
  const api = http.createServer(handler);
  api.listen(0, '127.0.0.1');
  await once(api, 'listening');
  const host = await startHostFor(`http://127.0.0.1:${api.address().port}`, env);
  const stop = async () => {
    await host.stop();
    api.close();
  };
  return { ...host, stop };
}
