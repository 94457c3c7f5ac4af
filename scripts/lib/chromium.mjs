import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * TOOLCHAIN.md's flags for Chromium on this machine: without the networking ones its background
 * connections are refused by the closed network. The bench and the e2e suite both use this list.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright drives Debian's Chromium (no browser download works here); install it when root. */
export function ensureChromium(log = console.log) {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH), then npm test again.`);
  }
  log('installing Debian chromium for the browser tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
