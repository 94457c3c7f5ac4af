/** Child processes for bench:load: servers on spare ports, waited for and stopped by their own pid. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { API_ROOT } from '../../src/config';

/** A port nothing listens on now, picked by the OS (never the system's fixed 3000–3004/4000/4010). */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** This process's environment with env's keys replaced; an undefined value removes the key. */
function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export interface Child {
  process: ChildProcess;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s */
  stop(): Promise<void>;
}

/**
 * Runs a TypeScript file of the api package under tsx in a new Node process, its output appended to
 * logFile, with env over the inherited environment.
 */
export function startTs(file: string, env: Record<string, string | undefined>, logFile: string): Child {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: API_ROOT, env: childEnv(env), stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until GET url answers 200 (or the child dies, or timeoutMs passes). */
export async function waitForOk(url: string, child: Child, timeoutMs: number, logFile: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`${url}: the server exited (${child.process.exitCode}); see ${logFile}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** Runs a TypeScript file to completion (output to logFile); rejects on a non-zero exit. */
export function runTs(file: string, args: string[], env: Record<string, string | undefined>, logFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: API_ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', log] });
    fs.closeSync(log);
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${file} exited ${code}; see ${logFile}`))));
  });
}
