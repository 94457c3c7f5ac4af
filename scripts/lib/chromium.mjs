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

/**
 * A Devanagari font for the Hindi pages: without one Chromium draws boxes, and the Hindi screenshots
 * (e2e/tests/hindi.spec.ts) neither show the words nor measure their real width. Phones have one.
 */
const DEVANAGARI_FONT = '/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf';
const PACKAGES = { chromium: CHROMIUM, 'fonts-lohit-deva': DEVANAGARI_FONT };

/** Playwright drives Debian's Chromium (no browser download works here), with a Devanagari font; installs what is missing when root. */
export function ensureChromium(log = console.log) {
  const missing = Object.entries(PACKAGES)
    .filter(([, file]) => !fs.existsSync(file))
    .map(([name]) => name);
  // a Chromium of one's own (CHROMIUM_PATH) is the caller's to equip
  if (missing.length === 0 || (process.env.CHROMIUM_PATH && !missing.includes('chromium'))) return;
  if (process.getuid?.() !== 0) {
    if (!missing.includes('chromium')) {
      log(`no Devanagari font: the Hindi screenshots show boxes (sudo apt-get install -y fonts-lohit-deva)`);
      return;
    }
    throw new Error(`Chromium is missing: run \`sudo apt-get install -y ${missing.join(' ')}\` (or set CHROMIUM_PATH), then npm test again.`);
  }
  log(`installing Debian's ${missing.join(' and ')} for the browser tests…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
