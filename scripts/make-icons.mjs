// Writes the app's install icons (host-shell/public/icons/*.png) from icon.svg, with the API's sharp.
// Run again after changing icon.svg: `node scripts/make-icons.mjs`. The PNGs are committed.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';

const sharp = createRequire(path.join(ROOT, 'api/package.json'))('sharp');
const dir = path.join(ROOT, 'host-shell/public/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'));

for (const size of [192, 512]) {
  await sharp(svg, { density: 72 * (size / 512) * 4 }).resize(size, size).png().toFile(path.join(dir, `icon-${size}.png`));
}
// maskable: the same mark inside the safe zone (the middle 80%), on the full-bleed brand colour
const inner = await sharp(svg, { density: 288 }).resize(410, 410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#9c1f4f' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(path.join(dir, 'icon-maskable-512.png'));
console.log(`icons written to ${path.relative(ROOT, dir)}`);
