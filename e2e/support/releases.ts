import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { RELEASES_DIR, type Remote } from './system';

/**
 * The release commands a team runs (docs/releasing.md), on the store the running system
 * serves its remotes from, and what a page says about the release it loaded.
 */
export const ROOT = path.resolve(__dirname, '../..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` at the workspace root, on the system's release store. */
export function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], { cwd: ROOT, env: { ...process.env, RELEASES_DIR, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a release command that must succeed. */
export async function succeeds(script: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const run = await npmRun(script, args, env);
  expect(run.code, `npm run ${script} -- ${args.join(' ')}\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

/** The remote's live version, as its pointer in the store says. */
export const liveOf = (remote: Remote): string | null =>
  (JSON.parse(fs.readFileSync(path.join(RELEASES_DIR, remote, 'live.json'), 'utf8')) as { live: string | null }).live;

/** The release the page's route shows it was loaded from (RemotePage's data-release). */
export const releaseShown = (page: Page, remote: Remote) => page.locator(`[data-remote="${remote}"]`).first();

/** The release signatures (tooling/src/release/signing.cjs): a copy under a new version is signed again, as a release of it would be. */
const signing = createRequire(__filename)(path.join(ROOT, 'tooling/src/release/signing.cjs')) as {
  sign(info: object, key: unknown): object;
  signingKey(): unknown;
};

/**
 * Stores a copy of the remote's version `from` as version `to` (unless it is there already), as an
 * upload of that build under a new version would: the same files at new immutable URLs, its record
 * signed again (this checkout's development key, as `npm run release` signs).
 */
export function copyRelease(remote: Remote, from: string, to: string): void {
  const dir = path.join(RELEASES_DIR, remote, to);
  if (fs.existsSync(dir)) return;
  const staging = path.join(RELEASES_DIR, remote, `.staging-${to}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(path.join(RELEASES_DIR, remote, from), staging, { recursive: true });
  const info = path.join(staging, 'release.json');
  const { signature: _old, ...record } = { ...JSON.parse(fs.readFileSync(info, 'utf8')), version: to, releasedAt: new Date().toISOString() };
  fs.writeFileSync(info, JSON.stringify({ ...record, signature: signing.sign(record, signing.signingKey()) }));
  fs.renameSync(staging, dir);
}

/** What a store or CDN that lost a live version's chunks serves: its manifests and entries, not its chunks. */
export function dropChunks(remote: Remote, version: string): void {
  const dir = path.join(RELEASES_DIR, remote, version);
  for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (/\.js(\.br|\.gz)?$/.test(file) && path.basename(file).split('.')[0] !== 'remoteEntry') fs.rmSync(path.join(dir, file));
  }
}
