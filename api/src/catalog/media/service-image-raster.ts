import type { ServiceImageFormat, ServiceImageWidth } from '@utsav/contracts/service-images';
import sharp from 'sharp';

/**
 * A service picture as a raster of one width and format, made with sharp from its SVG drawing
 * (service-image-svg.ts, drawn at its stored size) and kept in memory: a picture never changes, so
 * each size is encoded once per process, and concurrent asks for one size share one encoding.
 *
 * The settings are chosen for these drawings (flat gradients, a few white strokes and letters): AVIF
 * at quality 55 and effort 2 (a 480 × 360 card cover ≈ 2.6 KB, about 0.3 s to encode on this
 * machine's busy core; effort 4 saves ~5 % for three times the time), WebP at quality 78 (≈ 2.8 KB).
 */
const ENCODERS: Record<ServiceImageFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
};

/** An SVG's nominal resolution: at this density sharp draws it at its own width and height in pixels. */
const SVG_DPI = 72;
/** A picture that takes longer than this to encode is refused rather than holding a libvips thread. */
const ENCODE_TIMEOUT_SECONDS = 10;

/** What a picture is drawn from: its SVG, `width` × `height` (its stored size). */
export interface RasterSource {
  svg: () => string;
  width: number;
  height: number;
}

export interface ServiceImageRasters {
  /**
   * The image `imageId` at `width` pixels wide (its height by its aspect ratio), as `format`; `find`
   * (the database) is asked only when that raster is not kept yet, and null from it is null here.
   */
  get(imageId: string, width: ServiceImageWidth, format: ServiceImageFormat, find: () => Promise<RasterSource | null>): Promise<Buffer | null>;
}

/** `maxBytes`: how much of the encoded pictures is kept (the least recently asked for go first). */
export function createServiceImageRasters({ maxBytes = 32 * 1024 * 1024 }: { maxBytes?: number } = {}): ServiceImageRasters {
  const kept = new Map<string, Buffer>();
  const encoding = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  const keep = (key: string, value: Buffer) => {
    kept.set(key, value);
    bytes += value.length;
    for (const [oldKey, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldKey);
      bytes -= old.length;
    }
  };

  return {
    async get(imageId, width, format, find) {
      const key = `${imageId}-${width}.${format}`;
      const hit = kept.get(key);
      if (hit) {
        // the most recently asked for go last, so they are dropped last
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const pending = encoding.get(key);
      if (pending) return pending;
      const source = await find();
      if (!source) return null;
      // asked again while the database answered: that encoding serves both
      const started = encoding.get(key);
      if (started) return started;
      const made = encode(source, width, format).finally(() => encoding.delete(key));
      encoding.set(key, made);
      keep(key, await made);
      return made;
    },
  };
}

async function encode({ svg, width: drawnWidth, height: drawnHeight }: RasterSource, width: number, format: ServiceImageFormat): Promise<Buffer> {
  const height = Math.max(1, Math.round((width * drawnHeight) / drawnWidth));
  // drawn at the asked size rather than drawn small and scaled up: the strokes and letters stay sharp
  const image = sharp(Buffer.from(svg()), { density: (SVG_DPI * width) / drawnWidth }).resize(width, height, { fit: 'fill' });
  return ENCODERS[format](image).timeout({ seconds: ENCODE_TIMEOUT_SECONDS }).toBuffer();
}
