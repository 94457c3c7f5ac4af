import type { AuthUser } from './auth-user';

/** Enough for every signed-in user of a busy hour at ~1 KB a token; the least recently used go first. */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

export interface TokenCacheOptions {
  /** how long a verified token is trusted without asking Firebase again; 0 turns the cache off */
  ttlMs: number;
  maxEntries?: number;
  /** milliseconds since the epoch (tests inject a clock) */
  now?: () => number;
}

/** Verified ID tokens of this process, so that not every request asks Firebase whether the token was revoked. */
export interface TokenCache {
  /** the token's user while its entry is fresh, else undefined */
  get(idToken: string): AuthUser | undefined;
  /**
   * Remembers a verified token until ttlMs from now or its own expiry, whichever comes first. `checkedAt` is
   * when verification started: a token of a uid forgotten since then is not stored (its check may predate a revocation).
   */
  set(idToken: string, user: AuthUser, expiresAtMs: number, checkedAt: number): void;
  /** Drops every token of `uid` (their sessions were revoked, the account deleted) and stores none checked before now. */
  forget(uid: string): void;
  readonly size: number;
  now(): number;
}

interface Entry {
  user: AuthUser;
  until: number;
}

export function createTokenCache({ ttlMs, maxEntries = TOKEN_CACHE_MAX_ENTRIES, now = Date.now }: TokenCacheOptions): TokenCache {
  // a Map iterates in insertion order: re-inserting on a hit keeps the least recently used first
  const entries = new Map<string, Entry>();
  /** uid → when it was last forgotten; kept for ttlMs, long enough to outlive any check begun before */
  const forgotten = new Map<string, number>();

  return {
    get(idToken) {
      const entry = entries.get(idToken);
      if (!entry) return undefined;
      entries.delete(idToken);
      if (entry.until <= now()) return undefined;
      entries.set(idToken, entry);
      return entry.user;
    },
    set(idToken, user, expiresAtMs, checkedAt) {
      if (ttlMs <= 0) return;
      const forgottenAt = forgotten.get(user.uid);
      if (forgottenAt !== undefined && forgottenAt >= checkedAt) return;
      const until = Math.min(now() + ttlMs, expiresAtMs);
      if (until <= now()) return;
      entries.delete(idToken);
      entries.set(idToken, { user, until });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    forget(uid) {
      const at = now();
      for (const [token, entry] of entries) if (entry.user.uid === uid) entries.delete(token);
      for (const [other, when] of forgotten) if (when + ttlMs <= at) forgotten.delete(other);
      forgotten.set(uid, at);
    },
    get size() {
      return entries.size;
    },
    now,
  };
}
