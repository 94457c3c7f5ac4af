/**
 * What the service worker (sw.ts) does with each request, decided here without Workbox or the
 * worker's globals, so the rules are tested on their own (test/service-worker-routing.test.ts).
 *
 * - 'page'       a navigation (the server-rendered HTML): the network, and when it cannot be reached
 *                the precached app shell (OFFLINE_SHELL). Pages are never cached: they carry the
 *                signed-in user's session and data.
 * - 'immutable'  a file that never changes at its URL (a content-hashed name, or any file of a
 *                remote's release-store version but its manifest): cache first.
 * - 'picture'    a catalog picture on the host's own origin (@utsav/contracts/service-images: its
 *                address never changes what it shows): cache first, in a cache of its own, so that
 *                pictures never push the app's code out of the immutable one.
 * - 'fresh'      what says which files to load, and the settings (/remotes.json, /remote-integrity.json, /config.json,
 *                /manifest.webmanifest, every mf-manifest.json, a remote's unversioned
 *                remoteEntry.js): network first, the cached copy only when the network fails, so a
 *                promote or a rollback reaches the next page load and the app still starts offline.
 * - 'network'    not the worker's business: the browser goes to the network as if there were no
 *                worker (the API, its live stream, the session, Firebase, the payment provider, any
 *                write). The worker does not even answer these requests.
 * The host's own build (its HTML shell, entry and chunks) is precached by Workbox before these rules run.
 */
import { SERVICE_IMAGE_PATH } from '@utsav/contracts/service-images';

export type Rule = 'page' | 'immutable' | 'picture' | 'fresh' | 'network';

/** What the worker is told at registration (the script URL's query, settingsFromUrl): the deployment's origins. */
export interface WorkerSettings {
  /** the remotes' origins, from /remotes.json */
  remoteOrigins: readonly string[];
  /** the API's base URL, from /config.json: never through the worker's caches */
  apiUrl: string;
}

/** The parts of a request the rules look at. */
export interface RequestFacts {
  url: URL;
  method: string;
  mode: string;
  /** the Accept header */
  accept?: string | null;
}

/** The worker's script, at the host's root so that its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The precached app shell a navigation falls back on offline (the host's static index.html). */
export const OFFLINE_SHELL = '/index.html';

/** The settings the app boots from when the page did not bring them: kept fresh for an offline start. */
export const RUNTIME_SETTINGS = ['/remotes.json', '/remote-integrity.json', '/config.json'] as const;

/** The worker's runtime caches (the precache is Workbox's own). */
export const CACHE_NAMES = { fresh: 'utsav-fresh', immutable: 'utsav-immutable', pictures: 'utsav-pictures' } as const;

// as tooling/src/serve.cjs names them: a content-hashed file, and a manifest (asked for again every time)
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
const MANIFEST = /(^|\/)[^/]*manifest[^/]*\.json$/;
const SETTINGS = new Set<string>([...RUNTIME_SETTINGS, '/manifest.webmanifest']);
// a release-store version folder: <package version>-<build hash> (tooling/src/release/store.cjs)
const VERSION_FOLDER = /\/\d+\.\d+\.\d+-[0-9A-Za-z.]+\//;

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** The rule for one request, for a worker at `origin` with `settings`. */
export function ruleFor(request: RequestFacts, origin: string, settings: WorkerSettings): Rule {
  const { url } = request;
  if (request.method !== 'GET') return 'network';
  // a live stream is never answered from a cache, nor held by the worker
  if (request.accept?.includes('text/event-stream')) return 'network';
  if (settings.apiUrl && withSlash(url.href).startsWith(withSlash(settings.apiUrl))) return 'network';
  if (request.mode === 'navigate') return url.origin === origin ? 'page' : 'network';
  const path = url.pathname;
  const ours = url.origin === origin;
  const remote = settings.remoteOrigins.includes(url.origin);
  if (!ours && !remote) return 'network';
  if (MANIFEST.test(path) || (ours && SETTINGS.has(path))) return 'fresh';
  if (ours && path.startsWith(SERVICE_IMAGE_PATH)) return 'picture';
  if (HASHED.test(path) || VERSION_FOLDER.test(path)) return 'immutable';
  // a remote's file outside a version (a remoteEntry.js deployed in place) may change at its URL
  return remote ? 'fresh' : 'network';
}

/** The worker's script URL for a deployment: its settings in the query, in a stable order. */
export function serviceWorkerUrl(settings: WorkerSettings): string {
  const query = new URLSearchParams({ remotes: [...new Set(settings.remoteOrigins)].sort().join(' '), api: settings.apiUrl });
  return `${SERVICE_WORKER_PATH}?${query.toString()}`;
}

/** The settings the worker was registered with (its own script URL, serviceWorkerUrl). */
export function settingsFromUrl(scriptUrl: string): WorkerSettings {
  const query = new URL(scriptUrl).searchParams;
  const remoteOrigins = (query.get('remotes') ?? '').split(' ').filter(Boolean);
  return { remoteOrigins, apiUrl: query.get('api') ?? '' };
}

/** The remotes' origins from /remotes.json's manifest URLs (what serviceWorkerUrl takes). */
export function originsOf(manifestUrls: readonly string[]): string[] {
  return manifestUrls.flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
}
