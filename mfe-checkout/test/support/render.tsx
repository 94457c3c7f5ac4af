import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { routesOf } from '@utsav/contracts';
import CartPage from '../../src/pages/Cart';
import CheckoutPage from '../../src/pages/Checkout';
import OrderSummaryPage from '../../src/pages/OrderSummary';
import PaymentStatusPage from '../../src/pages/PaymentStatus';

const PAGES: Record<string, ComponentType> = {
  './Cart': CartPage,
  './Checkout': CheckoutPage,
  './OrderSummary': OrderSummaryPage,
  './PaymentStatus': PaymentStatusPage,
};

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{`${location.pathname}${location.search}`}</div>
      <div data-testid="location-state">{JSON.stringify(location.state ?? null)}</div>
    </>
  );
}

/** Renders the checkout pages on their real paths, with stand-ins for where they lead. */
export function renderRoute(url: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: url.split('?')[0]!, search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }]}>
      <Routes>
        {routesOf('checkout').map((route) => {
          const Page = PAGES[route.module];
          if (!Page) throw new Error(`no page for ${route.module}`);
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="/bookings" element={<h1>My Bookings page</h1>} />
        <Route path="/services" element={<h1>Search page</h1>} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
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
