import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageRoute } from '@utsav/contracts';
import { RemoteUnavailableError } from '../src/federation/errors';
import type { PageModule } from '../src/federation/load-page';
import remoteFallbackPlugin from '../src/federation/remote-fallback-plugin';
import { renderApp, setSession, signedInComplete } from './render-app';

beforeEach(() => setSession(signedInComplete));
beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

describe('a remote that fails to load', () => {
  it('breaks only its own route, and Retry loads it again without a reload', async () => {
    let catalogUp = false;
    const load = jest.fn(async (route: PageRoute): Promise<PageModule> => {
      if (route.remote === 'catalog' && !catalogUp) throw new RemoteUnavailableError('catalog');
      return { default: () => <h1>page {route.module}</h1> };
    });
    const { router } = renderApp('/services', load);
    expect(await screen.findByText("This page couldn't be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Utsav' })).toBeInTheDocument();

    await router.navigate('/bookings');
    expect(await screen.findByRole('heading', { name: 'page ./MyBookings' })).toBeInTheDocument();

    await router.navigate('/services');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    catalogUp = true;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'page ./Search' })).toBeInTheDocument();
    expect(load.mock.calls.filter(([route]) => route.module === './Search').length).toBeGreaterThanOrEqual(2);
  });

  it('the runtime plugin turns a failed load into a page that raises RemoteUnavailableError', async () => {
    const plugin = remoteFallbackPlugin();
    const hook = plugin.errorLoadRemote as (args: unknown) => unknown;
    expect(hook({ id: 'http://x/mf-manifest.json', lifecycle: 'afterResolve', error: new Error('x') })).toBeUndefined();
    const fallback = hook({ id: 'booking/MyBookings', lifecycle: 'onLoad', error: new Error('blocked') }) as PageModule;
    expect(fallback.remoteUnavailable).toBeInstanceOf(RemoteUnavailableError);
    expect(fallback.remoteUnavailable?.remote).toBe('booking');
    expect(() => (fallback.default as () => unknown)()).toThrow(RemoteUnavailableError);
  });
});
