import { afterInteractive } from '@utsav/contracts';
import type { RemoteManifests } from '../federation/register-remotes';

interface IdleScheduler {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
}

/** Longest the registration waits for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Registers the host's service worker (../service-worker/register.ts, a chunk of its own) once the
 * app has taken the page over, the page has loaded and the browser is idle, so it costs the first
 * load nothing: no byte before the load event or the first screen's hydration, no work in the page's
 * busy start. Production builds only: never in the dev server
 * (whose files change at their URLs) nor in jest.
 */
export function registerServiceWorkerLater(remotes: Partial<RemoteManifests>, apiUrl: string): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import(/* webpackChunkName: "sw-register" */ '../service-worker/register').then(({ registerServiceWorker }) =>
      registerServiceWorker({ manifests: Object.values(remotes).filter((url): url is string => Boolean(url)), apiUrl }),
    );
  const whenIdle = () => {
    const { requestIdleCallback } = window as IdleScheduler;
    if (requestIdleCallback) requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(register, 0);
  };
  afterInteractive(() => {
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}
