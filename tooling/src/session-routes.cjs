/**
 * The host server's session: POST /session turns the browser's Firebase ID token (of a sign-in at most
 * five minutes old) into a server session (made by the API's POST /auth/session-cookie) set on the host's own origin, so the
 * server knows who asks for a page (server rendering sends it back to the API as
 * `Authorization: Session …`, for reads only); DELETE /session ends it at the API (DELETE /auth/session: a copy
 * of the cookie is refused from then on) and clears it (sign-out, account deletion).
 *
 *   __Host-session the session cookie (the id of the API's server session record, api/src/auth/server-sessions.ts):
 *                  HttpOnly, SameSite=Lax, Path=/, Secure; named __session when SESSION_COOKIE_SECURE=false (local
 *                  plain-http runs: a __Host- cookie must be Secure). Secure comes from configuration, never
 *                  from the request's Host header: SESSION_COOKIE_SECURE, true unless set to false, and
 *                  production refuses false (host-environment.cjs).
 *   utsav_session  (SERVER_SESSION.marker) the signed-in uid, readable by the page (not a credential): tells the browser
 *                  whether this user's session cookie is already set, so it asks only when it is not
 *
 * Both only from a page of this origin (Origin checked: no login or logout CSRF). API calls from the
 * browser keep using the Firebase SDK's ID token; nothing here reads a cookie to authorize anything.
 */
const { answerJson, forwardedFor } = require('./request-guard.cjs');
const { readHostEnvironment } = require('./host-environment.cjs');
const { SERVER_SESSION } = require('./runtime-config.cjs');

const SESSION_COOKIE = '__Host-session';
/** The session cookie's name where it cannot be Secure (a plain-http local run): a __Host- cookie must be. */
const INSECURE_SESSION_COOKIE = '__session';
const MAX_BODY_BYTES = 8 * 1024;
const API_TIMEOUT_MS = 5000;

/**
 * Whether the session cookies are Secure, from SESSION_COOKIE_SECURE (`true` unless it says `false`; production
 * refuses `false`), and the session cookie's name that follows from it.
 * @returns {{ secure: boolean, name: string }}
 */
function sessionCookieSettings(env = process.env) {
  const secure = readHostEnvironment(env).SESSION_COOKIE_SECURE;
  return { secure, name: secure ? SESSION_COOKIE : INSECURE_SESSION_COOKIE };
}

/** The API as this server reaches it (a private address in production), else as the browser does. */
function apiUrlFrom(env = process.env) {
  const settings = readHostEnvironment(env);
  return settings.API_INTERNAL_URL ?? settings.API_PUBLIC_URL;
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
  const { secure, name } = sessionCookieSettings();
  return [
    cookie(name, sessionCookie, { maxAge: maxAgeSeconds, httpOnly: true, secure }),
    cookie(SERVER_SESSION.marker, encodeURIComponent(uid), { maxAge: maxAgeSeconds, httpOnly: false, secure }),
  ];
}

function clearedCookies(req) {
  return sessionCookies(req, { uid: '', sessionCookie: '', maxAgeSeconds: 0 });
}

/** The value of the session cookie a request came with, or undefined. */
function sessionCookieOf(req) {
  const { name } = sessionCookieSettings();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
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
 * @param {string} options.apiUrl
 * @param {typeof fetch} options.fetchImpl
 * @returns {(req, res) => Promise<void>} answers DELETE /session: ends the session at the API (its record is what
 *   makes the cookie good: a copy of it is refused from then on), then clears the cookies whatever the API said. 204
 *   when the session is over (ended now, already over, or there was none); 503 when the API could not end it.
 */
function sessionEnder({ apiUrl, fetchImpl }) {
  return async function endSession(req, res) {
    const cleared = { 'Set-Cookie': clearedCookies(req) };
    const sessionCookie = sessionCookieOf(req);
    if (!sessionCookie) {
      answerJson(req, res, 204, undefined, cleared);
      return;
    }
    let status;
    try {
      const answer = await fetchImpl(`${apiUrl}/auth/session`, {
        method: 'DELETE',
        headers: { Authorization: `Session ${sessionCookie}`, 'X-Forwarded-For': forwardedFor(req) },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      status = answer.status;
    } catch {
      status = 0;
    }
    // 401: the API no longer takes it (ended, expired, unknown): as good as ended
    if (status === 200 || status === 401) answerJson(req, res, 204, undefined, cleared);
    else answerJson(req, res, 503, { message: 'You are signed out on this device, but the server session could not be ended right now.' }, cleared);
  };
}

/**
 * @param {object} options
 * @param {string} options.apiUrl  the API as this server reaches it
 * @param {typeof fetch} [options.fetchImpl]
 * @returns {(req, res) => Promise<void>} answers POST/DELETE /session
 */
function sessionRoutes({ apiUrl, fetchImpl = fetch }) {
  const endSession = sessionEnder({ apiUrl, fetchImpl });
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
      await endSession(req, res);
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

module.exports = { SESSION_COOKIE, INSECURE_SESSION_COOKIE, apiUrlFrom, clearedCookies, sessionCookieOf, sessionCookieSettings, sessionRoutes };
