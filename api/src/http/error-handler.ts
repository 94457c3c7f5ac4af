import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers';

/** Fastify's own 4xx messages, reworded where a person would not understand them. */
function clientErrorMessage(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body is too large (limit ${bodyLimit} bytes)`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send application/json';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      return error.message;
  }
}

/**
 * Every error leaves as JSON `{ message }`: our HttpErrors and Fastify's 4xx (bad JSON, 413, 415)
 * keep their status; anything else is a bug, logged and answered with a plain 500.
 */
export function installErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(error.statusCode).send({ message: error.message, ...error.details });
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientErrorMessage(error, bodyLimit) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Internal error' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route or hook runs (a path
 * segment over maxParamLength, broken %-encoding), answered in the house format instead of Fastify's own body.
 */
export function frameworkErrorHandler(maxParamLength: number, headers: SecurityHeaderOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applySecurityHeaders(reply, headers);
    switch (error.code) {
      case 'FST_ERR_MAX_PARAM_LENGTH':
        return reply.code(414).send({ message: `A part of the address is too long (at most ${maxParamLength} characters)` });
      case 'FST_ERR_BAD_URL':
        return reply.code(400).send({ message: 'The address is not valid (malformed %-encoding)' });
      default:
        request.log.error({ err: error }, 'unexpected framework error');
        return reply.code(500).send({ message: 'Internal error' });
    }
  };
}

function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers (or the address) are too large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive'];
  return [400, 'The request is not valid HTTP'];
}

/**
 * Fastify's `clientErrorHandler` option: a request Node could not even parse (headers over 16 KiB, broken
 * HTTP) never reaches Fastify, so the answer is written on the socket, in the house format, and it is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error.code);
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
