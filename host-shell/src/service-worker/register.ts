import { originsOf, RUNTIME_SETTINGS, serviceWorkerUrl } from './routing';

/** Set on <html> once the worker holds what this page loaded (the app can start offline from here). */
export const OFFLINE_READY = 'data-offline-ready';

/** What this page has loaded over the network that the worker may keep: scripts, styles and manifests. */
function loadedFiles(): string[] {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const files = entries.map((entry) => entry.name).filter((url) => /^https?:/.test(url) && /\.(js|css|json)(\?|$)/.test(url));
  return [...new Set([...RUNTIME_SETTINGS.map((path) => new URL(path, location.origin).href), ...files])];
}

/** Asks the worker to keep `urls` as its rules say (Workbox's CACHE_URLS message); resolves when it has. */
function keepInWorker(worker: ServiceWorker, urls: string[]): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }, [channel.port2]);
  });
}

/** The worker that controls this page: at once, or when it takes the page over (clientsClaim, on its first install). */
function controller(): Promise<ServiceWorker> {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return Promise.resolve(serviceWorker.controller);
  return new Promise((resolve) => {
    serviceWorker.addEventListener('controllerchange', () => serviceWorker.controller && resolve(serviceWorker.controller), { once: true });
  });
}

/**
 * Registers the host's service worker (sw.ts) for the whole origin, with the deployment's settings
 * (the remotes' origins from their manifest URLs, the API's address) in its URL, and hands it what this page loaded before any worker was there (the first visit's remote
 * code and settings), so the next start works offline even after one visit.
 */
export async function registerServiceWorker({ manifests, apiUrl }: { manifests: string[]; apiUrl: string }): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(serviceWorkerUrl({ remoteOrigins: originsOf(manifests), apiUrl }), { scope: '/' });
    // once it controls the page, everything the page fetches goes through it: what came before is handed over
    await keepInWorker(await controller(), loadedFiles());
    document.documentElement.setAttribute(OFFLINE_READY, '');
  } catch (error) {
    // no worker (a private window, storage full, workers blocked): the app works as before, online only
    console.warn('Utsav could not set up offline use', error);
  }
}
