/**
 * The host's service worker (issue 20, "A bad connection"), built by Workbox's InjectManifest into
 * /sw.js by the host's production build (tooling/src/service-worker.cjs); registered by
 * ./register.ts. The rules for each request are ./routing.ts's.
 *
 * Updates: a new worker takes over at once (skipWaiting + clientsClaim) rather than waiting for
 * every tab to close. The host's old build is gone from the server as soon as a new one is
 * deployed, so a tab that keeps the old worker gains nothing; a page whose HTML came from the new
 * build must get that build's entry, which its versioned URL (/main.js?v=…) guarantees.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { RouteMatchCallbackOptions } from 'workbox-core/types';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { CACHE_NAMES, OFFLINE_SHELL, ruleFor, settingsFromUrl, type Rule } from './routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/**
 * How long a page or a manifest may take before the cached copy is used instead: on a connection
 * that is up but barely moves, the app starts from what it has rather than staring at a blank page.
 * A page the server renders arrives well within it (SSR_RENDER_TIMEOUT_MS is 1 s).
 */
const NETWORK_TIMEOUT_SECONDS = 4;
/** Remote files of versions no longer live are dropped, oldest used first, past this many. */
const MAX_IMMUTABLE_ENTRIES = 600;
/** Catalog pictures kept (a few KB each, one width per picture in practice), oldest used first out. */
const MAX_PICTURE_ENTRIES = 300;

const settings = settingsFromUrl(self.location.href);

void self.skipWaiting();
clientsClaim();
// the page's request starts while the worker is still waking up
enableNavigationPreload();

cleanupOutdatedCaches();
// the precache answers its own URLs only: '/' and '/login' are pages (network first), not index.html and login.html
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

const matches =
  (rule: Rule) =>
  ({ request, url }: RouteMatchCallbackOptions) =>
    ruleFor({ url, method: request.method, mode: request.mode, accept: request.headers.get('Accept') }, self.location.origin, settings) === rule;

/** Only whole, successful answers are kept (never an error page, nor an opaque answer whose status is unknown). */
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });

/**
 * A remote's script tag asks without CORS (an opaque answer, whose status the worker cannot read);
 * the remotes answer CORS for everyone, so the worker asks for the same file with CORS and keeps a
 * readable 200.
 */
const corsForOtherOrigins = {
  requestWillFetch: async ({ request }: { request: Request }) =>
    request.mode === 'no-cors' && new URL(request.url).origin !== self.location.origin
      ? new Request(request.url, { mode: 'cors', credentials: 'omit' })
      : request,
};

registerRoute(
  matches('page'),
  new NetworkOnly({
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [{ handlerDidError: async () => (await matchPrecache(OFFLINE_SHELL)) ?? Response.error() }],
  }),
);

registerRoute(
  matches('fresh'),
  new NetworkFirst({ cacheName: CACHE_NAMES.fresh, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [corsForOtherOrigins, okOnly()] }),
);

registerRoute(
  matches('immutable'),
  new CacheFirst({
    cacheName: CACHE_NAMES.immutable,
    plugins: [corsForOtherOrigins, okOnly(), new ExpirationPlugin({ maxEntries: MAX_IMMUTABLE_ENTRIES, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  matches('picture'),
  new CacheFirst({
    cacheName: CACHE_NAMES.pictures,
    plugins: [okOnly(), new ExpirationPlugin({ maxEntries: MAX_PICTURE_ENTRIES, purgeOnQuotaError: true })],
  }),
);
