import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/http-error';

export const NOT_MULTIPART_MESSAGE = 'upload.notMultipart';
export const NO_FILE_MESSAGE = 'upload.noFile';
const TOO_MANY_PARTS_MESSAGE = 'upload.tooManyParts';
const UNREADABLE_MESSAGE = 'upload.unreadable';

// @fastify/multipart's errors for a form with more parts than the limits allow
const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Anything that goes wrong while parsing the multipart body is the client's doing (a cut-off or malformed
 * body, too many parts): a 400, never a 500. Our own HttpErrors pass through.
 */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = typeof code === 'string' && LIMIT_CODES.has(code) ? TOO_MANY_PARTS_MESSAGE : UNREADABLE_MESSAGE;
  return new HttpError(400, message, { cause: error });
}

/**
 * The first file of a multipart request, which must be sent as `fieldName`. Only its headers have been
 * read: the bytes are still to come, through fileChunks. 400 for a body that is not multipart or holds
 * no such file.
 */
export async function readFilePart(request: FastifyRequest, fieldName: string): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART_MESSAGE);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw multipartError(error);
  }
  if (!part || part.fieldname !== fieldName) throw badRequest(NO_FILE_MESSAGE);
  return part;
}

/** The bytes of a file part as they arrive; stopping early (an error downstream) stops the upload. */
export async function* fileChunks(part: MultipartFile): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file) yield chunk as Buffer;
  } catch (error) {
    throw multipartError(error);
  }
}
