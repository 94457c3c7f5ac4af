import type { User } from 'firebase/auth';

// Firebase (the contracts' loader of it, ../src/firebase.ts) is the boundary here: the session's own rules are what is tested.
let emitUser: (user: User | null) => void = () => undefined;
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
  currentIdToken: async () => 'id-token-1',
}));

import { refreshProfile, sessionAtom, startSession, utsavStore } from '../src';

const user = (uid: string) => ({ uid, phoneNumber: '+919876543210' }) as User;
const session = () => utsavStore.get(sessionAtom);
const fetchMock = jest.fn();

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
beforeEach(() => fetchMock.mockReset());

describe('session (spec §4: onboarding is complete only if the user lookup returns a name)', () => {
  it('starts loading, then is signed out when Firebase has no user', () => {
    expect(session()).toEqual({ status: 'loading' });
    emitUser(null);
    expect(session()).toEqual({ status: 'signedOut' });
  });

  it('a user with a named profile is complete; the lookup carries the ID token', async () => {
    answer(200, { name: 'Asha', email: 'a@example.com' });
    emitUser(user('u1'));
    expect(session()).toMatchObject({ status: 'signedIn', uid: 'u1', profile: { status: 'checking' } });
    await settle();
    expect(session()).toMatchObject({ profile: { status: 'complete', profile: { name: 'Asha' } } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:4000/users/consumer/u1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token-1');
  });

  it('a 404 or a profile without a name means onboarding is incomplete', async () => {
    emitUser(null);
    answer(404, { message: 'Profile not found' });
    emitUser(user('u2'));
    await settle();
    expect(session()).toMatchObject({ profile: { status: 'incomplete' } });
    answer(200, { email: 'x@example.com' });
    await refreshProfile();
    expect(session()).toMatchObject({ profile: { status: 'incomplete' } });
  });

  it('a failed lookup is an error, not "incomplete", and a refresh recovers', async () => {
    emitUser(null);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    emitUser(user('u3'));
    await settle();
    expect(session()).toMatchObject({ profile: { status: 'error' } });
    answer(200, { name: 'Ravi' });
    await refreshProfile();
    expect(session()).toMatchObject({ profile: { status: 'complete', profile: { name: 'Ravi' } } });
  });

  it('a token refresh for the same user does not re-check the profile', async () => {
    emitUser(user('u3'));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session()).toMatchObject({ uid: 'u3', profile: { status: 'complete' } });
  });
});
