import { useMemo } from 'react';
import { BrowserRouter, StaticRouter, useRoutes } from '@utsav/contracts/router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createUtsavTheme } from '@utsav/contracts';
import { ToastViewport } from '../toasts/ToastViewport';
import { OfflineNotice } from '../shell/OfflineNotice';
import { LoadedPages } from '../federation/loaded-pages';
import type { FirstPage } from '../federation/first-page';
import { buildRoutes } from './routes';

const theme = createUtsavTheme();

function AppRoutes() {
  return useRoutes(useMemo(() => buildRoutes(), []));
}

const NOTHING_FIRST: FirstPage = { pages: new Map() };

/**
 * The declarative router (no loaders or actions are used): it is about half the bytes of the
 * data router, and every page reaches it through the shared @utsav/contracts/router.
 * A server render gives it the request's address (`location`) and the page it rendered (`first`); the
 * browser hydrates the same page, with the same answers in its API cache (bootstrap.tsx).
 */
export function App({ location, first = NOTHING_FIRST }: { location?: string; first?: FirstPage }) {
  const routes = <AppRoutes />;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <OfflineNotice />
      <LoadedPages pages={first.pages}>
        {location === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <StaticRouter location={location}>{routes}</StaticRouter>}
      </LoadedPages>
      <ToastViewport />
    </ThemeProvider>
  );
}
