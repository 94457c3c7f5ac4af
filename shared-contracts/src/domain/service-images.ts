/**
 * Where the catalog's pictures are, the one builder of their addresses (the API puts `url` in its
 * answers with it, pages build their `srcset` with it, the host's service worker recognises them).
 *
 * A picture is served on the PAGE's own origin (the host server hands `/media/` to the API), so the
 * page's largest picture does not wait for a connection to another origin, as a raster at a few
 * widths in AVIF and WebP, so a phone downloads the pixels it shows rather than a drawing stretched
 * over a large card. An address never changes what it shows: browsers keep it for good.
 */

/** The path every service picture is under (the host server proxies it to the API). */
export const SERVICE_IMAGE_PATH = '/media/services/';

/** The widths a picture is made at, in pixels (its height follows its stored aspect ratio). */
export const SERVICE_IMAGE_WIDTHS = [240, 360, 480, 720, 960] as const;
export type ServiceImageWidth = (typeof SERVICE_IMAGE_WIDTHS)[number];

/** The raster formats, best first: a `<picture>` offers AVIF and falls back on WebP. */
export const SERVICE_IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ServiceImageFormat = (typeof SERVICE_IMAGE_FORMATS)[number];

export const SERVICE_IMAGE_TYPES: Record<ServiceImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** The width and format of an image's `url` (what a plain `<img src>` shows). */
export const SERVICE_IMAGE_FALLBACK = { width: 480, format: 'webp' } as const satisfies { width: ServiceImageWidth; format: ServiceImageFormat };

/** `/media/services/<imageId>-<width>.<format>` */
export function serviceImageUrl(imageId: string, width: ServiceImageWidth = SERVICE_IMAGE_FALLBACK.width, format: ServiceImageFormat = SERVICE_IMAGE_FALLBACK.format): string {
  return `${SERVICE_IMAGE_PATH}${imageId}-${width}.${format}`;
}

/** Every width of one format, as an `srcset`: `/media/services/<id>-240.avif 240w, …`. */
export function serviceImageSrcSet(imageId: string, format: ServiceImageFormat): string {
  return SERVICE_IMAGE_WIDTHS.map((width) => `${serviceImageUrl(imageId, width, format)} ${width}w`).join(', ');
}

/**
 * The image id, width and format a picture's file name says (`<uuid>-<width>.<format>`), or null when
 * the name is not one this builder makes.
 */
export function parseServiceImageName(fileName: string): { imageId: string; width: number; format: ServiceImageFormat } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{1,5})\.(avif|webp)$/.exec(fileName);
  if (!match) return null;
  return { imageId: match[1] as string, width: Number(match[2]), format: match[3] as ServiceImageFormat };
}

export const isServiceImageWidth = (width: number): width is ServiceImageWidth => (SERVICE_IMAGE_WIDTHS as readonly number[]).includes(width);
