/**
 * The host's pages rendered on the server (host-shell/src/server/render.tsx, built to
 * host-shell/dist-server/render.js): serve.cjs --render hands it every page request (a GET of a path
 * with no file extension) and falls back to the static app shell when it declines.
 *
 * The HTTP side lives here, beside the static server's: the session cookie read from the request (and
 * cleared when the API refused it), the 302s of the guard, the page's headers (its CSP, never cached by
 * anyone: the HTML is the user's own), and compression that lets the head of the page reach the browser
 * before the rest is rendered (the renderer flushes it).
 */
const zlib = require('node:zlib');
const { forwardedFor } = require('./request-guard.cjs');
const { clearedCookies, sessionCookieOf } = require('./session-routes.cjs');

/** Dynamic HTML: brotli at quality 5 compresses a page in about a millisecond (11, for files compressed once, takes ~100x longer). */
const BROTLI_DYNAMIC = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

function compressorFor(accept = '') {
  if (/\bbr\b/.test(accept)) return { encoding: 'br', stream: zlib.createBrotliCompress(BROTLI_DYNAMIC) };
  if (/\bgzip\b/.test(accept)) return { encoding: 'gzip', stream: zlib.createGzip({ level: 6 }) };
  return null;
}

/**
 * The time zone pages are drawn in on the server: Utsav's users are in India, and a page that shows a
 * date of its own (a calendar month, "today") must read the same on the server as on their phones, or
 * the browser redraws it. TZ set in the environment wins.
 */
const RENDER_TIME_ZONE = 'Asia/Kolkata';

/** Loads the render server's module (its export is a promise: the federation share scope is set up first). */
async function loadRenderer(file, options) {
  if (!process.env.TZ) process.env.TZ = RENDER_TIME_ZONE;
  const module = await require(file);
  return module.createRenderer(options);
}

/**
 * The app's origin as the browser asked for it (its Host, over https when it came over TLS or a proxy says so), for
 * the absolute links of a page's own head (a shared link's preview: og:url, og:image). The page is never kept by a
 * shared cache, so a forged Host changes only the answer of the one who forged it.
 */
function requestOrigin(req) {
  const host = req.headers.host;
  if (!host) return undefined;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim().toLowerCase();
  return `${req.socket?.encrypted || forwarded === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * @param {{ render: Function }} renderer  what createRenderer made
 * @param {(req) => Record<string, string>} headersFor  a page's headers (security, CSP)
 * @returns {(req, res) => Promise<boolean>} answers a page request; false: not rendered (serve the static shell)
 */
function renderRoutes(renderer, headersFor) {
  return async function renderPage(req, res) {
    if (req.method !== 'GET') return false;
    let answer;
    try {
      answer = await renderer.render({
        url: req.url ?? '/',
        sessionCookie: sessionCookieOf(req),
        forwardedFor: forwardedFor(req),
        cookies: req.headers.cookie,
        origin: requestOrigin(req),
      });
    } catch (error) {
      console.error('server render failed, the browser draws the page:', error);
      return false;
    }
    if (answer.kind === 'shell') return false;
    const base = {
      ...headersFor(req),
      // the HTML is this user's: no shared cache keeps it, and it varies with the session cookie
      'Cache-Control': 'private, no-store',
      Vary: 'Cookie, Accept-Encoding',
      ...(answer.signOut ? { 'Set-Cookie': clearedCookies(req) } : {}),
    };
    if (answer.kind === 'redirect') {
      res.writeHead(302, { ...base, Location: answer.location, 'Content-Length': 0 });
      res.end();
      return true;
    }
    const compressor = compressorFor(req.headers['accept-encoding']);
    res.writeHead(answer.status, {
      ...base,
      'Content-Type': 'text/html; charset=utf-8',
      ...(compressor ? { 'Content-Encoding': compressor.encoding } : {}),
    });
    const out = compressor ? compressor.stream : res;
    if (compressor) compressor.stream.pipe(res);
    try {
      await answer.send({ write: (chunk) => out.write(chunk), flush: () => compressor?.stream.flush() });
    } finally {
      out.end();
    }
    return true;
  };
}

module.exports = { loadRenderer, renderRoutes };
