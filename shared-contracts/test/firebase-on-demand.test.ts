import type { Session } from '../src';

// Firebase Auth is no part of a page's first load (issue 33): on a page the server rendered it loads once
// the app has taken the page over, or sooner when a call needs the user's token; on a page drawn in the
// browser (the static shell) at once, as the session comes from it there. The SDK is the boundary: what
// is tested is when the page's one Auth instance is made, and that every way to it gets that one.
const mockInitializeAuth = jest.fn();
const mockOnIdTokenChanged = jest.fn();
jest.mock('firebase/app', () => ({ getApps: () => [], initializeApp: () => ({ name: 'app' }) }));
jest.mock('firebase/auth', () => ({
  initializeAuth: (...args: unknown[]) => mockInitializeAuth(...args),
  onIdTokenChanged: (...args: unknown[]) => mockOnIdTokenChanged(...args),
  connectAuthEmulator: jest.fn(),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
}));

// each fresh page brings its own jotai, which warns of a second instance: expected here, and only here
const warn = console.warn;
jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (!String(args[0]).includes('multiple Jotai instances')) warn(...args);
});

type Contracts = typeof import('../src');
/** A fresh page: the contracts as a new page loads them (nothing started, Firebase not loaded). */
async function freshPage(): Promise<Contracts> {
  let contracts!: Contracts;
  await jest.isolateModulesAsync(async () => {
    contracts = await import('../src');
  });
  return contracts;
}

/** What the host does once React has committed the first screen (host-shell/src/boot/interactive.ts). */
function appTakesThePageOver(contracts: Contracts) {
  performance.mark(contracts.INTERACTIVE);
  document.dispatchEvent(new Event(contracts.INTERACTIVE));
}

const settle = async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

const signedIn: Session = { status: 'signedIn', uid: 'u1', phone: '+919876543210', profile: { status: 'complete', profile: { name: 'Asha' } } };
const auth = { authStateReady: async () => undefined, currentUser: { uid: 'u1', getIdToken: async () => 'id-token-u1' } };

// jsdom has no performance marks: the few the host sets, as a browser keeps them
const marks = new Set<string>();
Object.assign(performance, {
  mark: (name: string) => marks.add(name),
  getEntriesByName: (name: string) => (marks.has(name) ? [{ name, entryType: 'mark' }] : []),
});

beforeEach(() => {
  marks.clear();
  mockInitializeAuth.mockReset().mockReturnValue(auth);
  mockOnIdTokenChanged.mockReset();
});

test('a page the server rendered starts from its session; Firebase loads once the app has taken the page over', async () => {
  const contracts = await freshPage();
  contracts.startSession(signedIn);
  await settle();
  expect(contracts.utsavStore.get(contracts.sessionAtom)).toEqual(signedIn);
  expect(mockInitializeAuth).not.toHaveBeenCalled();

  appTakesThePageOver(contracts);
  await settle();
  expect(mockInitializeAuth).toHaveBeenCalledTimes(1);
  // the session follows Firebase from then on
  expect(mockOnIdTokenChanged).toHaveBeenCalledWith(auth, expect.any(Function));
});

test('a call that needs the user\'s token before then loads Firebase at once, and the session uses the same Auth', async () => {
  const contracts = await freshPage();
  contracts.startSession(signedIn);
  await expect(contracts.currentIdToken()).resolves.toBe('id-token-u1');
  await settle();
  expect(mockOnIdTokenChanged).toHaveBeenCalledWith(auth, expect.any(Function));

  appTakesThePageOver(contracts);
  await settle();
  expect(mockInitializeAuth).toHaveBeenCalledTimes(1);
  expect(mockOnIdTokenChanged).toHaveBeenCalledTimes(1);
});

test('a page drawn in the browser (the static shell) learns its session from Firebase: it loads at once', async () => {
  const contracts = await freshPage();
  contracts.startSession();
  await settle();
  expect(mockInitializeAuth).toHaveBeenCalledTimes(1);
  expect(mockOnIdTokenChanged).toHaveBeenCalledWith(auth, expect.any(Function));
  expect(contracts.utsavStore.get(contracts.sessionAtom)).toEqual({ status: 'loading' });
});

test('one Auth instance per page, however many ask for it at once', async () => {
  const contracts = await freshPage();
  const [first, second, kit] = await Promise.all([contracts.getFirebaseAuth(), contracts.getFirebaseAuth(), contracts.loadFirebaseAuth()]);
  expect(first).toBe(auth);
  expect(second).toBe(auth);
  expect(kit.auth).toBe(auth);
  expect(mockInitializeAuth).toHaveBeenCalledTimes(1);
});
