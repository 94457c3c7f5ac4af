import { defineConfig } from '@playwright/test';
// the one list of this machine's Chromium flags, shared with the bench
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/lib/chromium.mjs';

/**
 * Runs against the whole system already started by `npm test` (or `npm start`), in Debian's
 * Chromium at phone size. Never downloads a browser.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // one retry on CI absorbs a rare emulator hiccup; a test that needed it shows as flaky in the report
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.data/test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // page.route cannot see what a service worker fetches, and many specs stand in for the network
    // with it: the host's worker is blocked everywhere but the specs that are about it
    // (test.use({ serviceWorkers: 'allow' }), e.g. offline.spec.ts)
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
});
