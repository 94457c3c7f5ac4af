import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Config } from '../config';
import { discardRequestBody } from '../http/discard-request-body';
import type { Locale } from '@utsav/contracts/language';
import { apiText } from '../http/api-messages';
import { HttpError, notFound } from '../http/http-error';
import { matchesEtag } from '@utsav/tooling/src/http-caching.cjs';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileAnswer, noBody, type ApiPlugin } from '../http/route-schemas';
import { ownerOnly } from '../auth';
import { uidParams } from '../users/uid-params';
import { fileChunks, readFilePart } from './multipart-file';
import type { UploadQuota, UploadRepository } from './upload-repository';
import { isStoredFileName, megabytes, type UploadStorage } from './upload-storage';

export interface UploadRoutesOptions {
  storage: UploadStorage;
  uploads: UploadRepository;
  config: Pick<Config, 'UPLOAD_LIMIT_BYTES' | 'PUBLIC_API_URL' | 'UPLOAD_QUOTA_FILES' | 'UPLOAD_QUOTA_BYTES' | 'UPLOAD_UNUSED_GRACE_MS'>;
}

const fileParams = z.object({ fileName: z.string() });
const uploadedSchema = z.object({ url: z.string() });
const FILE_NOT_FOUND = 'upload.fileNotFound';
/**
 * Profile photos are people's faces, deleted with their account (and replaced ones by the cleanup): no shared
 * cache (a CDN, a proxy) may keep one, and a browser only for five minutes, after which it asks again (a 304 by
 * the ETag while the photo exists, a 404 once it is gone). The names never change, but a year-long public
 * cache would go on serving a deleted account's face.
 */
export const PHOTO_CACHE_CONTROL = 'private, max-age=300';

/** "24 hours", "90 minutes": how long unused photos are kept, as people read it, in a language. */
function durationIn(locale: Locale, ms: number): string {
  return ms >= 3_600_000 && ms % 3_600_000 === 0
    ? apiText(locale, 'time.hours', { count: ms / 3_600_000 })
    : apiText(locale, 'time.minutes', { count: Math.max(1, Math.round(ms / 60_000)) });
}


/**
 * 429: the limit frees up by itself as unused photos are cleaned up (UPLOAD_UNUSED_GRACE_MS), so it is
 * "not now" rather than "never".
 */
export const uploadQuotaReached = (quota: UploadQuota, graceMs: number) =>
  new HttpError(429, 'upload.quotaReached', {
    values: { files: quota.files, size: megabytes(quota.bytes), grace: (locale: Locale) => durationIn(locale, graceMs) },
  });

/**
 * Profile photos (spec §7 Users service): `POST /users/consumer/upload/:uid` stores an image for its
 * owner and answers `{ url }`; `GET /uploads/:fileName` serves it to anyone holding that url (it is
 * shown in an <img>; the name is 128 random bits).
 */
export const uploadRoutes: ApiPlugin<UploadRoutesOptions> = async (app, { storage, uploads, config }) => {
  const maxBytes = config.UPLOAD_LIMIT_BYTES;
  const quota: UploadQuota = { files: config.UPLOAD_QUOTA_FILES, bytes: config.UPLOAD_QUOTA_BYTES };
  const overQuota = () => uploadQuotaReached(quota, config.UPLOAD_UNUSED_GRACE_MS);

  // multipart is parsed only in this scope: elsewhere the JSON routes keep answering 415 to it
  await app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      // the parser streams, so BODY_LIMIT_BYTES does not apply; busboy cuts the file one byte past the
      // limit, which saveImage turns into the readable 413
      limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 20 },
    });
    // any other body is left unread, for the handler to answer with a readable 400
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // we may answer before the client has sent everything (a rejected photo, a 401): drop the rest
    scope.addHook('onSend', (request, _reply, payload, done) => {
      discardRequestBody(request.raw, 2 * maxBytes);
      done(null, payload);
    });

    scope.post(
      '/users/consumer/upload/:uid',
      {
        ...ownerOnly(scope),
        schema: {
          description: 'A profile photo: multipart/form-data with one part `file` (JPEG, PNG, WebP or GIF, checked by its bytes)',
          consumes: ['multipart/form-data'],
          params: uidParams,
          response: { 201: uploadedSchema },
        },
      },
      async (request, reply) => {
        const { uid } = request.params;
        // a full quota is refused before the photo is read; the insert checks again with its size
        const used = await uploads.usage(uid);
        if (used.files >= quota.files || used.bytes >= quota.bytes) throw overQuota();
        const part = await readFilePart(request, 'file');
        // the user's file name and Content-Type are ignored: the bytes decide
        const stored = await storage.saveImage(fileChunks(part), maxBytes);
        let recorded;
        try {
          recorded = await uploads.recordWithinQuota(uid, stored, quota);
        } catch (error) {
          await storage.remove(stored.fileName).catch(() => undefined);
          throw error;
        }
        if (!recorded) {
          await storage.remove(stored.fileName);
          throw overQuota();
        }
        return reply.code(201).send({ url: `${config.PUBLIC_API_URL}/uploads/${stored.fileName}` });
      },
    );
  });

  // streams being sent: destroyed as the server starts closing (preClose: before it waits for its open
  // connections), so a client that stopped reading cannot hold the shutdown up
  const sending = new Set<Readable>();
  app.addHook('preClose', async () => {
    for (const stream of sending) stream.destroy();
  });

  const photo = {
    params: fileParams,
    response: { 200: fileAnswer('the photo', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'), 304: noBody('unchanged (If-None-Match)') },
  };
  app.get('/uploads/:fileName', { schema: photo }, async (request, reply) => {
    const { fileName } = request.params;
    // anything but a generated name (../, %2F, other extensions) is simply not found
    const upload = isStoredFileName(fileName) ? await uploads.findByFileName(fileName) : null;
    // a stored file never changes (a new photo gets a new name): its name is its version
    const etag = `"${fileName}"`;
    const headers = { 'Cache-Control': PHOTO_CACHE_CONTROL, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
    if (upload && matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).headers(headers).send(undefined);
    const file = upload && (await storage.open(fileName));
    if (!upload || !file) {
      if (upload) request.log.warn({ fileName }, 'recorded upload is missing from its storage (UPLOADS_DIR or UPLOADS_BUCKET)');
      throw notFound(FILE_NOT_FOUND);
    }
    sending.add(file.stream);
    file.stream.once('close', () => sending.delete(file.stream));
    // streamed from the open file; Fastify destroys the stream (closing the file) if the client goes away
    return reply.type(upload.contentType).headers(headers).header('Content-Length', file.byteSize).send(file.stream);
  });
};
