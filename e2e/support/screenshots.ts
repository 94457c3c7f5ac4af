import type { Page } from '@playwright/test';
import { test } from './test';

/**
 * A screenshot kept with the test's results, for a person to look at (not a check). Chromium on a busy machine
 * once answered "Unable to capture screenshot" (Page.captureScreenshot) while the page was fine, failing the test
 * it illustrated (docs/testing.md): it is asked once more, after a moment.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const path = test.info().outputPath(name);
  try {
    await page.screenshot({ path, ...options });
  } catch (error) {
    if (!/Unable to capture screenshot/.test((error as Error).message)) throw error;
    await page.waitForTimeout(500);
    await page.screenshot({ path, ...options });
  }
}
