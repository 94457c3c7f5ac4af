/**
 * @jest-environment node
 */
/// <reference types="node" />
// A page's code rendered on the host's server: what the contracts do inside a request's scope (the
// user's session cookie, the API's internal address, answers kept for the HTML, the request's own
// store) and that nothing of it leaks between two requests rendered at once, nor into the browser's state.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createStore } from 'jotai/vanilla';

jest.mock('../src/client/firebase', () => ({
  ...jest.requireActual('../src/client/firebase'),
  // the browser's credential: must never be used inside a server scope
  currentIdToken: async () => 'browser-id-token',
}));

import {
  apiRequest,
  configure,
  configureServerScope,
  onProfileComplete,
  prefetch,
  cacheOf,
  resource,
  restoredUid,
  sessionAtom,
  utsavStore,
  type ServerScope,
  type Session,
} from '../src';

const scopes = new AsyncLocalStorage<ServerScope>();
const fetchMock = jest.fn();

function scopeFor(uid: string | null, session: Session = { status: 'signedOut' }): ServerScope {
  const store = createStore();
  store.set(sessionAtom, session);
  return { store, uid, authorization: uid ? `Session cookie-of-${uid}` : null, forwardedFor: `203.0.113.7, 10.0.0.${uid?.length ?? 0}` };
}

const signedIn = (uid: string, service: string): Session => ({
  status: 'signedIn',
  uid,
  phone: '+919876543210',
  profile: { status: 'complete', profile: { name: uid, service: service as never } },
});

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  configureServerScope(() => scopes.getStore());
  // the render server configures the API as it reaches it
  configure({ apiUrl: 'http://api.internal:4000' });
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    // answers after a delay, so two requests' calls overlap
    await new Promise((resolve) => setTimeout(resolve, 5));
    const headers = init.headers as Record<string, string>;
    const authorization = headers.Authorization ?? null;
    if (url.endsWith('/fails')) return new Response(JSON.stringify({ message: 'No such service' }), { status: 404 });
    const forwardedFor = headers['X-Forwarded-For'];
    return new Response(JSON.stringify({ url, authorization, ...(forwardedFor ? { forwardedFor } : {}) }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

test("a call inside a request's scope carries that request's session cookie and client address to the API's internal address", async () => {
  const answer = await scopes.run(scopeFor('u1'), () => apiRequest('/cart', { auth: true }));
  expect(answer).toEqual({ url: 'http://api.internal:4000/cart', authorization: 'Session cookie-of-u1', forwardedFor: '203.0.113.7, 10.0.0.2' });
});

test('a signed-out request has no credential: a call that needs one is refused before it leaves', async () => {
  await expect(scopes.run(scopeFor(null), () => apiRequest('/cart', { auth: true }))).rejects.toMatchObject({ status: 401 });
  expect(fetchMock).not.toHaveBeenCalled();
});

test("a preload inside a scope leaves its answer (or the API's refusal) in that scope's cache, never in the browser's", async () => {
  const scope = scopeFor('u1');
  scopes.run(scope, () => {
    prefetch(resource(['service', '1'], (signal) => apiRequest('/services/1', { signal })));
    prefetch(resource(['service', '2'], (signal) => apiRequest('/fails', { signal })));
  });
  expect(await cacheOf(scope.store).dehydrate()).toEqual([
    ['["service","1"]', { ok: true, data: expect.objectContaining({ url: 'http://api.internal:4000/services/1', authorization: null }) }],
    ['["service","2"]', { ok: false, status: 404, message: 'No such service' }],
  ]);
  expect(cacheOf(utsavStore).state(['service', '1']).status).toBe('loading');
  expect(await cacheOf(utsavStore).dehydrate()).toEqual([]);
});

test("the session a page's preload reads is its request's: two users rendered at once each get their own", async () => {
  const [a, b] = [scopeFor('ana', signedIn('ana', 'photography')), scopeFor('ben', signedIn('ben', 'catering'))];
  const preload = async (): Promise<unknown> => {
    const uid = await restoredUid();
    const choice = await new Promise((resolve) => onProfileComplete((profile) => resolve(profile.service)));
    const cart = await apiRequest('/cart', { auth: true });
    return { uid, choice, cart };
  };
  const [ana, ben] = await Promise.all([scopes.run(a, preload), scopes.run(b, preload)]);
  expect(ana).toMatchObject({ uid: 'ana', choice: 'photography', cart: { url: 'http://api.internal:4000/cart', authorization: 'Session cookie-of-ana' } });
  expect(ben).toMatchObject({ uid: 'ben', choice: 'catering', cart: { url: 'http://api.internal:4000/cart', authorization: 'Session cookie-of-ben' } });
  // the browser's store was never touched
  expect(utsavStore.get(sessionAtom)).toEqual({ status: 'loading' });
});

test('outside any scope (the browser), calls carry the Firebase ID token as before', async () => {
  configure({});
  const answer = await apiRequest('/cart', { auth: true });
  expect(answer).toEqual({ url: 'http://localhost:4000/cart', authorization: 'Bearer browser-id-token' });
});
