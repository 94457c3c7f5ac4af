import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { cachedTokenVerifier, firebaseAccounts } from '../src/auth/firebase-token-verifier';
import { createTokenCache } from '../src/auth/token-cache';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const asha = { uid: 'asha', phone: '+919800000001' };
const ravi = { uid: 'ravi', phone: null };
const FAR = Number.MAX_SAFE_INTEGER;

describe('the token cache', () => {
  test('a hit until ttlMs has passed, then a miss', () => {
    const time = clock();
    const cache = createTokenCache({ ttlMs: 30_000, now: time.now });
    cache.set('t1', asha, FAR, time.now());
    time.advance(29_999);
    expect(cache.get('t1')).toEqual(asha);
    time.advance(1);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('unknown')).toBeUndefined();
  });

  test("never past the token's own expiry", () => {
    const time = clock();
    const cache = createTokenCache({ ttlMs: 30_000, now: time.now });
    cache.set('t1', asha, time.now() + 5_000, time.now());
    time.advance(4_999);
    expect(cache.get('t1')).toEqual(asha);
    time.advance(1);
    expect(cache.get('t1')).toBeUndefined();
    cache.set('expired', asha, time.now(), time.now());
    expect(cache.size).toBe(0);
  });

  test('ttlMs 0 stores nothing', () => {
    const cache = createTokenCache({ ttlMs: 0 });
    cache.set('t1', asha, FAR, Date.now());
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("forget drops every token of the uid, others' stay, and a check begun before it is not stored", () => {
    const time = clock();
    const cache = createTokenCache({ ttlMs: 30_000, now: time.now });
    cache.set('asha-phone', asha, FAR, time.now());
    cache.set('asha-laptop', asha, FAR, time.now());
    cache.set('ravi', ravi, FAR, time.now());
    const begunBefore = time.now();
    time.advance(10);
    cache.forget('asha');
    expect([cache.get('asha-phone'), cache.get('asha-laptop'), cache.get('ravi')]).toEqual([undefined, undefined, ravi]);
    // a verification that started before the revocation finishes after it: not trusted
    cache.set('asha-phone', asha, FAR, begunBefore);
    expect(cache.get('asha-phone')).toBeUndefined();
    // one that started after it was answered by Firebase after the revocation: trusted
    time.advance(1);
    cache.set('asha-new', asha, FAR, time.now());
    expect(cache.get('asha-new')).toEqual(asha);
  });

  test('bounded: past maxEntries the least recently used goes', () => {
    const time = clock();
    const cache = createTokenCache({ ttlMs: 30_000, maxEntries: 2, now: time.now });
    cache.set('a', asha, FAR, time.now());
    cache.set('b', ravi, FAR, time.now());
    expect(cache.get('a')).toEqual(asha); // now b is the least recently used
    cache.set('c', ravi, FAR, time.now());
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([asha, undefined, ravi]);
  });
});

describe('the verifier over firebase-admin (a stand-in Auth)', () => {
  const decoded = (uid: string, exp: number) => ({ uid, sub: uid, exp, phone_number: '+919800000001' }) as unknown as DecodedIdToken;

  test('asks Firebase with the revocation check once, then answers from the cache until the entry expires', async () => {
    const time = clock();
    const verifyIdToken = jest.fn(async () => decoded('asha', time.now() / 1000 + 3600));
    const verify = cachedTokenVerifier({ verifyIdToken } as unknown as Auth, createTokenCache({ ttlMs: 30_000, now: time.now }));
    // with when the token expires (a live stream ends then)
    const verified = { ...asha, expiresAt: time.now() + 3_600_000 };
    await expect(verify('t1')).resolves.toEqual(verified);
    await expect(verify('t1')).resolves.toEqual(verified);
    expect(verifyIdToken.mock.calls).toEqual([['t1', true]]);
    time.advance(30_000);
    await verify('t1');
    expect(verifyIdToken).toHaveBeenCalledTimes(2);
  });

  test.each([
    ['auth/id-token-revoked', 401, 'Your session was ended (signed out everywhere or the account was deleted). Please sign in again.'],
    ['auth/user-disabled', 401, 'This account has been disabled. Please contact support.'],
    ['auth/user-not-found', 401, 'This account no longer exists. Please sign in again.'],
    ['app/network-error', 503, 'Sign-in could not be checked right now. Please try again.'],
  ])('%s → %i, and nothing is cached', async (code, statusCode, message) => {
    const verifyIdToken = jest.fn(async () => Promise.reject(Object.assign(new Error(code), { code })));
    const cache = createTokenCache({ ttlMs: 30_000 });
    const verify = cachedTokenVerifier({ verifyIdToken } as unknown as Auth, cache);
    await expect(verify('t1')).rejects.toMatchObject({ statusCode, message });
    expect(cache.size).toBe(0);
  });

  test('revoking sessions or removing the user evicts their cached tokens, even when Firebase fails', async () => {
    const time = clock();
    const cache = createTokenCache({ ttlMs: 30_000, now: time.now });
    const failing = async () => Promise.reject(Object.assign(new Error('down'), { code: 'app/network-error' }));
    const accounts = firebaseAccounts({ revokeRefreshTokens: failing, deleteUser: async () => undefined } as unknown as Auth, cache);
    cache.set('t1', asha, FAR, time.now());
    await expect(accounts.revokeSessions('asha')).rejects.toMatchObject({ statusCode: 503 });
    expect(cache.get('t1')).toBeUndefined();
    time.advance(1);
    cache.set('t2', asha, FAR, time.now());
    await accounts.removeUser('asha');
    expect(cache.get('t2')).toBeUndefined();
  });
});
