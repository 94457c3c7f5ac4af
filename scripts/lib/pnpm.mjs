import { spawn } from 'node:child_process';
import { ROOT } from './paths.mjs';

/** pnpm at the pinned version, fetched through npx on a machine that has only Node (TOOLCHAIN.md). */
export const PNPM = ['npx', '-y', 'pnpm@12.21.0'];

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

export function pnpm(args, options = {}) {
  return run(PNPM[0], [...PNPM.slice(1), ...args], options);
}

/** Installs the workspace exactly as locked; quick when nothing changed. */
export async function install() {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  await pnpm(['install', ...frozen, '--reporter=append-only']);
}
