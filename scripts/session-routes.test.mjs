// The host server's POST/DELETE /session (tooling/src/session-routes.cjs), run as the real binary
// against a stand-in for the API's POST /auth/session-cookie: the cookie's flags, the origin check,
// bad input, and what the API's refusal or absence gives the browser.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startHostBeforeApi } from './lib/serve-process.mjs';

const TWO_WEEKS = 14 * 24 * 60 * 60;

/** The API's answer to the next POST /auth/session-cookie, and what it was asked. */
const api = { status: 200, body: { consumerId: 'uid-1', sessionCookie: 'cookie.value.sig', maxAgeSeconds: TWO_WEEKS }, calls: [], forwardedFor: [] };
let host;

before(async () => {
  host = await startHostBeforeApi((req, res) => {
    api.calls.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    api.forwardedFor.push(req.headers['x-forwarded-for']);
    res.writeHead(api.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(api.body));
  });
});
after(async () => {
  await host.stop();
});
beforeEach(() => {
  api.status = 200;
  api.body = { consumerId: 'uid-1', sessionCookie: 'cookie.value.sig', maxAgeSeconds: TWO_WEEKS };
  api.calls = [];
  api.forwardedFor = [];
});

/** A request as a page of `origin` would send it (fetch sets Origin; `host` is the Host header). */
function send(method, { origin = host.url, hostHeader, json, body, contentType = 'application/json', forwardedFor } = {}) {
  const target = new URL('/session', host.url);
  const headers = { ...(origin ? { Origin: origin } : {}), ...(hostHeader ? { Host: hostHeader } : {}), ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) };
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
  test('turns the ID token into the API’s session cookie, HttpOnly and SameSite=Lax on this origin, not Secure on localhost', async () => {
    const answer = await send('POST', { json: { idToken: 'id.token.sig' } });
    assert.equal(answer.status, 204);
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.deepEqual(api.calls, [{ method: 'POST', url: '/auth/session-cookie', authorization: 'Bearer id.token.sig' }]);
    assert.equal(cookieNamed(answer, '__session'), `__session=cookie.value.sig; Path=/; Max-Age=${TWO_WEEKS}; HttpOnly; SameSite=Lax`);
    // the page may read who the cookie is for (to know it need not ask again); it is not a credential
    assert.equal(cookieNamed(answer, 'utsav_session'), `utsav_session=uid-1; Path=/; Max-Age=${TWO_WEEKS}; SameSite=Lax`);
  });

  test('hands the API the client’s address in X-Forwarded-For (after any the client’s own proxies added), as the render server does', async () => {
    // the API's limit on rejected tokens then counts each client, not this server's one address (docs/security.md, issue 34)
    assert.equal((await send('POST', { json: { idToken: 'id.token.sig' } })).status, 204);
    assert.equal((await send('POST', { json: { idToken: 'id.token.sig' }, forwardedFor: '203.0.113.5' })).status, 204);
    const [direct, proxied] = api.forwardedFor;
    assert.match(direct ?? '', /^(127\.0\.0\.1|::1)$/);
    assert.equal(proxied, `203.0.113.5, ${direct}`);
  });

  test('Secure outside localhost', async () => {
    const answer = await send('POST', { origin: 'https://utsav.example', hostHeader: 'utsav.example', json: { idToken: 'id.token.sig' } });
    assert.equal(answer.status, 204);
    assert.match(cookieNamed(answer, '__session'), /; HttpOnly; SameSite=Lax; Secure$/);
    assert.match(cookieNamed(answer, 'utsav_session'), /; SameSite=Lax; Secure$/);
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
    assert.equal(cookieNamed(answer, '__session'), '__session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    assert.equal(cookieNamed(answer, 'utsav_session'), 'utsav_session=; Path=/; Max-Age=0; SameSite=Lax');
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

test('DELETE /session clears both cookies (sign-out); other methods are 405; the server keeps serving', async () => {
  const cleared = await send('DELETE');
  assert.equal(cleared.status, 204);
  assert.equal(cookieNamed(cleared, '__session'), '__session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  assert.equal((await send('DELETE', { origin: 'https://evil.example' })).status, 403);
  assert.equal((await send('GET')).status, 405);
  assert.equal((await fetch(`${host.url}/`)).status, 200);
});
