import { act, screen } from '@testing-library/react';
import type { PageRoute } from '@utsav/contracts';
import type { PageModule } from '../src/federation/load-page';
import { noteReleases, releaseIn, releaseOf } from '../src/federation/releases';
import { renderApp, setSession, signedInComplete } from './render-app';

/** The box RemotePage draws a route's page in: it names the remote and release for the people who run them (no role to find it by). */
// eslint-disable-next-line testing-library/no-node-access -- an attribute for operators, not something a user reads
const frameOf = (element: HTMLElement) => element.closest('[data-remote]');

describe('the release a remote is loaded from', () => {
  it('is read from a release store URL, and only from one', () => {
    expect(releaseIn('http://localhost:3001/1.0.0-99a208137350/mf-manifest.json')).toBe('1.0.0-99a208137350');
    expect(releaseIn('https://cdn.example/utsav/catalog/2.3.1-0123456789ab/mf-manifest.json')).toBe('2.3.1-0123456789ab');
    // the dev server, a manifest pinned by URL, a folder that only looks like a version
    expect(releaseIn('http://localhost:3001/mf-manifest.json')).toBeUndefined();
    expect(releaseIn('https://cdn.example/catalog/mf-manifest.json')).toBeUndefined();
    expect(releaseIn('https://cdn.example/1.0.0/mf-manifest.json')).toBeUndefined();
  });

  it("shows on each route's page as data-release, and changes with the registration", async () => {
    setSession(signedInComplete);
    noteReleases({ catalog: 'http://localhost:3001/1.0.0-aaaaaaaaaaaa/mf-manifest.json', booking: 'http://localhost:3002/mf-manifest.json' });
    expect(releaseOf('catalog')).toBe('1.0.0-aaaaaaaaaaaa');
    const load = jest.fn(async (route: PageRoute): Promise<PageModule> => ({ default: () => <h1>page {route.module}</h1> }));
    const { router } = renderApp('/services', load);
    const search = await screen.findByRole('heading', { name: 'page ./Search' });
    expect(frameOf(search)).toHaveAttribute('data-release', '1.0.0-aaaaaaaaaaaa');
    expect(frameOf(search)).toHaveAttribute('data-remote', 'catalog');

    await act(() => router.navigate('/bookings'));
    const bookings = await screen.findByRole('heading', { name: 'page ./MyBookings' });
    expect(frameOf(bookings)).toHaveAttribute('data-remote', 'booking');
    expect(frameOf(bookings)).not.toHaveAttribute('data-release');

    noteReleases({ catalog: 'http://localhost:3001/1.0.0-bbbbbbbbbbbb/mf-manifest.json' });
    expect(releaseOf('catalog')).toBe('1.0.0-bbbbbbbbbbbb');
  });
});
