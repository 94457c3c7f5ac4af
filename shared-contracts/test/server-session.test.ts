import type { User } from 'firebase/auth';
import { configure, LOCAL_CONFIG } from '../src/client/config';
import { syncServerSession } from '../src/client/server-session';

const MARKER = 'utsav_session';

const fetchMock = jest.fn();
const user = (uid: string) => ({ uid, getIdToken: async () => `token-of-${uid}` }) as unknown as User;
const setMarker = (uid: string | null) => {
  document.cookie = uid ? `${MARKER}=${uid}; path=/` : `${MARKER}=; path=/; max-age=0`;
};

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
  configure({ serverSession: { path: '/session', marker: MARKER } });
  setMarker(null);
});
afterAll(() => configure(LOCAL_CONFIG));

test('a sign-in the server holds no session for: the ID token goes to the host server once', async () => {
  await syncServerSession(user('u1'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith('/session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken: 'token-of-u1' }),
  });
});

test('the server already holds this user’s session: nothing is asked; another user’s: a new one is made', async () => {
  setMarker('u1');
  await syncServerSession(user('u1'));
  expect(fetchMock).not.toHaveBeenCalled();
  await syncServerSession(user('u2'));
  expect(fetchMock).toHaveBeenCalledWith('/session', expect.objectContaining({ method: 'POST', body: JSON.stringify({ idToken: 'token-of-u2' }) }));
});

test('signing out clears the server session when there is one', async () => {
  await syncServerSession(null);
  expect(fetchMock).not.toHaveBeenCalled();
  setMarker('u1');
  await syncServerSession(null);
  expect(fetchMock).toHaveBeenCalledWith('/session', expect.objectContaining({ method: 'DELETE', credentials: 'same-origin' }));
});

test('a sign-in the server refuses (401: not recent, revoked) is told to the caller; other answers are not', async () => {
  fetchMock.mockResolvedValueOnce(new Response('{"message":"A session is made only from a recent sign-in. Please sign in again."}', { status: 401 }));
  await expect(syncServerSession(user('u1'))).resolves.toBe('refused');
  await expect(syncServerSession(user('u1'))).resolves.toBe('ok');
});

test('a failure is only logged; without a host server (a remote alone) nothing is asked', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  await expect(syncServerSession(user('u1'))).resolves.toBe('ok');
  fetchMock.mockResolvedValueOnce(new Response('{"message":"no"}', { status: 503 }));
  await syncServerSession(user('u1'));
  expect(warn).toHaveBeenCalledTimes(2);
  warn.mockRestore();
  fetchMock.mockClear();
  configure({});
  await syncServerSession(user('u1'));
  expect(fetchMock).not.toHaveBeenCalled();
});
