import { act, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'jotai/react';
import { createStore } from 'jotai/vanilla';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@utsav/contracts/router';
import { sessionAtom, useApi, utsavStore, type PageAnswer } from '@utsav/contracts';
import { App } from '../src/app/App';
import type { FirstPage } from '../src/federation/first-page';

// The page a server render draws and the one the browser hydrates must be the same tree: the same
// route (StaticRouter / BrowserRouter), the page's code drawn at once (no lazy on either side) and its
// data from the answers embedded in the HTML (no loading state, no second request).
function TermsStandIn() {
  const terms = useApi<{ version: string }>(async () => ({ version: 'fetched' }), [], { preloaded: 'legal/terms' });
  return (
    <>
      <h1>{terms.status === 'success' ? `Terms ${terms.data.version}` : 'Loading terms…'}</h1>
      <Link to="/privacy">Privacy</Link>
    </>
  );
}

function PrivacyStandIn() {
  return <Link to="/terms">Back to the terms</Link>;
}

const answers = new Map<string, PageAnswer>([['legal/terms', { ok: true, data: { version: 'v7' } }]]);
const first: FirstPage = { answers, pages: new Map<string, ComponentType>([['/terms', TermsStandIn], ['/privacy', PrivacyStandIn]]) };
const fetchMock = jest.fn();

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

test('the browser takes over the page the server drew without a mismatch and without asking for its data again', async () => {
  const serverStore = createStore();
  serverStore.set(sessionAtom, { status: 'signedOut' });
  const html = renderToString(
    <Provider store={serverStore}>
      <App location="/terms?from=login" first={first} />
    </Provider>,
  );
  expect(html).toContain('Terms v7');

  window.history.pushState({}, '', '/terms?from=login');
  utsavStore.set(sessionAtom, { status: 'signedOut' });
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const heading = screen.getByRole('heading', { name: 'Terms v7' });
  const problems: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <App first={first} />, { onRecoverableError: (error) => problems.push(error) });
  });
  expect(problems).toEqual([]);
  // the very element the server sent is the one on screen (hydrated, not replaced)
  expect(screen.getByRole('heading', { name: 'Terms v7' })).toBe(heading);
  expect(fetchMock).not.toHaveBeenCalled();

  // the server's answers were that first page's: coming back to it later asks afresh
  await userEvent.click(screen.getByRole('link', { name: 'Privacy' }));
  await userEvent.click(await screen.findByRole('link', { name: 'Back to the terms' }));
  expect(await screen.findByRole('heading', { name: 'Terms fetched' })).toBeInTheDocument();
  container.remove();
});

test('a tree that differs from the server\'s is reported (what the test above would catch)', async () => {
  const html = renderToString(<App location="/terms" first={first} />);
  const container = document.createElement('div');
  container.innerHTML = html;
  window.history.pushState({}, '', '/terms');
  const problems: unknown[] = [];
  // the browser without the server's answers: its first render is the loading state, not the server's text
  await act(async () => {
    hydrateRoot(container, <App first={{ answers: new Map(), pages: first.pages }} />, { onRecoverableError: (error) => problems.push(error) });
  });
  expect(problems.length).toBeGreaterThan(0);
});
