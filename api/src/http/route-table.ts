import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as registered: its method, its url pattern, and whether it needs a signed-in user. */
export interface RouteEntry {
  method: string;
  url: string;
  /** app.authenticate is among its preValidation hooks */
  signedIn: boolean;
  /** the statuses its schema declares an answer for (route-schemas.ts); none for a route without one */
  answers: string[];
  /** left out of /openapi.json (`schema.hide`: the reference page's own files, local development's routes) */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route of the app, filled as they are registered (the security suite walks it) */
    routeTable: readonly RouteEntry[];
  }
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Whether a route runs app.authenticate: the one way a route becomes user-scoped in this API. */
export function requiresSignIn(app: FastifyInstance, route: Pick<RouteOptions, 'preValidation'>): boolean {
  if (!app.hasDecorator('authenticate')) return false;
  return asArray<unknown>(route.preValidation).includes(app.authenticate);
}

type RouteHookName = 'onRequest' | 'preValidation' | 'onResponse';

/** Appends a hook of a route, after those it already has (a preValidation hook then runs once the user is known). */
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
      const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
      table.push({
        method: String(method),
        url: route.url,
        signedIn: requiresSignIn(app, route),
        answers: Object.keys(schema?.response ?? {}),
        hidden: schema?.hide === true,
      });
    }
  });
}
