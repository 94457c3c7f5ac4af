import { crc32, deflateSync } from 'node:zlib';

/** Tiny but complete images, built from bytes (no image library needed). */

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 1×1 RGB PNG of the given colour. */
export function tinyPng([red, green, blue]: [number, number, number] = [230, 57, 155]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, red, green, blue]))), // one scanline: filter type 0, one pixel
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const jpegSegment = (marker: number, body: number[]) =>
  Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);

/**
 * An 8×8 mid-grey baseline JPEG: one grey component, a flat quantisation table and Huffman tables with
 * a single code each, so the whole scan is "DC difference 0, end of block".
 */
export function tinyJpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]), // SOI
    jpegSegment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF 1.1
    jpegSegment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT 0, 8-bit, all ones
    jpegSegment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8-bit, 8×8, one component (id 1, 1×1, table 0)
    // DHT DC 0: one code of length 1 for category 0; DHT AC 0: one code of length 1 for EOB (0x00)
    jpegSegment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]),
    jpegSegment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]),
    jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS: component 1 with tables 0/0, full spectrum
    Buffer.from([0x3f]), // bits 0 (DC diff 0) and 0 (EOB), padded with ones
    Buffer.from([0xff, 0xd9]), // EOI
  ]);
}

/**
 * A valid 1×1 PNG of exactly `totalBytes`, filled out by a tEXt Comment chunk before IEND (metadata
 * that decoders skip and re-encoding drops).
 */
export function paddedPng(totalBytes: number, comment = 'padding'): Buffer {
  const png = tinyPng();
  const iend = png.subarray(png.length - 12);
  const fill = totalBytes - png.length - 12 - 'Comment\0'.length - comment.length;
  if (fill < 0) throw new Error(`paddedPng: ${totalBytes} bytes is too small`);
  const text = Buffer.concat([Buffer.from(`Comment\0${comment}`, 'latin1'), Buffer.alloc(fill, 0x20)]);
  return Buffer.concat([png.subarray(0, png.length - 12), pngChunk('tEXt', text), iend]);
}

/** A 1×1 lossy WebP (the one feature-detection scripts use). */
export const TINY_WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

/** A 1×1 transparent GIF. */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** What the app's FormData sends: the image under `file`, with whatever name and type the browser gives it. */
export function photoForm(bytes: Buffer, fileName = 'photo.png', type = 'image/png', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}
