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

/** Uses the Auth emulator at 127.0.0.1:9099 if it answers; otherwise starts one for this run. */
export default async function globalSetup(): Promise<void> {
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
