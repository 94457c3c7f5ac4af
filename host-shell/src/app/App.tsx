import { useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter, StaticRouter, useLocation, useRoutes } from '@utsav/contracts/router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createUtsavTheme, PageAnswers, type PageAnswer } from '@utsav/contracts';
import { ToastViewport } from '../toasts/ToastViewport';
import { OfflineNotice } from '../shell/OfflineNotice';
import { LoadedPages } from '../federation/loaded-pages';
import type { FirstPage } from '../federation/first-page';
import { buildRoutes } from './routes';

const theme = createUtsavTheme();

function AppRoutes() {
  return useRoutes(useMemo(() => buildRoutes(), []));
}

const NO_ANSWERS: ReadonlyMap<string, PageAnswer> = new Map();

/**
 * The answers the server drew the first page with are that page's only: once the user has moved on
 * (any navigation, even back to the same address), every page asks for its data afresh.
 */
function FirstPageAnswers({ answers, children }: { answers: ReadonlyMap<string, PageAnswer>; children: ReactNode }) {
  const { key } = useLocation();
  const [firstKey] = useState(key);
  const [movedOn, setMovedOn] = useState(false);
  if (!movedOn && key !== firstKey) setMovedOn(true);
  return <PageAnswers answers={movedOn ? NO_ANSWERS : answers}>{children}</PageAnswers>;
}

const NOTHING_FIRST: FirstPage = { answers: new Map(), pages: new Map() };

/**
 * The declarative router (no loaders or actions are used): it is about half the bytes of the
 * data router, and every page reaches it through the shared @utsav/contracts/router.
 * A server render gives it the request's address (`location`) and the page it rendered with its
 * answers (`first`); the browser hydrates the same page with the same answers.
 */
export function App({ location, first = NOTHING_FIRST }: { location?: string; first?: FirstPage }) {
  const routes = (
    <FirstPageAnswers answers={first.answers}>
      <AppRoutes />
    </FirstPageAnswers>
  );
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
