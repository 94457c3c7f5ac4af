import { Navigate, type RouteObject } from 'react-router-dom';
import { ORDERS_PATH, PAGE_ROUTES, paths } from '@utsav/contracts';
import { RemotePage, type PageLoader } from '../federation/RemotePage';
import { loadPage } from '../federation/load-page';
import { Guard } from '../shell/Guard';
import { MainLayout } from '../shell/MainLayout';
import { NotFound } from '../shell/NotFound';

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
          element: <MainLayout />,
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
