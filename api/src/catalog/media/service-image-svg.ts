import { createHash } from 'node:crypto';
import type { ServiceCategory } from '@utsav/contracts/schemas';
import { CATEGORY_ART } from './category-art';

export interface ServiceImageSpec {
  /** the image id: it decides the layout, so an image never changes */
  id: string;
  category: ServiceCategory;
  role: 'main' | 'sample';
  width: number;
  height: number;
  /** the provider's name: its initials mark the main image */
  providerName: string;
}

/**
 * A service image drawn as a small SVG (well under 3 KB): the category's gradient, a few soft circles
 * and the category's motif, placed and tilted differently per image; the main image carries the
 * provider's initials. No scripts, no external references, no user text except the escaped initials.
 */
export function renderServiceImage({ id, category, role, width, height, providerName }: ServiceImageSpec): string {
  const art = CATEGORY_ART[category];
  const bytes = createHash('sha256').update(id).digest();
  let cursor = 0;
  // 0 ≤ value < 1, from the next byte of the id's hash
  const next = () => (bytes[cursor++ % bytes.length] as number) / 256;
  const between = (min: number, max: number) => min + next() * (max - min);

  const size = Math.min(width, height);
  const angle = Math.floor(next() * 4);
  const [x1, y1, x2, y2] = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0.5, 0, 0.5, 1],
  ][angle] as number[];
  const circles = Array.from({ length: 5 }, () => {
    const r = Math.round(between(0.06, 0.22) * size);
    return `<circle cx="${Math.round(next() * width)}" cy="${Math.round(next() * height)}" r="${r}"/>`;
  }).join('');

  const scale = (size / 100) * (role === 'main' ? between(0.5, 0.6) : between(0.55, 0.7));
  const boxSize = 100 * scale;
  const motifX = role === 'main' ? width - boxSize - width * 0.1 : (width - boxSize) / 2 + between(-0.08, 0.08) * width;
  const motifY = (height - boxSize) / 2 + between(-0.06, 0.06) * height;
  const tilt = Math.round(between(-10, 10));
  const strokeWidth = (4 / scale) * (size / 150);

  const initials = role === 'main' ? initialsOf(providerName) : '';
  const label = initials
    ? `<text x="${Math.round(width * 0.08)}" y="${Math.round(height * 0.88)}" font-family="system-ui,sans-serif" font-size="${Math.round(height * 0.14)}" font-weight="700" fill="#fff" fill-opacity=".92">${escapeXml(initials)}</text>`
    : '';

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<g fill="#fff" fill-opacity=".1">${circles}</g>` +
    `<g transform="translate(${fixed(motifX)} ${fixed(motifY)}) scale(${fixed(scale)}) rotate(${tilt} 50 50)" fill="none" stroke="#fff" ` +
    `stroke-width="${fixed(strokeWidth)}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity=".95">${art.motif}</g>` +
    label +
    '</svg>'
  );
}

/** "Lens & Light Studio" → "LL": the first letters of the first two words that start with a letter. */
export function initialsOf(name: string): string {
  const words = name.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

const fixed = (value: number) => String(Math.round(value * 100) / 100);

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
