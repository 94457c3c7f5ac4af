import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HttpError } from '../http/http-error';
import { detectImageType, IMAGE_EXTENSIONS, IMAGE_SIGNATURE_BYTES, type ImageType } from './image-type';
import { reencodePhoto } from './photo-encoding';

export const NOT_AN_IMAGE_MESSAGE = 'That file is not a supported image. Choose a JPEG, PNG or WebP photo.';

/** "5 MB" for 5 MiB: how people read the limit (the message is shown as is). */
export function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

export const photoTooLarge = (maxBytes: number) =>
  new HttpError(413, `The photo is too large. Choose an image of ${megabytes(maxBytes)} or less.`);
export const notAnImage = () => new HttpError(415, NOT_AN_IMAGE_MESSAGE);

/** What saveImage names files: 128 random bits in hex and the detected type's extension. */
const STORED_FILE_NAME = new RegExp(`^[0-9a-f]{32}\\.(?:${IMAGE_EXTENSIONS.join('|')})$`);

/** True only for names saveImage generates: no dots, slashes or anything else that could leave the folder. */
export const isStoredFileName = (name: string) => STORED_FILE_NAME.test(name);

export interface StoredImage {
  fileName: string;
  contentType: ImageType['contentType'];
  /** of the stored (re-encoded) file */
  byteSize: number;
}

/** A stored file opened for sending. */
export interface OpenedImage {
  stream: Readable;
  byteSize: number;
}

export interface UploadStorage {
  /**
   * Reads an image as it arrives, at most maxBytes (413 past that, while reading) of an accepted image
   * type by its first bytes (415 otherwise), then stores it re-encoded without its metadata (see
   * reencodePhoto). Written to a temporary file and renamed into place, so a stored name never points at
   * a partial file; nothing is left behind on failure.
   */
  saveImage(chunks: AsyncIterable<Buffer>, maxBytes: number): Promise<StoredImage>;
  /**
   * A stored file to stream, or null for a name saveImage would not generate or a missing file. The
   * stream holds the file open until it ends or is destroyed: its reader must do one or the other (a
   * deletion meanwhile does not cut it short).
   */
  open(fileName: string): Promise<OpenedImage | null>;
  /** Deletes a stored file; a missing file is not an error. */
  remove(fileName: string): Promise<void>;
}

/**
 * The whole file, in memory (at most maxBytes, and the decoder needs all of it anyway), with its type.
 * Size and type are checked as the chunks arrive: a non-image or an oversized file fails at once.
 */
async function receiveImage(chunks: AsyncIterable<Buffer>, maxBytes: number): Promise<{ type: ImageType; bytes: Buffer }> {
  const received: Buffer[] = [];
  let byteSize = 0;
  let head = Buffer.alloc(0);
  let type: ImageType | null = null;
  const requireImage = () => detectImageType(head) ?? fail(notAnImage());
  for await (const chunk of chunks) {
    byteSize += chunk.length;
    if (byteSize > maxBytes) throw photoTooLarge(maxBytes);
    if (!type) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= IMAGE_SIGNATURE_BYTES) type = requireImage();
    }
    received.push(chunk);
  }
  // a file shorter than the longest signature (an empty one included)
  return { type: type ?? requireImage(), bytes: Buffer.concat(received, byteSize) };
}

function fail(error: Error): never {
  throw error;
}

export function createUploadStorage(dir: string): UploadStorage {
  return {
    async saveImage(chunks, maxBytes) {
      const received = await receiveImage(chunks, maxBytes);
      const { type } = received;
      const bytes = await reencodePhoto(received.bytes, type);

      await fs.promises.mkdir(dir, { recursive: true });
      const id = randomBytes(16).toString('hex');
      // a dot name in the same folder: never served (not a stored name), and rename stays on one file system
      const tempPath = path.join(dir, `.${id}.tmp`);
      try {
        // wx: never overwrite; flush: on disk before the rename makes it visible
        await fs.promises.writeFile(tempPath, bytes, { flag: 'wx', flush: true });
        const fileName = `${id}.${type.extension}`;
        await fs.promises.rename(tempPath, path.join(dir, fileName));
        return { fileName, contentType: type.contentType, byteSize: bytes.length };
      } catch (error) {
        await fs.promises.rm(tempPath, { force: true });
        throw error;
      }
    },

    async open(fileName) {
      if (!isStoredFileName(fileName)) return null;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(path.join(dir, fileName), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // autoClose (the default): the file is closed when the stream ends, fails or is destroyed
        return { stream: handle.createReadStream(), byteSize: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(fileName) {
      if (!isStoredFileName(fileName)) return;
      await fs.promises.rm(path.join(dir, fileName), { force: true });
    },
  };
}
