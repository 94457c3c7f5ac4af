import { gunzipSync } from 'node:zlib';
import { acceptsGzip } from '../src/catalog/cached-reply';
import { matchesEtag } from '@utsav/tooling/src/http-caching.cjs';
import { loadConfig } from '../src/config';
import { createResponseCache, serializeAnswer, type ResponseCacheSettings } from '../src/catalog/response-cache';

const SETTINGS: ResponseCacheSettings = { maxEntries: 3, ttlMs: 1_000, versionCheckMs: 100 };

/** A cache over a fake clock and a version the test sets; counts the computations. */
function harness(settings: Partial<ResponseCacheSettings> = {}) {
  // random 0.999…: an entry lives (almost) the full TTL unless a test says otherwise
  const state = { now: 0, random: 1 - Number.EPSILON, version: 'v1', versionReads: 0, computed: 0 };
  const cache = createResponseCache(
    { ...SETTINGS, ...settings },
    async () => {
      state.versionReads++;
      return state.version;
    },
    { now: () => state.now, random: () => state.random },
  );
  const get = async (key: string) => {
    const { answer, state: cacheState } = await cache.get(key, async () => JSON.stringify({ key, n: ++state.computed }));
    return { value: JSON.parse(answer.body.toString('utf8')) as { key: string; n: number }, etag: answer.etag, state: cacheState };
  };
  return { cache, state, get };
}

describe('response cache', () => {
  test('the second read of a key is a hit with the same body and ETag', async () => {
    const { get, state } = harness();
    const first = await get('a');
    const second = await get('a');
    expect(first).toEqual({ value: { key: 'a', n: 1 }, etag: expect.stringMatching(/^"[\w-]+"$/), state: 'miss' });
    expect(second).toEqual({ ...first, state: 'hit' });
    expect(state.computed).toBe(1);
  });

  test('different bodies get different ETags', async () => {
    const { get } = harness();
    expect((await get('a')).etag).not.toBe((await get('b')).etag);
  });

  test('an entry past its TTL is served stale while it is made again in the background', async () => {
    const { get, state } = harness();
    await get('a');
    state.now = 999;
    expect((await get('a')).state).toBe('hit');
    state.now = 1_000;
    expect(await get('a')).toMatchObject({ state: 'stale', value: { n: 1 } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await get('a')).toMatchObject({ state: 'hit', value: { n: 2 } });
    expect(state.computed).toBe(2);
  });

  test('one background refresh at a time: other stale entries wait for a later request', async () => {
    const { cache, get, state } = harness();
    await get('a');
    await get('b');
    state.now = 1_000;
    let finish: (value: string) => void = () => undefined;
    const slow = () => new Promise<string>((resolve) => (finish = resolve));
    expect((await cache.get('a', slow)).state).toBe('stale');
    expect(await get('b')).toMatchObject({ state: 'stale', value: { n: 2 } });
    expect(state.computed).toBe(2); // b was not refreshed while a was
    finish(JSON.stringify({ key: 'a', n: 99 }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await get('a')).toMatchObject({ state: 'hit', value: { n: 99 } });
    expect((await get('b')).state).toBe('stale'); // now its turn
  });

  test('a stale entry whose refresh fails is dropped: the next request makes it (and sees the failure)', async () => {
    const { cache, get, state } = harness();
    await get('a');
    state.now = 1_000;
    expect((await cache.get('a', () => Promise.reject(new Error('gone')))).state).toBe('stale');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toBe(0);
    expect((await get('a')).state).toBe('miss');
  });

  test('TTLs are spread over 80–100% so entries made together do not expire together', async () => {
    const { get, state } = harness();
    state.random = 0;
    await get('early');
    state.random = 0.5;
    await get('middle');
    state.now = 800;
    expect((await get('early')).state).toBe('stale');
    expect((await get('middle')).state).toBe('hit');
    state.now = 900;
    expect((await get('middle')).state).toBe('stale');
  });

  test('keeps at most maxEntries, dropping the least recently used', async () => {
    const { get, cache } = harness();
    await get('a');
    await get('b');
    await get('c');
    await get('a'); // a is now the most recent; b the least
    await get('d');
    expect(cache.size).toBe(3);
    expect((await get('a')).state).toBe('hit');
    expect((await get('c')).state).toBe('hit');
    expect((await get('b')).state).toBe('miss');
  });

  test('a new data version empties it, noticed at the next check', async () => {
    const { get, state } = harness();
    await get('a');
    state.version = 'v2';
    state.now = 50; // before the next check: still served
    expect((await get('a')).state).toBe('hit');
    state.now = 150;
    expect(await get('a')).toMatchObject({ state: 'miss', value: { n: 2 } });
    expect(state.versionReads).toBe(2);
  });

  test('concurrent misses of one key make it once', async () => {
    const { get, state } = harness();
    const answers = await Promise.all([get('a'), get('a'), get('a')]);
    expect(state.computed).toBe(1);
    expect(answers.map((answer) => answer.value.n)).toEqual([1, 1, 1]);
  });

  test('a failed computation is not kept', async () => {
    const { cache, get } = harness();
    await expect(cache.get('a', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(await get('a')).toMatchObject({ state: 'miss', value: { n: 1 } });
  });

  test('an answer made from data that changed meanwhile is not kept', async () => {
    const { cache, state, get } = harness();
    let finish: (value: string) => void = () => undefined;
    const slow = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    state.version = 'v2';
    state.now = 150;
    await get('b'); // this read notices v2 and empties the cache
    finish(JSON.stringify({ stale: true }));
    await slow;
    expect(await get('a')).toMatchObject({ state: 'miss', value: { key: 'a' } });
  });

  test('maxEntries 0 turns it off: every read is made', async () => {
    const { get, state } = harness({ maxEntries: 0 });
    await get('a');
    expect((await get('a')).state).toBe('miss');
    expect(state).toMatchObject({ computed: 2, versionReads: 0 });
  });
});

describe('settings from the environment', () => {
  test('defaults', () => {
    expect(loadConfig({}).CATALOG_CACHE).toEqual({ maxEntries: 1000, ttlMs: 60_000, versionCheckMs: 1_000 });
  });

  test('overrides, 0 included', () => {
    expect(loadConfig({ CATALOG_CACHE_MAX_ENTRIES: '0', CATALOG_CACHE_TTL_MS: '500', CATALOG_CACHE_VERSION_CHECK_MS: '0' }).CATALOG_CACHE).toEqual({
      maxEntries: 0,
      ttlMs: 500,
      versionCheckMs: 0,
    });
  });

  test.each(['-1', '1.5', 'lots'])('CATALOG_CACHE_MAX_ENTRIES=%s is refused', (raw) => {
    expect(() => loadConfig({ CATALOG_CACHE_MAX_ENTRIES: raw })).toThrow(`CATALOG_CACHE_MAX_ENTRIES must be a whole number of answers (0 or more), got "${raw}"`);
  });
});

describe('If-None-Match', () => {
  test.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    ['', false],
    [undefined, false],
  ])('%s matches "abc": %s', (header, expected) => {
    expect(matchesEtag(header, '"abc"')).toBe(expected);
  });
});

describe('Accept-Encoding', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['br', false],
    ['', false],
    [undefined, false],
  ])('%s takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  test('the gzipped answer holds the same JSON under its own ETag', () => {
    const answer = serializeAnswer(JSON.stringify({ results: ['a'.repeat(1000)] }));
    const gzipped = answer.gzipped();
    expect(gunzipSync(gzipped.body)).toEqual(answer.body);
    expect(gzipped.body.length).toBeLessThan(answer.body.length / 5);
    expect(gzipped.etag).not.toBe(answer.etag);
    expect(answer.gzipped()).toBe(gzipped);
  });
});
