import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from '@utsav/contracts/router';
import { ORDERS_PATH, PAGE_ROUTES, paths } from '@utsav/contracts';
import { RemotePage, type PageLoader } from '../federation/RemotePage';
import { loadPage } from '../federation/load-page';
import { Guard } from '../shell/Guard';
import { loadMainLayout } from '../shell/load-main-layout';
import { NotFound } from '../shell/NotFound';
import { PageLoading } from '../shell/PageLoading';

// The signed-in frame (top bar, tabs, badge, avatar) is its own chunk: /login never loads it.
const MainLayout = lazy(() => loadMainLayout().then((module) => ({ default: module.MainLayout })));

/** The one route table of the app, built from the contracts' PAGE_ROUTES. */
export function buildRoutes(load: PageLoader = loadPage): RouteObject[] {
  const page = (route: (typeof PAGE_ROUTES)[number]): RouteObject => ({
    path: route.path,
    // keyed, so leaving a failed page never carries its error state to the next one
    element: <RemotePage key={route.path} route={route} load={load} />,
  });
  return [
    ...PAGE_ROUTES.filter((route) => !route.guarded).map(page),
    {
      element: <Guard />,
      children: [
        {
          element: (
            <Suspense fallback={<PageLoading />}>
              <MainLayout />
            </Suspense>
          ),
          children: [
            ...PAGE_ROUTES.filter((route) => route.guarded).map(page),
            { path: ORDERS_PATH, element: <Navigate to={paths.bookings()} replace /> },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}
