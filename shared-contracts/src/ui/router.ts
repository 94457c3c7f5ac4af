/**
 * The one router every Utsav app uses, shared at run time as `@utsav/contracts/router`.
 * A shared package is bundled whole, and all of react-router is ~60 KB gzip; this module names
 * just what the apps use, so only that is bundled, once. Import routing from here, never from
 * react-router-dom (the lint rule says so): two router copies would not share their context.
 * StaticRouter is the host's server render's (the address is the request's).
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { RouteObject } from 'react-router-dom';
