import { useMemo } from 'react';
import { BrowserRouter, StaticRouter, useRoutes } from '@utsav/contracts/router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createUtsavTheme, PageAnswers } from '@utsav/contracts';
import { ToastViewport } from '../toasts/ToastViewport';
import { LoadedPages } from '../federation/loaded-pages';
import type { FirstPage } from '../federation/first-page';
import { buildRoutes } from './routes';

const theme = createUtsavTheme();

function AppRoutes() {
  return useRoutes(useMemo(() => buildRoutes(), []));
}

const NOTHING_FIRST: FirstPage = { answers: new Map(), pages: new Map() };

/**
 * The declarative router (no loaders or actions are used): it is about half the bytes of the
 * data router, and every page reaches it through the shared @utsav/contracts/router.
 * A server render gives it the request's address (`location`) and the page it rendered with its
 * answers (`first`); the browser hydrates the same page with the same answers.
 */
export function App({ location, first = NOTHING_FIRST }: { location?: string; first?: FirstPage }) {
  const routes = <AppRoutes />;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PageAnswers answers={first.answers}>
        <LoadedPages pages={first.pages}>
          {location === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <StaticRouter location={location}>{routes}</StaticRouter>}
        </LoadedPages>
      </PageAnswers>
      <ToastViewport />
    </ThemeProvider>
  );
}
