/**
 * The Firebase Storage emulator of firebase-tools, alone in this process: `node --import tsx
 * storage-emulator-main.ts <port>` (support/storage-emulator.ts runs it). It prints STORAGE_EMULATOR_READY once
 * it listens on 127.0.0.1:<port>, and stops on SIGINT or SIGTERM.
 *
 * Why not `firebase emulators:start --only storage`: the CLI also starts the emulator's security-rules engine,
 * a Java 21 jar (cloud-storage-rules-runtime) it downloads from Google on first use, which cannot be had
 * offline. The rules only judge requests of Firebase's client SDKs; the API's (firebase-admin, the Cloud
 * Storage JSON API) bypass them, so the emulator is started here without that engine and with no ruleset
 * loaded, which refuses every client request: what storage.rules at the repo root says too. Everything the
 * API calls (uploads, downloads, metadata, deletes) is the emulator's own code.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { READY_LINE } from './storage-emulator';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const PROJECT_ID = 'demo-utsav';

interface StorageEmulatorInternals {
  // the rules engine (the Java process) and the manager that loads storage.rules into it
  _rulesRuntime: { start(): Promise<void> };
  _rulesManager: { start(): Promise<unknown> };
}
interface FirebaseTools {
  StorageEmulator: new (args: { host: string; port: number; projectId: string; rules: { name: string; content: string }; auto_download: boolean }) => StorageEmulatorInternals;
  EmulatorRegistry: { start(emulator: StorageEmulatorInternals): Promise<void>; stop(name: 'storage'): Promise<void> };
}

function loadFirebaseTools(): FirebaseTools {
  // firebase-tools is the repo root's devDependency; these modules are its internals (it has no typings)
  const load = createRequire(path.join(REPO_ROOT, 'package.json'));
  const { StorageEmulator } = load('firebase-tools/lib/emulator/storage') as Pick<FirebaseTools, 'StorageEmulator'>;
  const { EmulatorRegistry } = load('firebase-tools/lib/emulator/registry') as Pick<FirebaseTools, 'EmulatorRegistry'>;
  return { StorageEmulator, EmulatorRegistry };
}

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`usage: storage-emulator-main.ts <port>, got ${process.argv[2]}`);
  const { StorageEmulator, EmulatorRegistry } = loadFirebaseTools();
  const rulesFile = path.join(REPO_ROOT, 'storage.rules');
  const emulator = new StorageEmulator({
    host: '127.0.0.1',
    port,
    projectId: PROJECT_ID,
    rules: { name: rulesFile, content: fs.readFileSync(rulesFile, 'utf8') },
    auto_download: false,
  });
  emulator._rulesRuntime.start = async () => undefined;
  emulator._rulesManager.start = async () => undefined;

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // the registry stops it and deletes its blobs (under TMPDIR)
    void EmulatorRegistry.stop('storage').finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // the registry is what the emulator's own code asks for its address; start() resolves once the port answers
  await EmulatorRegistry.start(emulator);
  console.log(`${READY_LINE} 127.0.0.1:${port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
