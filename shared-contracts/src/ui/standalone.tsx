import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from '@utsav/contracts/router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { configure, createUtsavTheme, routesOf, startSession, useT, type PageRoute, type RemoteName } from '@utsav/contracts';
import type { CommonMessage } from '../i18n/contracts-messages';

type PageImporter = () => Promise<{ default: ComponentType }>;

const useStandaloneT = () => useT<CommonMessage>('common');

/** The remote's name and a link to each of its pages without a parameter, named by its module ("MyBookings"). */
function StandaloneNav({ remote, routes }: { remote: RemoteName; routes: readonly PageRoute[] }) {
  const t = useStandaloneT();
  return (
    <nav aria-label={t('standalone.nav', { remote })} style={{ padding: 8, borderBottom: '1px solid #ddd', fontSize: 14 }}>
      <strong>{t('standalone.title', { remote })}</strong>{' '}
      {routes
        .filter((route) => !route.path.includes(':'))
        .map((route) => (
          <Link key={route.path} to={route.path} style={{ marginLeft: 8 }}>
            {route.module.slice('./'.length)}
          </Link>
        ))}
    </nav>
  );
}

function Loading() {
  const t = useStandaloneT();
  return <p role="status">{t('standalone.loading')}</p>;
}

/**
 * A remote running alone (its own dev server): the same theme and session as in the host, its own
 * pages on their real paths, and a plain list of links. Lets a team work without the host.
 */
export function renderStandalone(remote: RemoteName, pages: Record<string, PageImporter>): void {
  configure({});
  startSession();
  const routes = routesOf(remote);
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <ThemeProvider theme={createUtsavTheme()}>
        <CssBaseline />
        <BrowserRouter>
          <StandaloneNav remote={remote} routes={routes} />
          <Suspense fallback={<Loading />}>
            <Routes>
              {routes.map((route) => {
                const importer = pages[route.module.slice(2)];
                if (!importer) throw new Error(`${remote} does not expose ${route.module}`);
                const Page = lazy(importer);
                return <Route key={route.path} path={route.path} element={<Page />} />;
              })}
            </Routes>
          </Suspense>
        </BrowserRouter>
      </ThemeProvider>
    </StrictMode>,
  );
}
