import { fireEvent, render, screen } from '@testing-library/react';
import { useMemo } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { createUtsavTheme, PAGE_ROUTES, paths } from '@utsav/contracts';
import { buildRoutes } from '../src/app/routes';
import { TABS } from '../src/shell/BottomTabs';
import { renderApp, setSession, signedInComplete, stubLoader } from './render-app';

beforeEach(() => {
  setSession(signedInComplete);
});

const backButton = () => screen.queryByRole('button', { name: 'Back' });

/** A sample URL for each route pattern. */
const sample = (pattern: string) => pattern.replace(':serviceId', 's1').replace(':menuId', 'm1').replace(':bookingId', 'b1');

describe('top bar back arrow', () => {
  it.each(TABS.map((tab) => [tab.label, tab.to]))('is not shown on the %s tab (%s)', async (_label, to) => {
    renderApp(to);
    await screen.findByRole('heading', { name: /^page / });
    expect(backButton()).not.toBeInTheDocument();
  });

  it("is not shown on the provider section's root either (its requests, reached from the top bar)", async () => {
    renderApp(paths.provider());
    await screen.findByRole('heading', { name: /^page / });
    expect(backButton()).not.toBeInTheDocument();
  });

  // every page below a root: a tab's, or the provider section's (the route table gives each its parent)
  const belowTabs = PAGE_ROUTES.filter((route) => route.guarded && !TABS.some((tab) => tab.to === route.path) && route.path !== paths.provider());

  it.each(belowTabs.map((route) => [sample(route.path)]))('is shown at %s, as a 48 px target named Back', async (url) => {
    renderApp(url);
    await screen.findByRole('heading', { name: /^page / });
    const back = backButton();
    expect(back).toBeInTheDocument();
    // the Back name comes first in the bar, before the product title
    expect(screen.getAllByRole('button')[0]).toBe(back);
    expect(back).toHaveStyle({ width: '48px', height: '48px' });
  });

  it('opened from outside (first entry), goes up to the parent and replaces the page', async () => {
    const { router } = renderApp(paths.packageDetail('s1', 'm1'));
    await screen.findByRole('heading', { name: 'page ./PackageDetail' });
    fireEvent.click(backButton()!);
    expect(await screen.findByRole('heading', { name: 'page ./PackageList' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service/s1/menu');
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(backButton()!);
    expect(await screen.findByRole('heading', { name: 'page ./ServiceDetail' })).toBeInTheDocument();
    fireEvent.click(backButton()!);
    expect(await screen.findByRole('heading', { name: 'page ./Search' })).toBeInTheDocument();
    expect(backButton()).not.toBeInTheDocument();
  });

  it('from the order summary goes up to My Bookings', async () => {
    const { router } = renderApp(paths.orderSummary('b1'));
    await screen.findByRole('heading', { name: 'page ./OrderSummary' });
    fireEvent.click(backButton()!);
    expect(await screen.findByRole('heading', { name: 'page ./MyBookings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings');
  });
});

describe('top bar back arrow, in the browser history', () => {
  /** Where the app is, and a link-like push to a service (as a search result card does). */
  function Where() {
    const location = useLocation();
    const navigate = useNavigate();
    return (
      <>
        <p data-testid="where">{`${location.pathname}${location.search}`}</p>
        <button type="button" onClick={() => void navigate(paths.serviceDetail('s1'))}>
          open service
        </button>
      </>
    );
  }
  function Routes() {
    return useRoutes(useMemo(() => buildRoutes(stubLoader), []));
  }

  it('goes back in history when the previous entry is in the app (the search keeps its query)', async () => {
    window.history.replaceState(null, '', '/services?q=cake');
    render(
      <ThemeProvider theme={createUtsavTheme()}>
        <BrowserRouter>
          <Routes />
          <Where />
        </BrowserRouter>
      </ThemeProvider>,
    );
    await screen.findByRole('heading', { name: 'page ./Search' });
    expect(window.history.state).toMatchObject({ idx: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'open service' }));
    expect(await screen.findByRole('heading', { name: 'page ./ServiceDetail' })).toBeInTheDocument();
    expect(window.history.state).toMatchObject({ idx: 1 });
    fireEvent.click(backButton()!);
    expect(await screen.findByRole('heading', { name: 'page ./Search' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/services?q=cake');
  });
});
