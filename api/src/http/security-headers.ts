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

/** Two years, subdomains included; no `preload`, a commitment that is the domain owner's to make. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Strict-Transport-Security goes on answers of a deployment reached over https: PUBLIC_API_URL is https,
 * or this request came over TLS (or over https to a trusted proxy: X-Forwarded-Proto, see TRUST_PROXY).
 * Browsers ignore it over plain http anyway; it is left off there so localhost stays free of it.
 */
export interface SecurityHeaderOptions {
  /** PUBLIC_API_URL starts with https: */
  publicOverHttps: boolean;
}

export const securityHeaderOptions = (publicApiUrl: string): SecurityHeaderOptions => ({ publicOverHttps: publicApiUrl.startsWith('https:') });

export function applySecurityHeaders(reply: FastifyReply, { publicOverHttps }: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  if (publicOverHttps || reply.request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  // an answer to a signed-in request is one person's data: no shared or browser cache may keep it
  if (reply.request.headers.authorization !== undefined && !reply.hasHeader('Cache-Control')) {
    reply.header('Cache-Control', 'no-store');
  }
  reply.removeHeader('X-Powered-By');
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    applySecurityHeaders(reply, options);
    return payload;
  });
}
