import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http/http-error';
import { detectImageType, IMAGE_EXTENSIONS, IMAGE_SIGNATURE_BYTES, type ImageType } from './image-type';

export const NOT_AN_IMAGE_MESSAGE = 'That file is not a supported image. Choose a JPEG, PNG or WebP photo.';

/** "5 MB" for 5 MiB: how people read the limit (the message is shown as is). */
function megabytes(bytes: number): string {
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
  byteSize: number;
}

export interface UploadStorage {
  /**
   * Streams an image into the folder: at most maxBytes (413 past that, while reading), an accepted image
   * type by its first bytes (415 otherwise). Written to a temporary file and renamed into place, so a
   * stored name never points at a partial file; nothing is left behind on failure.
   */
  saveImage(chunks: AsyncIterable<Buffer>, maxBytes: number): Promise<StoredImage>;
  /**
   * A stored file's bytes, or null for a name saveImage would not generate or a missing file. Read
   * whole (photos are a few MB at most): no file handle outlives a HEAD or an aborted request.
   */
  read(fileName: string): Promise<Buffer | null>;
  /** Deletes a stored file; a missing file is not an error. */
  remove(fileName: string): Promise<void>;
}

/** Checks size and type on the way through, and reports them once the last chunk has passed. */
function checkImage(maxBytes: number, done: (type: ImageType, byteSize: number) => void) {
  return async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let byteSize = 0;
    let head = Buffer.alloc(0);
    let type: ImageType | null = null;
    const requireImage = () => detectImageType(head) ?? fail(notAnImage());
    for await (const chunk of source) {
      byteSize += chunk.length;
      if (byteSize > maxBytes) throw photoTooLarge(maxBytes);
      if (!type) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= IMAGE_SIGNATURE_BYTES) type = requireImage();
      }
      yield chunk;
    }
    // a file shorter than the longest signature (an empty one included)
    done(type ?? requireImage(), byteSize);
  };
}

function fail(error: Error): never {
  throw error;
}

export function createUploadStorage(dir: string): UploadStorage {
  return {
    async saveImage(chunks, maxBytes) {
      await fs.promises.mkdir(dir, { recursive: true });
      const id = randomBytes(16).toString('hex');
      // a dot name in the same folder: never served (not a stored name), and rename stays on one file system
      const tempPath = path.join(dir, `.${id}.tmp`);
      let checked: { type: ImageType; byteSize: number } | undefined;
      // wx: never overwrite; flush: on disk before the rename makes it visible
      const file = fs.createWriteStream(tempPath, { flags: 'wx', flush: true });
      try {
        await pipeline(
          chunks,
          checkImage(maxBytes, (type, byteSize) => (checked = { type, byteSize })),
          file,
        );
        if (!checked) throw new Error('image check did not finish');
        const fileName = `${id}.${checked.type.extension}`;
        await fs.promises.rename(tempPath, path.join(dir, fileName));
        return { fileName, contentType: checked.type.contentType, byteSize: checked.byteSize };
      } catch (error) {
        // a rejected image can fail the pipeline while the file is still being opened: removed before
        // that, the file would appear after the rm and stay behind
        if (!file.closed) await once(file, 'close').catch(() => undefined);
        await fs.promises.rm(tempPath, { force: true });
        throw error;
      }
    },

    async read(fileName) {
      if (!isStoredFileName(fileName)) return null;
      try {
        return await fs.promises.readFile(path.join(dir, fileName));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(fileName) {
      if (!isStoredFileName(fileName)) return;
      await fs.promises.rm(path.join(dir, fileName), { force: true });
    },
  };
}
