// The host server's POST/DELETE /session (tooling/src/session-routes.cjs), run as the real binary
// against a stand-in for the API's POST /auth/session-cookie and DELETE /auth/session: the cookie's flags
// (Secure and the __Host- name from SESSION_COOKIE_SECURE, never from the Host header), the origin check,
// bad input, sign-out ending the session at the API, and what the API's refusal or absence gives the browser.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startHostBeforeApi } from './lib/serve-process.mjs';

const TWO_WEEKS = 14 * 24 * 60 * 60;

/** The API's answer to the next POST /auth/session-cookie, and what it was asked. */
const api = { status: 200, body: { consumerId: 'uid-1', sessionCookie: 'cookie.value.sig', maxAgeSeconds: TWO_WEEKS }, calls: [], forwardedFor: [] };
/** The host as deployed (SESSION_COOKIE_SECURE unset: Secure, __Host-session), and one told to run on plain http. */
let host;
let plainHttpHost;

const standInApi = (req, res) => {
  api.calls.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
  api.forwardedFor.push(req.headers['x-forwarded-for']);
  res.writeHead(api.status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(api.body));
};

before(async () => {
  [host, plainHttpHost] = await Promise.all([startHostBeforeApi(standInApi), startHostBeforeApi(standInApi, { SESSION_COOKIE_SECURE: 'false' })]);
});
after(async () => {
  await Promise.all([host.stop(), plainHttpHost.stop()]);
});
beforeEach(() => {
  api.status = 200;
  api.body = { consumerId: 'uid-1', sessionCookie: 'cookie.value.sig', maxAgeSeconds: TWO_WEEKS };
  api.calls = [];
  api.forwardedFor = [];
});

/** A request as a page of `origin` would send it (fetch sets Origin; `host` is the Host header). */
function send(method, { to = host, origin = to.url, hostHeader, json, body, cookie, contentType = 'application/json', forwardedFor } = {}) {
  const target = new URL('/session', to.url);
  const headers = {
    ...(origin ? { Origin: origin } : {}),
    ...(hostHeader ? { Host: hostHeader } : {}),
    ...(cookie ? { Cookie: cookie } : {}),
    ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
  };
  const payload = json !== undefined ? JSON.stringify(json) : body;
  if (payload !== undefined) headers['Content-Type'] = contentType;
  return new Promise((resolve, reject) => {
    const req = http.request(target, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const cookieNamed = (answer, name) => (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${name}=`));

describe('POST /session', () => {
  test('turns the ID token into the API’s session, a Secure __Host- cookie, HttpOnly and SameSite=Lax on this origin, even on localhost', async () => {
    const answer = await send('POST', { json: { idToken: 'id.token.sig' } });
    assert.equal(answer.status, 204);
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.deepEqual(api.calls, [{ method: 'POST', url: '/auth/session-cookie', authorization: 'Bearer id.token.sig' }]);
    assert.equal(cookieNamed(answer, '__Host-session'), `__Host-session=cookie.value.sig; Path=/; Max-Age=${TWO_WEEKS}; HttpOnly; SameSite=Lax; Secure`);
    // the page may read who the cookie is for (to know it need not ask again); it is not a credential
    assert.equal(cookieNamed(answer, 'utsav_session'), `utsav_session=uid-1; Path=/; Max-Age=${TWO_WEEKS}; SameSite=Lax; Secure`);
    assert.equal(cookieNamed(answer, '__session'), undefined);
  });

  test('hands the API the client’s address in X-Forwarded-For (after any the client’s own proxies added), as the render server does', async () => {
    // the API's limit on rejected tokens then counts each client, not this server's one address (docs/security.md, issue 34)
    assert.equal((await send('POST', { json: { idToken: 'id.token.sig' } })).status, 204);
    assert.equal((await send('POST', { json: { idToken: 'id.token.sig' }, forwardedFor: '203.0.113.5' })).status, 204);
    const [direct, proxied] = api.forwardedFor;
    assert.match(direct ?? '', /^(127\.0\.0\.1|::1)$/);
    assert.equal(proxied, `203.0.113.5, ${direct}`);
  });

  test('Secure is configuration, not the Host header: SESSION_COOKIE_SECURE=false (a plain-http local run) drops it, whatever the host is called', async () => {
    for (const hostHeader of [undefined, 'utsav.example']) {
      const origin = hostHeader ? `https://${hostHeader}` : undefined;
      const answer = await send('POST', { to: plainHttpHost, ...(origin ? { origin } : {}), hostHeader, json: { idToken: 'id.token.sig' } });
      assert.equal(answer.status, 204);
      // a __Host- cookie must be Secure, so the plain-http name is __session
      assert.equal(cookieNamed(answer, '__session'), `__session=cookie.value.sig; Path=/; Max-Age=${TWO_WEEKS}; HttpOnly; SameSite=Lax`);
      assert.equal(cookieNamed(answer, 'utsav_session'), `utsav_session=uid-1; Path=/; Max-Age=${TWO_WEEKS}; SameSite=Lax`);
    }
  });

  test('only from a page of this origin: another site, or no Origin at all, is 403 and the API is not asked', async () => {
    for (const origin of ['https://evil.example', 'null', undefined]) {
      const answer = await send('POST', { origin: origin ?? '', json: { idToken: 'id.token.sig' } });
      assert.deepEqual([origin, answer.status, answer.headers['set-cookie']], [origin, 403, undefined]);
      assert.deepEqual(answer.body, { message: 'The session can only be changed from this site.' });
    }
    assert.deepEqual(api.calls, []);
  });

  test('bad input is 400 with what to send, before the API is asked', async () => {
    const bad = [
      { body: 'not json' },
      { json: {} },
      { json: { idToken: 42 } },
      { json: { idToken: 'two words' } },
      { json: { idToken: 'x'.repeat(10_000) } },
      { json: { idToken: 'id.token.sig' }, contentType: 'text/plain' },
    ];
    for (const input of bad) {
      const answer = await send('POST', input);
      assert.deepEqual([JSON.stringify(input).slice(0, 40), answer.status, answer.body], [JSON.stringify(input).slice(0, 40), 400, { message: 'Send {"idToken": "<Firebase ID token>"} as JSON.' }]);
    }
    assert.deepEqual(api.calls, []);
  });

  test('a token the API refuses: 401 with its message, and any old session cookie is cleared', async () => {
    api.status = 401;
    api.body = { message: 'Invalid ID token. Please sign in again.' };
    const answer = await send('POST', { json: { idToken: 'id.token.sig' } });
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, { message: 'Invalid ID token. Please sign in again.' });
    assert.equal(cookieNamed(answer, '__Host-session'), '__Host-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
    assert.equal(cookieNamed(answer, 'utsav_session'), 'utsav_session=; Path=/; Max-Age=0; SameSite=Lax; Secure');
  });

  test('the API failing or answering nonsense: 503, cookies left as they were', async () => {
    for (const [status, body] of [[500, { message: 'boom' }], [200, { sessionCookie: 42 }]]) {
      api.status = status;
      api.body = body;
      const answer = await send('POST', { json: { idToken: 'id.token.sig' } });
      assert.deepEqual([status, answer.status, answer.headers['set-cookie']], [status, 503, undefined]);
    }
  });
});

describe('DELETE /session (sign-out)', () => {
  test('ends the session at the API with the cookie (a copy is refused from then on), then clears both cookies', async () => {
    const answer = await send('DELETE', { cookie: 'theme=dark; __Host-session=the-session-id; utsav_session=uid-1' });
    assert.equal(answer.status, 204);
    assert.deepEqual(api.calls, [{ method: 'DELETE', url: '/auth/session', authorization: 'Session the-session-id' }]);
    // the API counts refusals per client, as for the render server's calls
    assert.match(api.forwardedFor[0], /^(::1|127\.0\.0\.1)$/);
    assert.equal(cookieNamed(answer, '__Host-session'), '__Host-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
    assert.equal(cookieNamed(answer, 'utsav_session'), 'utsav_session=; Path=/; Max-Age=0; SameSite=Lax; Secure');
  });

  test('a session the API no longer takes (401), or no cookie at all: signed out, 204; only the configured name is read', async () => {
    api.status = 401;
    api.body = { message: 'Your session was ended. Please sign in again.' };
    assert.equal((await send('DELETE', { cookie: '__Host-session=old' })).status, 204);
    // a __session cookie is not this host's session when it is Secure (a subdomain could have set it)
    const none = await send('DELETE', { cookie: '__session=planted' });
    assert.equal(none.status, 204);
    assert.match(cookieNamed(none, '__Host-session'), /Max-Age=0/);
    assert.deepEqual(api.calls.map((call) => call.authorization), ['Session old']);
  });

  test('the API down or failing: 503 with a message, the cookies cleared all the same (this device is signed out)', async () => {
    api.status = 500;
    api.body = { message: 'boom' };
    const answer = await send('DELETE', { cookie: '__Host-session=the-session-id' });
    assert.equal(answer.status, 503);
    assert.deepEqual(answer.body, { message: 'You are signed out on this device, but the server session could not be ended right now.' });
    assert.match(cookieNamed(answer, '__Host-session'), /Max-Age=0/);
  });

  test('from another site: 403, nothing ended; other methods are 405; the server keeps serving', async () => {
    assert.equal((await send('DELETE', { origin: 'https://evil.example', cookie: '__Host-session=the-session-id' })).status, 403);
    assert.deepEqual(api.calls, []);
    assert.equal((await send('GET')).status, 405);
    assert.equal((await fetch(`${host.url}/`)).status, 200);
  });
});
