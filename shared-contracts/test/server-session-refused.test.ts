import type { User } from 'firebase/auth';

// Firebase (the contracts' loader of it) is the boundary: what the session does when the host server refuses a session is tested.
let emitUser: (user: User | null) => void = () => undefined;
const calls: string[] = [];
const mockFirebase = {
  auth: {},
  onIdTokenChanged: (_auth: unknown, callback: (user: User | null) => void) => {
    emitUser = callback;
    return () => undefined;
  },
  signOut: jest.fn(async () => {
    calls.push('firebase signOut');
    emitUser(null);
  }),
};
jest.mock('../src/client/firebase', () => ({
  loadFirebaseAuth: async () => mockFirebase,
  loadFirebaseAuthAfterInteractive: async () => mockFirebase,
  currentIdToken: async () => 'id-token-1',
}));

import { configure, LOCAL_CONFIG } from '../src/client/config';
import { sessionAtom, signOut, startSession, toastsAtom, utsavStore } from '../src';

const MARKER = 'utsav_session';
const fetchMock = jest.fn();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toUTCString();
const user = (uid: string, lastSignInTime: string) =>
  ({ uid, phoneNumber: '+919876543210', metadata: { lastSignInTime }, getIdToken: async () => `token-of-${uid}` }) as unknown as User;

async function settle() {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  configure({ serverSession: { path: '/session', marker: MARKER } });
  startSession();
});
afterAll(() => configure(LOCAL_CONFIG));
beforeEach(() => {
  calls.length = 0;
  mockFirebase.signOut.mockClear();
  utsavStore.set(toastsAtom, []);
  document.cookie = `${MARKER}=; path=/; max-age=0`;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/session' && init?.method === 'POST') {
      return new Response(JSON.stringify({ message: 'A session is made only from a recent sign-in. Please sign in again.' }), { status: 401 });
    }
    if (url === '/session') {
      // as the host server's answer does (Set-Cookie): the marker goes with the session
      document.cookie = `${MARKER}=; path=/; max-age=0`;
      return new Response(null, { status: 204 });
    }
    return new Response(JSON.stringify({ name: 'Asha' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  emitUser(null);
});

test('a device signed in long ago whose server session is gone: the server refuses a new one, so the person signs in again, told so', async () => {
  emitUser(user('u1', minutesAgo(3 * 24 * 60)));
  await settle();
  expect(calls).toContain('POST /session');
  expect(mockFirebase.signOut).toHaveBeenCalledTimes(1);
  expect(utsavStore.get(sessionAtom)).toEqual({ status: 'signedOut' });
  expect(utsavStore.get(toastsAtom)).toEqual([expect.objectContaining({ message: 'Please sign in again.' })]);
});

test('a sign-in of a moment ago the server still refuses: no sign-out (no loop of sign-ins), the browser keeps its session', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  emitUser(user('u2', minutesAgo(0)));
  await settle();
  expect(calls.filter((call) => call === 'POST /session')).toHaveLength(1);
  expect(mockFirebase.signOut).not.toHaveBeenCalled();
  expect(utsavStore.get(sessionAtom)).toMatchObject({ status: 'signedIn', uid: 'u2' });
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});

test('signing out ends the server session (DELETE /session) before Firebase signs out', async () => {
  document.cookie = `${MARKER}=u3; path=/`;
  await signOut();
  expect(calls).toEqual(['DELETE /session', 'firebase signOut']);
});
