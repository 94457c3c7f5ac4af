import sharp from 'sharp';
import { HttpError } from '../http/http-error';
import type { ImageType } from './image-type';

/** The most pixels a photo may have: a 48-megapixel camera's full picture; decoding takes 3-4 bytes a pixel. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** A photo that takes longer than this to re-encode is refused rather than holding a libvips thread. */
const ENCODE_TIMEOUT_SECONDS = 20;

export const UNREADABLE_PHOTO_MESSAGE = 'upload.unreadablePhoto';
export const unreadablePhoto = (cause: unknown) => new HttpError(422, UNREADABLE_PHOTO_MESSAGE, { cause });
export const tooManyPixels = () =>
  new HttpError(413, 'upload.tooManyPixels', { values: { megapixels: MAX_PHOTO_PIXELS / 1_000_000 } });

// nothing is processed twice, so libvips' operation cache would only hold memory
sharp.cache(false);

const FORMATS = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' } as const satisfies Record<ImageType['extension'], keyof sharp.FormatEnum>;

/**
 * The photo decoded and encoded again in its own format, turned upright by its EXIF orientation first.
 * sharp writes no metadata unless asked, so EXIF (GPS, camera, time), XMP, IPTC, ICC profiles (colours are
 * converted to sRGB) and comments are gone. Only the first frame of an animation is kept. 422 for bytes
 * that do not decode as the format their signature claims, 413 past MAX_PHOTO_PIXELS.
 */
export async function reencodePhoto(input: Buffer, type: ImageType): Promise<Buffer> {
  const format = FORMATS[type.extension];
  let width: number;
  let height: number;
  try {
    // reads the header only: the pixel count is known before anything is decoded
    const metadata = await sharp(input).metadata();
    if (metadata.format !== format) throw new Error(`decoded as ${metadata.format}, signature says ${format}`);
    ({ width, height } = metadata);
  } catch (error) {
    throw unreadablePhoto(error);
  }
  if (width * height > MAX_PHOTO_PIXELS) throw tooManyPixels();
  try {
    return await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS })
      .autoOrient()
      .toFormat(format, format === 'jpeg' || format === 'webp' ? { quality: 90 } : {})
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .toBuffer();
  } catch (error) {
    throw unreadablePhoto(error);
  }
}
