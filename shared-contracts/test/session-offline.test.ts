import type { User } from 'firebase/auth';

// The Firebase SDK is the boundary (as in session.test.ts): what is tested is what the session keeps for offline use.
let emitUser: (user: User | null) => void = () => undefined;
let tokenError: unknown = null;
const mockFirebase = {
  auth: {},
  onIdTokenChanged: (_auth: unknown, callback: (user: User | null) => void) => {
    emitUser = callback;
    return () => undefined;
  },
  signOut: jest.fn(),
};
jest.mock('../src/client/firebase', () => ({
  loadFirebaseAuth: async () => mockFirebase,
  loadFirebaseAuthAfterInteractive: async () => mockFirebase,
  currentIdToken: async () => {
    if (tokenError) throw tokenError;
    return 'id-token-1';
  },
}));

import { ApiError, apiRequest, refreshProfile, saveAnswer, savedAnswer, sessionAtom, startSession, utsavStore } from '../src';

const user = (uid: string) => ({ uid, phoneNumber: '+919876543210' }) as User;
const session = () => utsavStore.get(sessionAtom);
const fetchMock = jest.fn();
const anything = (data: unknown) => data;

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  startSession();
});
beforeEach(() => {
  fetchMock.mockReset();
  tokenError = null;
});

describe('the session offline (issue 20)', () => {
  it('keeps the checked profile on this device; offline, the kept one lets the user in', async () => {
    answer(200, { name: 'Asha', email: 'a@example.com' });
    emitUser(user('u1'));
    await settle();
    expect(savedAnswer('u1', 'profile', anything)?.data).toMatchObject({ name: 'Asha' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await refreshProfile();
    expect(session()).toMatchObject({ status: 'signedIn', uid: 'u1', profile: { status: 'complete', profile: { name: 'Asha' } } });
  });

  it('a server error is still an error (only an unreachable API falls back on the kept profile)', async () => {
    answer(503, { message: 'Down for maintenance' });
    await refreshProfile();
    expect(session()).toMatchObject({ profile: { status: 'error', message: 'Down for maintenance' } });
  });

  it("signing out forgets every kept answer; signing in as someone else forgets the previous user's", async () => {
    saveAnswer('u1', 'bookings', ['kept']);
    emitUser(null);
    expect(savedAnswer('u1', 'profile', anything)).toBeUndefined();
    expect(savedAnswer('u1', 'bookings', anything)).toBeUndefined();
    saveAnswer('u1', 'bookings', ['left behind']);
    answer(200, { name: 'Ravi' });
    emitUser(user('u2'));
    await settle();
    expect(savedAnswer('u1', 'bookings', anything)).toBeUndefined();
    expect(savedAnswer('u2', 'profile', anything)?.data).toMatchObject({ name: 'Ravi' });
  });

  it('without a kept profile, an unreachable API is the error it was', async () => {
    emitUser(null);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    emitUser(user('u3'));
    await settle();
    expect(session()).toMatchObject({ profile: { status: 'error', unreachable: true } });
  });

  it('an ID token that cannot be refreshed offline is the same unreachable API (status 0)', async () => {
    tokenError = Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), { code: 'auth/network-request-failed' });
    await expect(apiRequest('/bookings/user/u3', { auth: true })).rejects.toEqual(new ApiError(0, "Can't reach Utsav right now. Check your connection and try again."));
    tokenError = Object.assign(new Error('Firebase: Error (auth/user-token-expired).'), { code: 'auth/user-token-expired' });
    await expect(apiRequest('/bookings/user/u3', { auth: true })).rejects.toMatchObject({ code: 'auth/user-token-expired' });
  });
});
