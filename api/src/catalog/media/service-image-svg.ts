import { createHash } from 'node:crypto';
import type { ServiceCategory } from '@utsav/contracts/schemas';
import { CATEGORY_ART } from './category-art';

export interface ServiceImageSpec {
  /** the image id: it decides the layout, so an image never changes */
  id: string;
  category: ServiceCategory;
  role: 'main' | 'sample';
  /** a work sample's place among the service's samples: its colours and composition */
  position: number;
  width: number;
  height: number;
  /** the provider's name: its initials mark the main image */
  providerName: string;
}

/** How a work sample places the category's motif (by its position, so a service's samples differ). */
const COMPOSITIONS = ['centre', 'frame', 'row', 'corner', 'pair'] as const;
type Composition = (typeof COMPOSITIONS)[number] | 'main';

/** The hue turn of a work sample's colours from the category's, by its position (0° for the main image). */
const SAMPLE_HUE_STEP = 47;

/**
 * A service image drawn as a small SVG (well under 3 KB): the category's gradient, a few soft circles
 * and the category's motif; the main image carries the provider's initials. A work sample turns the
 * category's colours round the colour wheel and composes the motif its own way (alone, framed, a row
 * of three, in a corner under arcs, a pair), by its position, so the samples of one service are
 * distinct pictures; the id's hash places and tilts what is drawn. No scripts, no external
 * references, no user text except the escaped initials.
 */
export function renderServiceImage({ id, category, role, position, width, height, providerName }: ServiceImageSpec): string {
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

  const turn = role === 'main' ? 0 : ((position % 7) + 1) * SAMPLE_HUE_STEP;
  const [from, to] = [turnHue(art.from, turn), turnHue(art.to, turn)];
  const composition: Composition = role === 'main' ? 'main' : COMPOSITIONS[position % COMPOSITIONS.length]!;

  /** The motif at (x, y) (its box's top left), `scale` times its 100 × 100 box, tilted. */
  const motif = (x: number, y: number, scale: number, tilt = Math.round(between(-10, 10))) =>
    `<g transform="translate(${fixed(x)} ${fixed(y)}) scale(${fixed(scale)}) rotate(${tilt} 50 50)" stroke-width="${fixed((4 / scale) * (size / 150))}">${art.motif}</g>`;
  const centred = (scale: number, dx = 0, dy = 0) => motif((width - 100 * scale) / 2 + dx, (height - 100 * scale) / 2 + dy, scale);
  const unit = size / 100;

  let drawing: string;
  let backdrop = '';
  switch (composition) {
    case 'main': {
      const scale = unit * between(0.5, 0.6);
      drawing = motif(width - 100 * scale - width * 0.1, (height - 100 * scale) / 2 + between(-0.06, 0.06) * height, scale);
      break;
    }
    case 'centre':
      drawing = centred(unit * between(0.6, 0.7), between(-0.08, 0.08) * width, between(-0.06, 0.06) * height);
      break;
    case 'frame': {
      const inset = Math.round(size * 0.1);
      backdrop = `<rect x="${inset}" y="${inset}" width="${width - 2 * inset}" height="${height - 2 * inset}" rx="${Math.round(size * 0.06)}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="${fixed(size / 90)}"/>`;
      drawing = centred(unit * between(0.42, 0.5));
      break;
    }
    case 'row': {
      const scale = Math.min(unit * 0.4, width / 360);
      const gap = width / 3.4;
      drawing = [-1, 0, 1].map((place) => centred(scale, place * gap, place * between(-0.05, 0.05) * height)).join('');
      break;
    }
    case 'corner': {
      const arcs = [0.28, 0.42, 0.56].map((r) => `<circle cx="0" cy="0" r="${Math.round(r * size)}"/>`).join('');
      backdrop = `<g fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="${fixed(size / 60)}">${arcs}</g>`;
      const scale = unit * between(0.62, 0.72);
      drawing = motif(width - 100 * scale - width * 0.04, height - 100 * scale - height * 0.04, scale);
      break;
    }
    case 'pair': {
      const scale = unit * between(0.44, 0.52);
      drawing = motif(width * 0.27 - 50 * scale, (height - 100 * scale) / 2, scale, -12) + motif(width * 0.73 - 50 * scale, (height - 100 * scale) / 2, scale, 12);
      break;
    }
  }

  const initials = role === 'main' ? initialsOf(providerName) : '';
  const label = initials
    ? `<text x="${Math.round(width * 0.08)}" y="${Math.round(height * 0.88)}" font-family="system-ui,sans-serif" font-size="${Math.round(height * 0.14)}" font-weight="700" fill="#fff" fill-opacity=".92">${escapeXml(initials)}</text>`
    : '';

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<g fill="#fff" fill-opacity=".1">${circles}</g>` +
    backdrop +
    `<g fill="none" stroke="#fff" stroke-linecap="round" stroke-linejoin="round" stroke-opacity=".95">${drawing}</g>` +
    label +
    '</svg>'
  );
}

/** `#rrggbb` with its hue turned by `degrees` (saturation and lightness kept, so white stays legible on it). */
export function turnHue(hex: string, degrees: number): string {
  if (degrees % 360 === 0) return hex;
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0) return hex;
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  let hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue = (((hue * 60 + degrees) % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - c / 2;
  const [r1, g1, b1] = hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return `#${[r1, g1, b1].map((v) => Math.round((v + m) * 255).toString(16).padStart(2, '0')).join('')}`;
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
