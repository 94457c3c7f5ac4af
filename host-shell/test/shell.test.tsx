import { act, screen, waitFor, within } from '@testing-library/react';
import { cacheOf, CART_COUNT_KEY, INTERACTIVE, isInteractive, utsavStore } from '@utsav/contracts';
import { getCartCount } from '@utsav/contracts/booking';
import { getProviderListings } from '@utsav/contracts/provider';
import { renderApp, setSession, signedInComplete } from './render-app';

beforeEach(() => {
  setSession(signedInComplete);
});

describe('bottom tabs (spec §2)', () => {
  it.each([
    ['/', 'Home'],
    ['/services', 'Explore'],
    ['/service/s1/menu/details/m1', 'Explore'],
    ['/bookings', 'Bookings'],
    ['/bookings/order_summary?bid=b1', 'Bookings'],
    ['/cart', 'Cart'],
    ['/account', 'Account'],
  ])('at %s highlights %s only', async (path, active) => {
    renderApp(path);
    await screen.findByRole('heading', { name: /^page / });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link', { current: 'page' }).map((link) => link.textContent)).toEqual([active]);
    expect(within(nav).getByRole('link', { name: active })).toHaveClass('Mui-selected');
  });

  it('links each tab to its route', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: /^page / });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = ['Home', 'Explore', 'Bookings', 'Cart', 'Account'].map((name) =>
      within(nav).getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual(['/', '/services', '/bookings', '/cart', '/account']);
  });
});

describe('top bar (spec §2)', () => {
  it('hides the cart badge at 0 and shows the real count', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: /^page / });
    const topBar = within(screen.getByRole('banner'));
    expect(topBar.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(topBar.queryByText('0')).not.toBeInTheDocument();
    // an answer of the cart (an item added) says how many it holds now
    act(() => cacheOf(utsavStore).set(CART_COUNT_KEY, { count: 3 }));
    const cart = topBar.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveTextContent('3');
  });

  it('reads the real cart count when the signed-in layout appears, once the app has taken the page over', async () => {
    performance.clearMarks(INTERACTIVE);
    const takenOverAtCall: boolean[] = [];
    jest.mocked(getCartCount).mockClear().mockImplementation(async () => {
      takenOverAtCall.push(isInteractive());
      return { count: 2 };
    });
    renderApp('/');
    await screen.findByRole('heading', { name: /^page / });
    // the call needs the user's Firebase token, and Firebase is no part of the first screen: it waits for
    // the page to have committed (the mark its Suspense boundary sets)
    await waitFor(() => expect(getCartCount).toHaveBeenCalledTimes(1));
    expect(takenOverAtCall).toEqual([true]);
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('2');
  });

  it('shows the way to the provider side only to a person who runs a listing', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: /^page / });
    await waitFor(() => expect(getProviderListings).toHaveBeenCalled());
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'My business' })).not.toBeInTheDocument();
  });

  it('links a person who runs a listing to their requests, marked while they are there', async () => {
    jest.mocked(getProviderListings).mockResolvedValueOnce({ listings: [{ id: 'p1', name: 'Lens Studio', services: [] }] });
    renderApp('/provider');
    await screen.findByRole('heading', { name: /^page / });
    const entry = await within(screen.getByRole('banner')).findByRole('link', { name: 'My business' });
    expect(entry).toHaveAttribute('href', '/provider');
    expect(entry).toHaveAttribute('aria-current', 'page');
  });

  it("shows the signed-in consumer's initials, or photo, linking to My Account", async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: /^page / });
    const account = within(screen.getByRole('banner')).getByRole('link', { name: 'A, My account, Asha' });
    expect(account).toHaveAttribute('href', '/account');
    expect(account).toHaveTextContent('A');
    act(() =>
      setSession({
        status: 'signedIn',
        uid: 'u1',
        phone: null,
        profile: { status: 'complete', profile: { name: 'Asha Rao', profilePhoto: 'http://localhost:4000/uploads/a.png' } },
      }),
    );
    const renamed = within(screen.getByRole('banner')).getByRole('link', { name: 'My account, Asha Rao' });
    expect(within(renamed).getByRole('presentation')).toHaveAttribute('src', 'http://localhost:4000/uploads/a.png');
  });

  it('sends the orders icon to /orders, which lands on My Bookings', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: /^page / });
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
    await act(() => router.navigate('/orders'));
    expect(await screen.findByRole('heading', { name: 'page ./MyBookings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings');
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
