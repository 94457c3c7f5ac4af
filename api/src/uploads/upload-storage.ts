import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { HttpError } from '../http/http-error';
import { bucketFileStore, firebaseStorageBucket } from './bucket-file-store';
import { detectImageType, IMAGE_EXTENSIONS, IMAGE_SIGNATURE_BYTES, type ImageType } from './image-type';
import { localFileStore } from './local-file-store';
import { reencodePhoto } from './photo-encoding';

export const NOT_AN_IMAGE_MESSAGE = 'upload.notAnImage';

/** "5 MB" for 5 MiB: how people read the limit (the message is shown as is). */
export function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

export const photoTooLarge = (maxBytes: number) =>
  new HttpError(413, 'upload.photoTooLarge', { values: { size: megabytes(maxBytes) } });
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
   * reencodePhoto) under a new generated name. Stored whole or not at all (FileStore.write): a stored name
   * never points at a partial file, and nothing is left behind on failure.
   */
  saveImage(chunks: AsyncIterable<Buffer>, maxBytes: number): Promise<StoredImage>;
  /**
   * A stored file to stream, or null for a name saveImage would not generate or a missing file. The
   * stream is the stored file as it was when opened (a deletion meanwhile does not cut it short), and it
   * holds resources until it ends or is destroyed: its reader must do one or the other.
   */
  open(fileName: string): Promise<OpenedImage | null>;
  /** Deletes a stored file; a missing file is not an error. */
  remove(fileName: string): Promise<void>;
}

/**
 * Where the stored files are kept: all that differs between the local folder and a bucket. The names it is
 * given are always generated ones (isStoredFileName); UploadStorage checks them first.
 */
export interface FileStore {
  /** Stores a new file, whole or not at all; never replaces one (names are never reused). */
  write(fileName: string, bytes: Buffer, contentType: ImageType['contentType']): Promise<void>;
  /** The file to stream (see UploadStorage.open), or null when there is none. */
  open(fileName: string): Promise<OpenedImage | null>;
  /** Deletes the file; a missing file is not an error. */
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

/** The one receive, check, re-encode and naming path, over wherever the files are kept. */
export function uploadStorageOver(store: FileStore): UploadStorage {
  return {
    async saveImage(chunks, maxBytes) {
      const received = await receiveImage(chunks, maxBytes);
      const { type } = received;
      const bytes = await reencodePhoto(received.bytes, type);
      const fileName = `${randomBytes(16).toString('hex')}.${type.extension}`;
      await store.write(fileName, bytes, type.contentType);
      return { fileName, contentType: type.contentType, byteSize: bytes.length };
    },

    async open(fileName) {
      return isStoredFileName(fileName) ? store.open(fileName) : null;
    },

    async remove(fileName) {
      if (isStoredFileName(fileName)) await store.remove(fileName);
    },
  };
}

/** What picks and reaches the storage: UPLOADS_BUCKET when set (Firebase Storage), else the UPLOADS_DIR folder. */
export type UploadStorageSettings = Pick<Config, 'UPLOADS_DIR' | 'UPLOADS_BUCKET' | 'FIREBASE_PROJECT_ID' | 'FIREBASE_STORAGE_EMULATOR_HOST'>;

/** The uploads' storage the settings ask for; a bare path is that local folder. */
export function createUploadStorage(settings: UploadStorageSettings | string): UploadStorage {
  if (typeof settings === 'string') return uploadStorageOver(localFileStore(settings));
  if (!settings.UPLOADS_BUCKET) return uploadStorageOver(localFileStore(settings.UPLOADS_DIR));
  return uploadStorageOver(bucketFileStore(firebaseStorageBucket(settings.UPLOADS_BUCKET, settings)));
}
