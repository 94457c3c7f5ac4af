/**
 * The catalog's pictures on the page's own origin: GET/HEAD /media/… is handed to the API (as this
 * server reaches it, API_INTERNAL_URL) and its answer passed back, so a page's largest picture does not
 * wait for a new connection to the API's origin (about 0.75 s on Lighthouse's mobile profile). The
 * addresses are built by @utsav/contracts/service-images (SERVICE_IMAGE_PATH) and never change what
 * they show: the API answers them as immutable, and a CDN in front of the host may keep them too.
 *
 * The client's address goes on in X-Forwarded-For (the API's per-IP limit on public reads counts the
 * person, not this server, when TRUST_PROXY names it). Only the picture's own headers come back; an
 * API that cannot be reached is a 502 with a message, never a hang (API_TIMEOUT_MS).
 */
const { answerJson, forwardedFor } = require('./request-guard.cjs');
const { COMMON_HEADERS, transportHeaders } = require('./security-headers.cjs');

/** As @utsav/contracts/service-images names it (SERVICE_IMAGE_PATH's parent): every picture the API serves. */
const MEDIA_PATH = '/media/';
const API_TIMEOUT_MS = 10_000;
/** The API's headers a picture's answer keeps. */
const PASSED_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-security-policy', 'x-content-type-options', 'retry-after'];

/** A path this proxy answers (decoded or not). */
const isMediaPath = (pathname) => pathname.startsWith(MEDIA_PATH);

/** The request's path as a URL parser resolves it, when it is under /media/; else null. */
function mediaPathOf(url = '/') {
  try {
    const { pathname } = new URL(url, 'http://local');
    return isMediaPath(pathname) ? pathname : null;
  } catch {
    return null;
  }
}

/**
 * @param {object} options
 * @param {string} options.apiUrl  the API as this server reaches it (session-routes.cjs apiUrlFrom)
 * @param {typeof fetch} [options.fetchImpl]
 * @returns {(req, res) => Promise<void>} answers a request for a path under /media/
 */
function mediaProxy({ apiUrl, fetchImpl = fetch }) {
  return async function media(req, res) {
    const headers = { ...COMMON_HEADERS, ...transportHeaders(req) };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      answerJson(req, res, 405, { message: 'Pictures are read with GET.' }, { Allow: 'GET, HEAD' });
      return;
    }
    // the path with its dot segments resolved (still percent-encoded, its query dropped), so that no
    // address reaches anything of the API's but its pictures: /media/../users is /users, not a picture
    const pathname = mediaPathOf(req.url);
    if (!pathname) {
      answerJson(req, res, 404, { message: 'Not found' });
      return;
    }
    let answer;
    let body;
    try {
      answer = await fetchImpl(`${apiUrl}${pathname}`, {
        method: req.method,
        headers: {
          'X-Forwarded-For': forwardedFor(req),
          ...(req.headers['accept-language'] ? { 'Accept-Language': req.headers['accept-language'] } : {}),
          ...(req.headers['if-none-match'] ? { 'If-None-Match': req.headers['if-none-match'] } : {}),
        },
        redirect: 'manual',
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      body = req.method === 'HEAD' ? null : Buffer.from(await answer.arrayBuffer());
    } catch {
      answerJson(req, res, 502, { message: 'The picture could not be fetched right now. Please try again.' });
      return;
    }
    for (const name of PASSED_HEADERS) {
      const value = answer.headers.get(name);
      if (value) headers[name] = value;
    }
    // a HEAD's length is the API's; a body's is counted here (fetch has already undone any compression)
    const length = body ? String(body.length) : answer.headers.get('content-length');
    if (length !== null && answer.status !== 304) headers['content-length'] = length;
    res.writeHead(answer.status, headers);
    res.end(body ?? undefined);
  };
}

module.exports = { MEDIA_PATH, isMediaPath, mediaProxy };
