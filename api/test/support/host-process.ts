import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface HostProcess {
  /** the port it listens on (every interface, as deployed) */
  port: number;
  stop(): Promise<void>;
}

/**
 * The host's server (tooling/src/serve.cjs --runtime-config, its own process as deployed) handing its API
 * routes (POST /session, /media/) to `apiUrl`: an API test can then go through the host as a browser does.
 * scripts/lib/serve-process.mjs starts it the same way for the node tests (an .mjs jest cannot load).
 */
export async function startHostProcess(apiUrl: string): Promise<HostProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'utsav-host-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  const child = spawn(process.execPath, [require.resolve('@utsav/tooling/src/serve.cjs'), '--dir', dir, '--port', '0', '--runtime-config'], {
    env: { PATH: process.env.PATH, API_INTERNAL_URL: apiUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (found) resolve(Number(found));
    });
    child.once('exit', (code) => reject(new Error(`serve.cjs exited ${code}: ${output}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
