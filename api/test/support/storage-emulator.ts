import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** What storage-emulator-main.ts prints once the emulator listens. */
export const READY_LINE = 'STORAGE_EMULATOR_READY';

const API_DIR = path.resolve(__dirname, '..', '..');
const MAIN = path.join(__dirname, 'storage-emulator-main.ts');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** A Firebase Storage emulator of this test run's own (see storage-emulator-main.ts). */
export interface StorageEmulator {
  /** 127.0.0.1:<port>: what FIREBASE_STORAGE_EMULATOR_HOST takes */
  host: string;
  /** Stops it (its whole process group) and deletes what it stored. */
  stop(): Promise<void>;
}


async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(origin, { signal: AbortSignal.timeout(1000) });
    return true; // any HTTP answer (its root is a 501)
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the emulator on a free port, in its own process group, with its files and log in a fresh temporary
 * folder; resolves once it has said it is ready and its port answers. Fails after 60 s, or as soon as it
 * exits, with its log.
 */
export async function startStorageEmulator(): Promise<StorageEmulator> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  // TMPDIR: the emulator keeps its blobs under os.tmpdir() and deletes them when it stops
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-storage-emulator-'));
  const logFile = path.join(workDir, 'emulator.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, String(port)], {
    cwd: API_DIR, // where tsx resolves from
    detached: true, // its own process group: stop() ends it and anything it started together
    stdio: ['ignore', log, log],
    env: { ...process.env, TMPDIR: workDir, NO_UPDATE_NOTIFIER: '1' },
  });
  fs.closeSync(log);
  const pid = child.pid;
  let exit: string | undefined;
  child.once('exit', (code, signal) => (exit = `exited (${signal ?? `code ${code}`})`));
  child.once('error', (error) => (exit = `could not be started (${error.message})`));
  const output = () => fs.readFileSync(logFile, 'utf8');

  const alive = () => {
    if (pid === undefined) return false;
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (pid !== undefined && alive()) {
      // SIGINT: the emulator stops cleanly (and deletes its blobs)
      process.kill(-pid, 'SIGINT');
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (alive() && Date.now() < deadline) await pause(100);
      if (alive()) process.kill(-pid, 'SIGKILL');
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (output().includes(READY_LINE) && (await answers(`http://${host}`))) break;
    const failure = exit ?? (Date.now() - started > START_TIMEOUT_MS ? `did not answer on ${host} within ${START_TIMEOUT_MS / 1000} s` : undefined);
    if (failure) {
      const text = output();
      await stop();
      throw new Error(`The Firebase Storage emulator (${path.relative(API_DIR, MAIN)} ${port}) ${failure}. Its log:\n${text}`);
    }
    await pause(200);
  }
  return { host, stop };
}
