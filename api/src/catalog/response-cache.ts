import { createHash } from 'node:crypto';
import { encodedEtag } from '@utsav/tooling/src/http-caching.cjs';
import { gzipSync } from 'node:zlib';

/** hit: kept and fresh; stale: kept, past its TTL, being made again; miss: made for this request */
export type CacheState = 'hit' | 'stale' | 'miss';

/** A serialized answer, ready to send again. */
export interface CachedAnswer {
  /** the JSON text, encoded once (a string would be encoded to UTF-8 again for every send) */
  body: Buffer;
  /** a strong validator of body, quoted as HTTP wants it */
  etag: string;
  /** body gzipped, made on first use and kept (a page of results shrinks about fivefold) */
  gzipped(): { body: Buffer; etag: string };
}

export interface ResponseCacheSettings {
  /** how many answers are kept at most (least recently used go first); 0 turns the cache off */
  maxEntries: number;
  /** how long an answer is served before it is computed again */
  ttlMs: number;
  /** how often, at most, the data's version is read (a changed version empties the cache) */
  versionCheckMs: number;
}

export interface ResponseCache {
  /** key's answer: kept if fresh, else made by compute, the answer's JSON (one computation per key at a time) */
  get(key: string, compute: () => Promise<string>): Promise<{ answer: CachedAnswer; state: CacheState }>;
  readonly size: number;
}

interface Entry {
  answer: CachedAnswer;
  expiresAt: number;
}

/** An answer's JSON (as its route's serializer wrote it, checked against the route's schema) with its validators. */
export function serializeAnswer(json: string): CachedAnswer {
  const body = Buffer.from(json);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  let gzipped: { body: Buffer; etag: string } | undefined;
  return {
    body,
    etag,
    // another encoding is another representation: it gets its own strong ETag
    gzipped: () => (gzipped ??= { body: gzipSync(body), etag: encodedEtag(etag, 'gzip') }),
  };
}

export interface Clock {
  now(): number;
  /** 0 ≤ x < 1 */
  random(): number;
}

/**
 * A bounded in-process cache of read answers (LRU by Map order). Meant for data that rarely changes:
 * `version` names the data's current state (read at most every versionCheckMs, shared by concurrent
 * requests) and any change empties the cache, so a write shows up within about versionCheckMs whichever
 * process made it. The TTL is only a safety net on top: an entry past it is still served ('stale') while
 * it is made again in the background, one such refresh at a time, so expiries never pile up into a stall.
 * Failed computations are not kept.
 */

export function createResponseCache(
  settings: ResponseCacheSettings,
  version: () => Promise<string>,
  { now, random }: Clock = { now: Date.now, random: Math.random },
): ResponseCache {
  const entries = new Map<string, Entry>();
  const computing = new Map<string, Promise<CachedAnswer>>();
  // bumped whenever the cache is emptied: an answer computed from older data is then not kept
  let generation = 0;
  let knownVersion: string | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;
  let refreshing = false;

  async function checkVersion(): Promise<void> {
    if (now() - checkedAt < settings.versionCheckMs) return;
    checking ??= version()
      .then((current) => {
        if (current !== knownVersion) {
          entries.clear();
          generation++;
        }
        knownVersion = current;
        checkedAt = now();
      })
      .finally(() => (checking = undefined));
    await checking;
  }

  function compute(key: string, make: () => Promise<string>): Promise<CachedAnswer> {
    const running = computing.get(key);
    if (running) return running;
    const startedIn = generation;
    const started = make()
      .then((value) => {
        const answer = serializeAnswer(value);
        if (startedIn !== generation) return answer;
        entries.delete(key);
        // 80–100% of the TTL: answers made together (a warm-up, a version change) do not all expire in
        // the same second, which on PGlite (queries run on the event loop) would stall every request
        entries.set(key, { answer, expiresAt: now() + settings.ttlMs * (0.8 + 0.2 * random()) });
        // the oldest key first in a Map: that is the least recently used
        for (const oldest of entries.keys()) {
          if (entries.size <= settings.maxEntries) break;
          entries.delete(oldest);
        }
        return answer;
      })
      .finally(() => computing.delete(key));
    computing.set(key, started);
    return started;
  }

  /** Makes an expired entry again in the background, unless another refresh is running. */
  function refresh(key: string, make: () => Promise<string>): void {
    if (refreshing || computing.has(key)) return;
    refreshing = true;
    compute(key, make)
      // what fails now (gone since) is made again, and fails, for the next request that asks
      .catch(() => entries.delete(key))
      .finally(() => (refreshing = false));
  }

  return {
    async get(key, make) {
      if (settings.maxEntries <= 0) return { answer: serializeAnswer(await make()), state: 'miss' };
      await checkVersion();
      const entry = entries.get(key);
      if (!entry) return { answer: await compute(key, make), state: 'miss' };
      entries.delete(key);
      entries.set(key, entry);
      if (entry.expiresAt > now()) return { answer: entry.answer, state: 'hit' };
      refresh(key, make);
      return { answer: entry.answer, state: 'stale' };
    },
    get size() {
      return entries.size;
    },
  };
}
