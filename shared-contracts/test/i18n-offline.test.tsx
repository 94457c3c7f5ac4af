import { Component, startTransition, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { localeAtom, registerMessages, useT, utsavStore } from '../src';

/**
 * Issue 39: React error #520 ("There was an error during concurrent rendering but React was able to
 * recover by instead synchronously rendering the entire root") seen offline. A page in Hindi whose Hindi
 * catalogue cannot be fetched (offline, not in the worker's caches) must be drawn, in English, with no
 * error thrown from a render: a rejected catalogue used to be thrown by `use()` in the concurrent render,
 * and the synchronous retry started a new fetch and suspended instead, which React reports as #520.
 */
let hindiFetches = 0;
registerMessages('offline-sample', {
  en: { hello: ['Hello'] },
  hi: async () => {
    hindiFetches += 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  },
});

function Hello() {
  const t = useT<'hello'>('offline-sample');
  return <p>{t('hello')}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Route failed</p> : this.props.children;
  }
}

registerMessages('online-sample', {
  en: { hello: ['Hello'] },
  hi: async () => ({ default: { hello: ['नमस्ते'] } }),
});

function Namaste() {
  const t = useT<'hello'>('online-sample');
  return <p>{t('hello')}</p>;
}

afterEach(() => utsavStore.set(localeAtom, 'en-IN'));

/** Draws `page` in Hindi as the app does (a concurrent root, in a transition); what React reported. */
async function drawInHindi(page: ReactNode): Promise<{ reported: string[]; text: string | null; unmount: () => void }> {
  utsavStore.set(localeAtom, 'hi-IN');
  const reported: string[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container, {
    onRecoverableError: (error) => reported.push(`${String(error)} (cause: ${String((error as { cause?: unknown }).cause)})`),
    onCaughtError: (error) => reported.push(String(error)),
    onUncaughtError: (error) => reported.push(String(error)),
  });
  await act(async () => {
    startTransition(() =>
      root.render(
        <Boundary>
          <Suspense fallback={<p>Loading</p>}>{page}</Suspense>
        </Boundary>,
      ),
    );
  });
  // what the catalogue's fetch starts: let it all settle (no UI to wait for: the test is that nothing is reported)
  // eslint-disable-next-line testing-library/no-unnecessary-act -- lets the rejected or resolved catalogue land inside act
  for (let i = 0; i < 5; i += 1) await act(async () => {});
  return { reported, text: container.textContent, unmount: () => act(() => root.unmount()) };
}

test('offline, a page in Hindi whose catalogue cannot be fetched is drawn in English, with no error', async () => {
  const { reported, text, unmount } = await drawInHindi(<Hello />);
  expect(reported).toEqual([]);
  expect(text).toBe('Hello');
  expect(hindiFetches).toBe(1);
  unmount();
});

test('a page in Hindi that waited for its catalogue is drawn in Hindi, with no error', async () => {
  const { reported, text, unmount } = await drawInHindi(<Namaste />);
  expect(reported).toEqual([]);
  expect(text).toBe('नमस्ते');
  unmount();
});
