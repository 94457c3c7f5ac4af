// The browser's credential for API calls: a page the server rendered for a signed-in user starts with
// that session (from the HTML) and may call the API before Firebase has restored the user from storage.
// The token must wait for that restore, not report "signed out".
let restore: () => void = () => undefined;
const auth = {
  currentUser: null as null | { getIdToken: () => Promise<string> },
  authStateReady: () => new Promise<void>((resolve) => (restore = resolve)),
};
jest.mock('firebase/app', () => ({ getApps: () => [{}], initializeApp: jest.fn() }));
jest.mock('firebase/auth', () => ({
  initializeAuth: () => auth,
  connectAuthEmulator: jest.fn(),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
}));

import { currentIdToken } from '../src/client/firebase';

test('waits until Firebase has restored the signed-in user, then gives their token', async () => {
  let token: string | null | undefined;
  const asked = currentIdToken().then((value) => (token = value));
  // Firebase loads (its own chunk) and starts restoring
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(token).toBeUndefined();
  auth.currentUser = { getIdToken: async () => 'restored-user-token' };
  restore();
  await asked;
  expect(token).toBe('restored-user-token');
});
