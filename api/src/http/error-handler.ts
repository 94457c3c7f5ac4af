import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { localeOfHeader, localeOfRequest } from './request-locale';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers';

/** Fastify's own 4xx errors as the house's: its id in the API's catalogue and values (the reason as Fastify says it, when no message of ours fits). */
function clientError(error: FastifyError, bodyLimit: number): HttpError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'http.bodyTooLarge', { values: { limit: String(bodyLimit) } });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'http.unsupportedMediaType');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, 'http.invalidJson');
    default:
      return new HttpError(error.statusCode ?? 400, 'http.refused', { values: { reason: error.message } });
  }
}

/**
 * Every error leaves as JSON `{ code, params, message }` (HttpError.answer): the message's id in the API's
 * catalogue, its values and its words in the request's language (Accept-Language). Our HttpErrors and Fastify's
 * 4xx (bad JSON, 413, 415) keep their status; anything else is a bug, logged and answered with a plain 500.
 */
export function installErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOfRequest(request);
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(error.statusCode).send(error.answer(locale));
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const refused = clientError(error, bodyLimit);
      return reply.code(refused.statusCode).send(refused.answer(locale));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(new HttpError(500, 'http.internal').answer(locale));
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(new HttpError(404, 'http.routeNotFound', { values: { method: request.method, path: request.url.split('?')[0] ?? '' } }).answer(localeOfRequest(request))),
  );
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route or hook runs (a path
 * segment over maxParamLength, broken %-encoding), answered in the house format instead of Fastify's own body.
 */
export function frameworkErrorHandler(maxParamLength: number, headers: SecurityHeaderOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applySecurityHeaders(reply, headers);
    // answered before any hook: the language is the header's
    const locale = localeOfHeader(request.headers['accept-language']);
    switch (error.code) {
      case 'FST_ERR_MAX_PARAM_LENGTH':
        return reply.code(414).send(new HttpError(414, 'http.paramTooLong', { values: { max: String(maxParamLength) } }).answer(locale));
      case 'FST_ERR_BAD_URL':
        return reply.code(400).send(new HttpError(400, 'http.badUrl').answer(locale));
      default:
        request.log.error({ err: error }, 'unexpected framework error');
        return reply.code(500).send(new HttpError(500, 'http.internal').answer(locale));
    }
  };
}

// English only: the request's headers (its Accept-Language) could not be read
function clientErrorAnswer(code: string | undefined): HttpError {
  if (code === 'HPE_HEADER_OVERFLOW') return new HttpError(431, 'http.headersTooLarge');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpError(408, 'http.requestTimeout');
  return new HttpError(400, 'http.notHttp');
}

/**
 * Fastify's `clientErrorHandler` option: a request Node could not even parse (headers over 16 KiB, broken
 * HTTP) never reaches Fastify, so the answer is written on the socket, in the house format (in English: its
 * headers were not read), and it is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refused = clientErrorAnswer(error.code);
  const status = refused.statusCode;
  const body = JSON.stringify(refused.answer('en-IN'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
