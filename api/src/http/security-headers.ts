import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Headers every API answer carries. The API only answers JSON (and a few images), so nothing may be
 * sniffed, framed, or leak the page's URL onward; a route that needs its own policy (the SVG images)
 * sets it itself and keeps it.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export function applySecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  // an answer to a signed-in request is one person's data: no shared or browser cache may keep it
  if (reply.request.headers.authorization !== undefined && !reply.hasHeader('Cache-Control')) {
    reply.header('Cache-Control', 'no-store');
  }
  reply.removeHeader('X-Powered-By');
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    applySecurityHeaders(reply);
    return payload;
  });
}
