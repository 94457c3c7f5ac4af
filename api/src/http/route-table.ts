import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as registered: its method, its url pattern, and whether it needs a signed-in user. */
export interface RouteEntry {
  method: string;
  url: string;
  /** app.authenticate is among its preHandlers */
  signedIn: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route of the app, filled as they are registered (the security suite walks it) */
    routeTable: readonly RouteEntry[];
  }
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Whether a route runs app.authenticate: the one way a route becomes user-scoped in this API. */
export function requiresSignIn(app: FastifyInstance, route: Pick<RouteOptions, 'preHandler'>): boolean {
  if (!app.hasDecorator('authenticate')) return false;
  return asArray<unknown>(route.preHandler).includes(app.authenticate);
}

type RouteHookName = 'onRequest' | 'preHandler' | 'onResponse';

/** Appends a hook of a route, after those it already has (a preHandler then runs once the user is known). */
export function appendRouteHook<Name extends RouteHookName>(route: RouteOptions, name: Name, hook: NonNullable<RouteOptions[Name]>): void {
  (route as Pick<RouteOptions, RouteHookName>)[name] = [...asArray(route[name]), ...asArray(hook)] as RouteOptions[Name];
}

/**
 * Records every route in `app.routeTable`, so nothing can be added without showing up there.
 * Must be installed before any route (and plugin with routes) is registered.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of asArray(route.method)) {
      table.push({ method: String(method), url: route.url, signedIn: requiresSignIn(app, route) });
    }
  });
}
