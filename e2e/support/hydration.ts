import type { Page } from '@playwright/test';

/**
 * Waits until the app has taken over the page the server drew and delivered what was done on it before
 * (its root no longer carries data-hydrating, host-shell/src/boot/rendered-page.ts). Until then a
 * server-rendered page holds taps and submissions for the app (tooling/src/perf/early-input.js).
 */
export async function appTakenOver(page: Page): Promise<void> {
  await page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached' });
}

/**
 * Holds back the host's entry script (main.js, which starts the app): the page the server drew is on
 * screen, as on a slow phone before the app's code has arrived, until `release()`. Open the page with
 * `{ waitUntil: 'commit' }` (the load event waits for the entry).
 */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/main.js',
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
