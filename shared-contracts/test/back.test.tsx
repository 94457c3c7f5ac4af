import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BackButton, parentPathOf, PAGE_ROUTES, paths, previousEntryIsInApp } from '../src';

const at = (url: string) => {
  const [pathname, search = ''] = url.split('?');
  return parentPathOf({ pathname: pathname!, search: search ? `?${search}` : '' });
};

describe('parentPathOf: the page a location sits below, from the route table', () => {
  it.each([
    ['/service/s1', paths.search()],
    ['/service/s1/menu', paths.serviceDetail('s1')],
    ['/service/s%201/menu/details/m2', paths.packageList('s 1')],
    ['/service/slots?serviceId=s1&package=m2', paths.packageDetail('s1', 'm2')],
    ['/service/slots?serviceId=s1', paths.serviceDetail('s1')],
    ['/service/slots', paths.search()],
    ['/checkout', paths.cart()],
    ['/bookings/order_summary?bid=b1', paths.bookings()],
    ['/payment-status?status=success', paths.bookings()],
    ['/terms', paths.home()],
    ['/privacy', paths.home()],
  ])('%s → %s', (url, parent) => {
    expect(at(url)).toBe(parent);
  });

  it('has none for the tab roots, the sign-in pages and unknown paths', () => {
    for (const url of ['/', '/services', '/bookings', '/cart', '/account', '/login', '/onboarding', '/orders', '/nowhere']) {
      expect(at(url)).toBeNull();
    }
  });

  it('gives every guarded page that is not a tab a parent (so each shows a back arrow)', () => {
    // the tabs, and the provider section's root (reached from the top bar)
    const tabs = ['/', '/services', '/bookings', '/cart', '/account', '/provider'];
    for (const route of PAGE_ROUTES.filter((r) => r.guarded && !tabs.includes(r.path))) {
      expect({ path: route.path, parent: 'parent' in route }).toEqual({ path: route.path, parent: true });
    }
  });
});

describe('previousEntryIsInApp', () => {
  afterEach(() => window.history.replaceState(null, ''));

  it("reads the router's history index: above 0 means the entry before is the app's", () => {
    window.history.replaceState(null, '');
    expect(previousEntryIsInApp()).toBe(false);
    window.history.replaceState({ idx: 0 }, '');
    expect(previousEntryIsInApp()).toBe(false);
    window.history.replaceState({ idx: 2 }, '');
    expect(previousEntryIsInApp()).toBe(true);
    window.history.replaceState({ idx: '2' }, '');
    expect(previousEntryIsInApp()).toBe(false);
  });
});

describe('BackButton', () => {
  afterEach(() => window.history.replaceState(null, ''));

  function renderAt(entries: string[]) {
    const router = createMemoryRouter(
      [{ path: '*', element: <BackButton /> }],
      { initialEntries: entries, initialIndex: entries.length - 1 },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('is not shown on a tab root', () => {
    renderAt(['/services']);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it("goes up to the parent, replacing the page, when the app has no entry before it (a link opened from outside)", () => {
    const router = renderAt(['/service/s1/menu']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/service/s1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes back in history when the entry before is in the app', () => {
    const router = renderAt(['/services?q=cake', '/service/s1']);
    window.history.replaceState({ idx: 1 }, '');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/services?q=cake');
    expect(router.state.historyAction).toBe('POP');
  });
});
