import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { sessionAtom, useSession, utsavStore } from '../src';

function WhoIsSignedIn() {
  const session = useSession();
  return <p>{session.status === 'signedIn' ? session.uid : session.status}</p>;
}

test('a tree with a store of its own (a server render per request) reads only that store; the page’s store is untouched', () => {
  const request = createStore();
  request.set(sessionAtom, { status: 'signedIn', uid: 'u-request', phone: null, profile: { status: 'checking' } });
  render(
    <Provider store={request}>
      <WhoIsSignedIn />
    </Provider>,
  );
  expect(screen.getByText('u-request').textContent).toBe('u-request');
  expect(utsavStore.get(sessionAtom)).toEqual({ status: 'loading' });
});

test('without one, the hooks read the page’s one store', () => {
  render(<WhoIsSignedIn />);
  expect(screen.getByText('loading').textContent).toBe('loading');
});
