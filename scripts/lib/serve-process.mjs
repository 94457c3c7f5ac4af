import { spawn } from 'node:child_process';
import { once } from 'node:events';
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
