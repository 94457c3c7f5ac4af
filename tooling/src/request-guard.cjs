/**
 * The one guard of every front-end Node server (the static server, a future render server): no
 * request handler can throw past the server. An unhandled error thrown by a handler, or a promise
 * it returns that rejects, is logged and answered 500 (or the connection is dropped when the answer
 * had already started); a request Node cannot parse is answered 400 without reaching a handler.
 * Either way the process keeps serving.
 *
 *   guardServer(http.createServer(), handler).listen(port)
 */
const { COMMON_HEADERS, transportHeaders } = require('./security-headers.cjs');

const TEXT = { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' };

/** Answers a request with a short plain-text message, the common headers and HSTS over https. */
function answerText(req, res, status, message, headers = {}) {
  res.writeHead(status, { ...TEXT, ...transportHeaders(req), ...headers, 'Content-Length': Buffer.byteLength(message) });
  res.end(message);
}

/** The request's X-Forwarded-For with the address it came from appended, as a proxy forwards it. */
function forwardedFor(req) {
  const before = req.headers['x-forwarded-for'];
  // an IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d
  const from = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
  return before ? `${before}, ${from}` : from;
}

/**
 * Answers a request with `body` as JSON (none when undefined: a 204), never cached, with the common
 * headers and HSTS over https. A HEAD request gets the headers only (Node sends no body for it).
 */
function answerJson(req, res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    ...transportHeaders(req),
    ...headers,
    'Cache-Control': 'no-store',
    ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function failed(req, res, error, log) {
  log(`${req.method} ${String(req.url).slice(0, 200)} failed: ${error?.stack ?? error}`);
  if (res.headersSent) {
    // part of an answer is on the wire: only closing the connection tells the client it is cut short
    res.destroy();
    return;
  }
  answerText(req, res, 500, 'Internal server error');
}

/**
 * Wraps a Node request handler (sync or async) so that what it throws or rejects with becomes a 500.
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown} handler
 * @param {{ log?: (line: string) => void }} [options]
 */
function guardHandler(handler, { log = console.error } = {}) {
  return (req, res) => {
    try {
      const result = handler(req, res);
      if (result && typeof result.then === 'function') result.then(undefined, (error) => failed(req, res, error, log));
    } catch (error) {
      failed(req, res, error, log);
    }
  };
}

/** A request Node's parser rejected (bad request line, oversized headers): 400 or 431, then close. */
function answerClientError(error, socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request'];
  const headers = Object.entries(TEXT).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}Content-Length: ${reason.length}\r\nConnection: close\r\n\r\n${reason}`);
}

/**
 * Attaches `handler` to an http or https server behind the guard, and answers parse failures.
 * @template {import('node:http').Server} S
 * @param {S} server
 * @param {Parameters<typeof guardHandler>[0]} handler
 * @param {Parameters<typeof guardHandler>[1]} [options]
 * @returns {S}
 */
function guardServer(server, handler, options) {
  server.on('request', guardHandler(handler, options));
  server.on('clientError', answerClientError);
  return server;
}

module.exports = { answerJson, answerText, forwardedFor, guardHandler, guardServer };
