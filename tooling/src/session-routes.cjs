/**
 * The host server's session: POST /session turns the browser's Firebase ID token into a Firebase
 * session cookie (made by the API's POST /auth/session-cookie) set on the host's own origin, so the
 * server knows who asks for a page (server rendering sends it back to the API as
 * `Authorization: Session …`); DELETE /session clears it (sign-out, account deletion).
 *
 *   __session      the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure unless the host is localhost
 *   utsav_session  (SERVER_SESSION.marker) the signed-in uid, readable by the page (not a credential): tells the browser
 *                  whether this user's session cookie is already set, so it asks only when it is not
 *
 * Both only from a page of this origin (Origin checked: no login or logout CSRF). API calls from the
 * browser keep using the Firebase SDK's ID token; nothing here reads a cookie to authorize anything.
 */
const { answerJson, forwardedFor } = require('./request-guard.cjs');
const { SERVER_SESSION, publicApiUrl } = require('./runtime-config.cjs');

const SESSION_COOKIE = '__session';
const MAX_BODY_BYTES = 8 * 1024;
const API_TIMEOUT_MS = 5000;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The API as this server reaches it (a private address in production), else as the browser does. */
function apiUrlFrom(env = process.env) {
  return env.API_INTERNAL_URL ? env.API_INTERNAL_URL.replace(/\/+$/, '') : publicApiUrl(env);
}

function hostnameOf(req) {
  try {
    return new URL(`http://${req.headers.host ?? ''}`).hostname;
  } catch {
    return '';
  }
}

/** The request came from a page of this very origin (browsers send Origin on every POST and DELETE fetch). */
function sameOrigin(req) {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function cookie(name, value, { maxAge, httpOnly, secure }) {
  return [`${name}=${value}`, 'Path=/', `Max-Age=${maxAge}`, ...(httpOnly ? ['HttpOnly'] : []), 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

function sessionCookies(req, { uid, sessionCookie, maxAgeSeconds }) {
  const secure = !LOCAL_HOSTS.has(hostnameOf(req));
  return [
    cookie(SESSION_COOKIE, sessionCookie, { maxAge: maxAgeSeconds, httpOnly: true, secure }),
    cookie(SERVER_SESSION.marker, encodeURIComponent(uid), { maxAge: maxAgeSeconds, httpOnly: false, secure }),
  ];
}

function clearedCookies(req) {
  return sessionCookies(req, { uid: '', sessionCookie: '', maxAgeSeconds: 0 });
}

/** The value of the session cookie a request came with, or undefined. */
function sessionCookieOf(req) {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** The request's JSON body, at most MAX_BODY_BYTES; null when it is missing, too big or not JSON. */
function readJson(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (value) => {
      if (done) return;
      done = true;
      resolve(value);
    };
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        finish(null);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        finish(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        finish(null);
      }
    });
    req.on('error', () => finish(null));
  });
}

/**
 * @param {object} options
 * @param {string} options.apiUrl  the API as this server reaches it
 * @param {typeof fetch} [options.fetchImpl]
 * @returns {(req, res) => Promise<void>} answers POST/DELETE /session
 */
function sessionRoutes({ apiUrl, fetchImpl = fetch }) {
  return async function session(req, res) {
    if (req.method !== 'POST' && req.method !== 'DELETE') {
      answerJson(req, res, 405, { message: 'Use POST to sign in or DELETE to sign out.' }, { Allow: 'POST, DELETE' });
      return;
    }
    if (!sameOrigin(req)) {
      answerJson(req, res, 403, { message: 'The session can only be changed from this site.' });
      return;
    }
    if (req.method === 'DELETE') {
      answerJson(req, res, 204, undefined, { 'Set-Cookie': clearedCookies(req) });
      return;
    }
    const body = /^application\/json\b/i.test(req.headers['content-type'] ?? '') ? await readJson(req) : null;
    const idToken = body && typeof body.idToken === 'string' ? body.idToken.trim() : '';
    if (!idToken || /\s/.test(idToken)) {
      answerJson(req, res, 400, { message: 'Send {"idToken": "<Firebase ID token>"} as JSON.' });
      return;
    }
    let answer;
    try {
      answer = await fetchImpl(`${apiUrl}/auth/session-cookie`, {
        method: 'POST',
        // the client's address, as the render server and the media proxy forward it: the API's limit on rejected
        // tokens counts that client, not this server (whose one address every sign-in would otherwise share)
        headers: { Authorization: `Bearer ${idToken}`, 'X-Forwarded-For': forwardedFor(req) },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch {
      answerJson(req, res, 503, { message: 'Sign-in could not be checked right now. Please try again.' });
      return;
    }
    const reply = await answer.json().catch(() => ({}));
    if (answer.status === 401) {
      answerJson(req, res, 401, { message: String(reply.message ?? 'Please sign in again.') }, { 'Set-Cookie': clearedCookies(req) });
      return;
    }
    const made = answer.ok && typeof reply.sessionCookie === 'string' && typeof reply.consumerId === 'string' && Number.isInteger(reply.maxAgeSeconds);
    if (!made) {
      answerJson(req, res, answer.status === 429 ? 429 : 503, { message: String(reply.message ?? 'Sign-in could not be checked right now. Please try again.') });
      return;
    }
    const cookies = sessionCookies(req, { uid: reply.consumerId, sessionCookie: reply.sessionCookie, maxAgeSeconds: reply.maxAgeSeconds });
    answerJson(req, res, 204, undefined, { 'Set-Cookie': cookies });
  };
}

module.exports = { SESSION_COOKIE, apiUrlFrom, clearedCookies, sessionCookieOf, sessionRoutes };
