import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@utsav/contracts/language';
import { apiText } from './api-messages';
import { HttpError } from './http-error';
import { localeOfHeader, localeOfRequest } from './request-locale';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers';
import { sayMessage } from './words';

/** Fastify's own 4xx messages, reworded where a person would not understand them, in the request's language. */
function clientErrorMessage(error: FastifyError, bodyLimit: number, locale: Locale): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiText(locale, 'http.bodyTooLarge', { limit: String(bodyLimit) });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiText(locale, 'http.unsupportedMediaType');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return apiText(locale, 'http.invalidJson');
    default:
      return sayMessage(locale, error.message);
  }
}

/** Validation issues (`details.issues`) with each message in the request's language. */
function saidDetails(details: Record<string, unknown> | undefined, locale: Locale): Record<string, unknown> | undefined {
  const issues = details?.issues;
  if (!Array.isArray(issues)) return details;
  return {
    ...details,
    issues: issues.map((issue: unknown) =>
      issue && typeof issue === 'object' && typeof (issue as { message?: unknown }).message === 'string'
        ? { ...issue, message: sayMessage(locale, (issue as { message: string }).message) }
        : issue,
    ),
  };
}

/**
 * Every error leaves as JSON `{ message }`, said in the request's language (Accept-Language): our HttpErrors
 * and Fastify's 4xx (bad JSON, 413, 415) keep their status; anything else is a bug, logged and answered with a
 * plain 500.
 */
export function installErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOfRequest(request);
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer');
      return reply
        .code(error.statusCode)
        .send({ message: sayMessage(locale, error.message, error.words), ...saidDetails(error.details, locale) });
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientErrorMessage(error, bodyLimit, locale) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: apiText(locale, 'http.internal') });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: apiText(localeOfRequest(request), 'http.routeNotFound', { method: request.method, path: request.url.split('?')[0] ?? '' }) }),
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
        return reply.code(414).send({ message: apiText(locale, 'http.paramTooLong', { max: String(maxParamLength) }) });
      case 'FST_ERR_BAD_URL':
        return reply.code(400).send({ message: apiText(locale, 'http.badUrl') });
      default:
        request.log.error({ err: error }, 'unexpected framework error');
        return reply.code(500).send({ message: apiText(locale, 'http.internal') });
    }
  };
}

// English only: the request's headers (its Accept-Language) could not be read
function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, apiText('en-IN', 'http.headersTooLarge')];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, apiText('en-IN', 'http.requestTimeout')];
  return [400, apiText('en-IN', 'http.notHttp')];
}

/**
 * Fastify's `clientErrorHandler` option: a request Node could not even parse (headers over 16 KiB, broken
 * HTTP) never reaches Fastify, so the answer is written on the socket, in the house format (in English: its
 * headers were not read), and it is closed.
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
