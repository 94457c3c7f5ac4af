import type { Page } from '@playwright/test';

/**
 * Waits until the app has taken over the page the server drew (hydration started: its root no longer
 * carries data-hydrating, host-shell/src/boot/rendered-page.ts). Until then a server-rendered page's
 * forms and buttons take no taps, as a person finds them; Playwright's fill would type regardless.
 */
export async function appTakenOver(page: Page): Promise<void> {
  await page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached' });
}
