import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { routesOf } from '@utsav/contracts';
import HomePage from '../../src/pages/Home';
import PackageDetailPage from '../../src/pages/PackageDetail';
import PackageListPage from '../../src/pages/PackageList';
import SearchPage from '../../src/pages/Search';
import ServiceDetailPage from '../../src/pages/ServiceDetail';

const PAGES: Record<string, ComponentType> = {
  './Home': HomePage,
  './Search': SearchPage,
  './ServiceDetail': ServiceDetailPage,
  './PackageList': PackageListPage,
  './PackageDetail': PackageDetailPage,
};

/** Shows where the router is, and steps back, so tests can check links, replace and Back. */
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

/** Renders the catalog pages on their real route paths (from the contracts' route table). */
export function renderRoute(entries: string[] | string) {
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  return render(
    <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
      <Routes>
        {routesOf('catalog').map((route) => {
          const Page = PAGES[route.module];
          if (!Page) throw new Error(`no page for ${route.module}`);
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="/service/slots" element={<h1>Slot page</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
