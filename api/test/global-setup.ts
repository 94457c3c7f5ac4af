import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emulatorIsUp, PROJECT_ID } from './support/auth-emulator';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const FIREBASE_BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'firebase');
const START_TIMEOUT_MS = 60_000;

declare global {
  // the emulator this run started, for global-teardown (jest shares globals between the two)
  var __utsavAuthEmulatorPid: number | undefined;
}

/** Whether `npm test` runs this suite beside an Auth emulator it shares (scripts/lib/system.mjs SHARED_SERVICES_ENV). */
const sharedByTheRun = (process.env.UTSAV_SHARED_SERVICES ?? '').split(',').includes('auth');

/**
 * Uses the Auth emulator at 127.0.0.1:9099 if it answers; otherwise starts one for this run. Under `npm test`,
 * which shares one with every step, it waits for that one and never starts another: on a busy machine a slow
 * answer is not an absent emulator, and a second one beside it fails and was seen to take the first one down.
 */
export default async function globalSetup(): Promise<void> {
  if (sharedByTheRun) {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await emulatorIsUp())) {
      if (Date.now() > deadline) throw new Error('The Auth emulator this test run shares (127.0.0.1:9099) does not answer; see .data/logs/auth.log.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return;
  }
  if (await emulatorIsUp()) return;

  const logFile = path.join(os.tmpdir(), 'utsav-api-auth-emulator.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', PROJECT_ID], {
    cwd: REPO_ROOT, // where firebase.json sets host, port and singleProjectMode
    detached: true, // own process group, so teardown can stop the CLI and its children together
    stdio: ['ignore', log, log],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' }, // offline: skip the CLI's update check
  });
  fs.closeSync(log);
  let exited = false;
  child.once('exit', () => (exited = true));
  globalThis.__utsavAuthEmulatorPid = child.pid;

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await emulatorIsUp())) {
    if (exited || Date.now() > deadline) {
      throw new Error(`The Firebase Auth emulator did not start; see ${logFile}:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
