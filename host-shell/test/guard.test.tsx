import { act, screen } from '@testing-library/react';
import { renderApp, setSession, signedInComplete } from './render-app';

describe('guard (spec §2)', () => {
  it('shows progress while Firebase restores the session', () => {
    setSession({ status: 'loading' });
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
  });

  it('sends a stranger to /login, replacing the history entry', async () => {
    setSession({ status: 'signedOut' });
    const { router } = renderApp('/bookings');
    expect(await screen.findByRole('heading', { name: 'page ./Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('carries the whole page asked for (path, query, hash) to /login as next', async () => {
    setSession({ status: 'signedOut' });
    const { router } = renderApp('/service/s1/menu?sort=price#top');
    expect(await screen.findByRole('heading', { name: 'page ./Login' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/service/s1/menu?sort=price#top');
  });

  it('asks for no next when the page asked for is Home', async () => {
    setSession({ status: 'signedOut' });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'page ./Login' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('a user who signs out here (Sign out, account deletion) goes to plain /login: no next', async () => {
    setSession(signedInComplete);
    const { router } = renderApp('/account?tab=settings');
    expect(await screen.findByRole('heading', { name: 'page ./MyAccount' })).toBeInTheDocument();
    act(() => setSession({ status: 'signedOut' }));
    expect(await screen.findByRole('heading', { name: 'page ./Login' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
  });

  it('carries next to /onboarding for a user who has not onboarded', async () => {
    setSession({ status: 'signedIn', uid: 'u1', phone: null, profile: { status: 'incomplete' } });
    const { router } = renderApp('/service/s1');
    expect(await screen.findByRole('heading', { name: 'page ./Onboarding' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/onboarding?next=%2Fservice%2Fs1');
  });

  it('waits for the onboarding check, then sends an incomplete profile to /onboarding', async () => {
    setSession({ status: 'signedIn', uid: 'u1', phone: null, profile: { status: 'checking' } });
    const { router } = renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your profile…');
    expect(screen.queryByRole('heading', { name: /page/ })).not.toBeInTheDocument();
    act(() => setSession({ status: 'signedIn', uid: 'u1', phone: null, profile: { status: 'incomplete' } }));
    expect(await screen.findByRole('heading', { name: 'page ./Onboarding' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the top bar, the page and the tabs to an onboarded user', async () => {
    setSession(signedInComplete);
    renderApp('/services');
    expect(await screen.findByRole('heading', { name: 'page ./Search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Utsav' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('does not push anyone into onboarding when the profile lookup fails; offers Retry', () => {
    setSession({ status: 'signedIn', uid: 'u1', phone: null, profile: { status: 'error', message: 'Network down.' } });
    const { router } = renderApp('/');
    expect(screen.getByText(/We couldn't load your profile\. Network down\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a stranger open /login and /onboarding without the layout', async () => {
    setSession({ status: 'signedOut' });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'page ./Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it.each([
    ['/terms', 'page ./Terms'],
    ['/privacy', 'page ./Privacy'],
  ])('lets a stranger read %s (public, without the layout)', async (path, heading) => {
    setSession({ status: 'signedOut' });
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
