import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { routesOf } from '@utsav/contracts';
import MyBookingsPage from '../../src/pages/MyBookings';
import SlotSelectionPage from '../../src/pages/SlotSelection';

const PAGES: Record<string, ComponentType> = {
  './SlotSelection': SlotSelectionPage,
  './MyBookings': MyBookingsPage,
};

/** Shows where the router is, and steps back, so tests can check navigation and Back. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location">{`${location.pathname}${location.search}`}</div>
      <button type="button" onClick={() => navigate(-1)}>
        Go back
      </button>
    </>
  );
}

/** Renders the booking pages on their real paths, with stand-ins for where they lead. */
export function renderRoute(entries: string[] | string) {
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  return render(
    <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
      <Routes>
        {routesOf('booking').map((route) => {
          const Page = PAGES[route.module];
          if (!Page) throw new Error(`no page for ${route.module}`);
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="/bookings/order_summary" element={<h1>Order summary page</h1>} />
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
