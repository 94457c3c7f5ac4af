import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type InitialEntry } from 'react-router-dom';
import { routesOf, type RemoteName } from '../domain/routes';

/**
 * Test support for the remotes' page tests (a subpath, `@utsav/contracts/testing`, never bundled
 * into an app): render a remote's pages on their real paths from the route table, with stand-ins
 * for the pages they lead to, and read back where the router went.
 */

/** Shows where the router is (path, query and state), and steps back, so tests can check navigation. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location">{`${location.pathname}${location.search}`}</div>
      <div data-testid="location-state">{JSON.stringify(location.state ?? null)}</div>
      <button type="button" onClick={() => navigate(-1)}>
        Go back
      </button>
    </>
  );
}

interface RouteRendererOptions {
  remote: RemoteName;
  /** the remote's page components by exposed module, e.g. { './Cart': CartPage } */
  pages: Record<string, ComponentType>;
  /** other pages the tested ones lead to: path → the heading that stands in for them */
  elsewhere?: Record<string, string>;
}

function entryOf(url: string, state: unknown): InitialEntry {
  if (state === undefined) return url;
  const [pathname = '/', search] = url.split('?');
  return { pathname, search: search ? `?${search}` : '', state };
}

/** `renderRoute(url | urls, state?)`: the last url is current; `state` goes with it. */
export function createRouteRenderer({ remote, pages, elsewhere = {} }: RouteRendererOptions) {
  return function renderRoute(entries: string[] | string, state?: unknown) {
    const urls = Array.isArray(entries) ? entries : [entries];
    const initialEntries = urls.map((url, index) => entryOf(url, index === urls.length - 1 ? state : undefined));
    return render(
      <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
        <Routes>
          {routesOf(remote).map((route) => {
            const Page = pages[route.module];
            if (!Page) throw new Error(`no page for ${route.module}`);
            return <Route key={route.path} path={route.path} element={<Page />} />;
          })}
          {Object.entries(elsewhere).map(([path, heading]) => (
            <Route key={path} path={path} element={<h1>{heading}</h1>} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>,
    );
  };
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

export function currentState(): unknown {
  return JSON.parse(document.querySelector('[data-testid="location-state"]')?.textContent ?? 'null');
}

/** The query of the current location, as an object. */
export function currentQuery(): Record<string, string> {
  const search = currentLocation().split('?')[1] ?? '';
  return Object.fromEntries(new URLSearchParams(search));
}

/** A promise a test settles when it wants to (an answer that has not come yet). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
