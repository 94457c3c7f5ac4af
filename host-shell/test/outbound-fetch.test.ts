/**
 * @jest-environment node
 */
import { guardOutboundFetch } from '../src/server/outbound-fetch';

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
