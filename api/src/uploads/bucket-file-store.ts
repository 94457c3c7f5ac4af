import type { Bucket } from '@google-cloud/storage';
import { getApps, initializeApp } from 'firebase-admin/app';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { FileStore } from './upload-storage';

/** Where in the bucket the photos are: `uploads/<fileName>`, beside whatever else the bucket may hold. */
export const BUCKET_PREFIX = 'uploads/';

/** The GCS download's HTTP response, as @google-cloud/storage passes it on in its 'response' event. */
interface DownloadResponse {
  statusCode?: number;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The bucket through firebase-admin's Firebase Storage, one firebase-admin app per (project, emulator) pair.
 * firebase-admin turns FIREBASE_STORAGE_EMULATOR_HOST into STORAGE_EMULATOR_HOST, which the Cloud Storage
 * client reads when the Storage service is created (and firebase-admin leaves it set): both are set from
 * the settings around that moment, then put back as they were, so only the settings decide.
 */
export function firebaseStorageBucket(bucketName: string, settings: Pick<Config, 'FIREBASE_PROJECT_ID' | 'FIREBASE_STORAGE_EMULATOR_HOST'>): Bucket {
  const emulator = settings.FIREBASE_STORAGE_EMULATOR_HOST;
  const name = `utsav-api-storage:${settings.FIREBASE_PROJECT_ID}:${emulator ?? 'live'}`;
  // loaded here, not at start: an API keeping its photos in UPLOADS_DIR never loads the Cloud Storage client
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { getStorage } = require('firebase-admin/storage') as typeof import('firebase-admin/storage');
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getStorage(existing).bucket(bucketName);

  const previous = { FIREBASE_STORAGE_EMULATOR_HOST: process.env.FIREBASE_STORAGE_EMULATOR_HOST, STORAGE_EMULATOR_HOST: process.env.STORAGE_EMULATOR_HOST };
  if (emulator) process.env.FIREBASE_STORAGE_EMULATOR_HOST = emulator;
  else delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  delete process.env.STORAGE_EMULATOR_HOST;
  try {
    // real Cloud Storage signs in with the application default credentials (the service account it runs as);
    // the emulator asks for none
    return getStorage(initializeApp({ projectId: settings.FIREBASE_PROJECT_ID }, name)).bucket(bucketName);
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * Resolves once the download has started (the object exists, and this is the version that will be sent) with
 * its response; rejects with the client's error otherwise (code 404 for a missing object).
 */
function downloadStarted(stream: Readable): Promise<DownloadResponse> {
  return new Promise((resolve, reject) => {
    const onResponse = (response: DownloadResponse) => {
      const status = response.statusCode ?? 0;
      // any other status: the client destroys the stream with an error that carries the body's message
      if (status >= 200 && status < 300) settle(() => resolve(response));
    };
    const onError = (error: Error) => settle(() => reject(error));
    const settle = (then: () => void) => {
      stream.off('response', onResponse);
      stream.off('error', onError);
      then();
    };
    stream.on('response', onResponse);
    stream.on('error', onError);
    // the client sends the request when the stream is first read
    stream.read(0);
  });
}

const isNotFound = (error: unknown) => (error as { code?: unknown } | null)?.code === 404;

/** Stored files as objects `uploads/<fileName>` of a Cloud Storage bucket, with their content type. */
export function bucketFileStore(bucket: Bucket): FileStore {
  const object = (fileName: string) => bucket.file(`${BUCKET_PREFIX}${fileName}`);
  return {
    async write(fileName, bytes, contentType) {
      await object(fileName).save(bytes, {
        contentType,
        // one request (photos are a few MB at most): the object appears whole or not at all
        resumable: false,
        // only if no such object exists yet: never replaces one (the local store's 'wx')
        preconditionOpts: { ifGenerationMatch: 0 },
      });
    },

    async open(fileName) {
      const stream = object(fileName).createReadStream();
      // a failure once the reader (Fastify) has the stream reaches it too, and it destroys the stream; this
      // listener only keeps one that comes before anyone listens from being an uncaught exception
      stream.on('error', () => undefined);
      let response: DownloadResponse;
      try {
        response = await downloadStarted(stream);
      } catch (error) {
        stream.destroy();
        if (isNotFound(error)) return null;
        throw error;
      }
      const byteSize = Number(response.headers['content-length']);
      if (!Number.isSafeInteger(byteSize) || byteSize < 0) {
        stream.destroy();
        throw new Error(`the bucket sent ${BUCKET_PREFIX}${fileName} without a Content-Length`);
      }
      return { stream, byteSize };
    },

    async remove(fileName) {
      await object(fileName).delete({ ignoreNotFound: true });
    },
  };
}
