import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import { discardRequestBody } from '../http/discard-request-body';
import { notFound } from '../http/http-error';
import { parse } from '../http/parse';
import { uidParams } from '../users/uid-params';
import { fileChunks, readFilePart } from './multipart-file';
import type { UploadRepository } from './upload-repository';
import { isStoredFileName, type UploadStorage } from './upload-storage';

export interface UploadRoutesOptions {
  storage: UploadStorage;
  uploads: UploadRepository;
  config: Pick<Config, 'UPLOAD_LIMIT_BYTES' | 'PUBLIC_API_URL'>;
}

const fileParams = z.object({ fileName: z.string() });
const FILE_NOT_FOUND = 'File not found';
// stored names are random and never reused, so browsers may keep a file for good
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * Profile photos (spec §7 Users service): `POST /users/consumer/upload/:uid` stores an image for its
 * owner and answers `{ url }`; `GET /uploads/:fileName` serves it to anyone holding that url (it is
 * shown in an <img>; the name is 128 random bits).
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  { storage, uploads, config }: UploadRoutesOptions,
): Promise<void> {
  const maxBytes = config.UPLOAD_LIMIT_BYTES;

  // multipart is parsed only in this scope: elsewhere the JSON routes keep answering 415 to it
  await app.register(async (scope) => {
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
      { preHandler: [scope.authenticate, scope.requireOwner] },
      async (request, reply) => {
        const { uid } = parse(uidParams, request.params);
        const part = await readFilePart(request, 'file');
        // the user's file name and Content-Type are ignored: the bytes decide
        const stored = await storage.saveImage(fileChunks(part), maxBytes);
        try {
          await uploads.record(uid, stored);
        } catch (error) {
          await storage.remove(stored.fileName).catch(() => undefined);
          throw error;
        }
        return reply.code(201).send({ url: `${config.PUBLIC_API_URL}/uploads/${stored.fileName}` });
      },
    );
  });

  app.get('/uploads/:fileName', async (request, reply) => {
    const { fileName } = parse(fileParams, request.params);
    // anything but a generated name (../, %2F, other extensions) is simply not found
    const upload = isStoredFileName(fileName) ? await uploads.findByFileName(fileName) : null;
    const bytes = upload && (await storage.read(fileName));
    if (!upload || !bytes) {
      if (upload) request.log.warn({ fileName }, 'recorded upload is missing from UPLOADS_DIR');
      throw notFound(FILE_NOT_FOUND);
    }
    return reply
      .type(upload.contentType)
      .header('Cache-Control', CACHE_FOREVER)
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
}
