import { act, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'jotai/react';
import { createStore } from 'jotai/vanilla';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@utsav/contracts/router';
import { cacheOf, resource, sessionAtom, useApi, utsavStore } from '@utsav/contracts';
import { App } from '../src/app/App';
import type { FirstPage } from '../src/federation/first-page';

// The page a server render draws and the one the browser hydrates must be the same tree: the same
// route (StaticRouter / BrowserRouter), the page's code drawn at once (no lazy on either side) and its
// data from the answers embedded in the HTML (no loading state, no second request).
const askTerms = jest.fn(async () => ({ version: 'fetched' }));
const termsResource = resource(['legal', 'terms'], askTerms);

function TermsStandIn() {
  const terms = useApi(termsResource);
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

const first: FirstPage = { pages: new Map<string, ComponentType>([['/terms', TermsStandIn], ['/privacy', PrivacyStandIn]]) };

/** The server's render: its own store, whose API cache the page's preload filled (as render.tsx does). */
async function serverRender() {
  const serverStore = createStore();
  serverStore.set(sessionAtom, { status: 'signedOut' });
  cacheOf(serverStore).prefetch(resource(['legal', 'terms'], async () => ({ version: 'v7' })));
  const answers = await cacheOf(serverStore).dehydrate();
  const html = renderToString(
    <Provider store={serverStore}>
      <App location="/terms?from=login" first={first} />
    </Provider>,
  );
  return { answers, html };
}
const fetchMock = jest.fn();

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

test('the browser takes over the page the server drew without a mismatch and without asking for its data again', async () => {
  const { answers, html } = await serverRender();
  expect(html).toContain('Terms v7');

  window.history.pushState({}, '', '/terms?from=login');
  utsavStore.set(sessionAtom, { status: 'signedOut' });
  cacheOf(utsavStore).hydrate(answers);
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
  expect(askTerms).not.toHaveBeenCalled();
  expect(fetchMock).not.toHaveBeenCalled();

  // coming back to the page later shows what it showed at once, and asks again behind it
  await userEvent.click(screen.getByRole('link', { name: 'Privacy' }));
  await userEvent.click(await screen.findByRole('link', { name: 'Back to the terms' }));
  expect(await screen.findByRole('heading', { name: 'Terms fetched' })).toBeInTheDocument();
  expect(askTerms).toHaveBeenCalledTimes(1);
  container.remove();
});

test('a tree that differs from the server\'s is reported (what the test above would catch)', async () => {
  const { html } = await serverRender();
  cacheOf(utsavStore).clear();
  const container = document.createElement('div');
  container.innerHTML = html;
  window.history.pushState({}, '', '/terms?from=login');
  const problems: unknown[] = [];
  // the browser without the server's answers: its first render is the loading state, not the server's text
  await act(async () => {
    hydrateRoot(container, <App first={first} />, { onRecoverableError: (error) => problems.push(error) });
  });
  expect(problems.length).toBeGreaterThan(0);
});
