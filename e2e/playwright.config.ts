import { defineConfig } from '@playwright/test';
// the one list of this machine's Chromium flags, shared with the bench
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/lib/chromium.mjs';

/**
 * Specs that change what the whole running system serves (the release store's live versions): they run
 * alone, after the others (project 'exclusive', one worker; scripts/lib/test-steps.mjs runs it second).
 */
export const EXCLUSIVE_SPECS = ['release.spec.ts', 'offline.spec.ts'];

/** The phone every test's browser is (and a second phone a test opens itself: provider.spec). */
export const PHONE = {
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
} as const;

/**
 * Runs against the whole system already started by `npm test` (or `npm start`), in Debian's
 * Chromium at phone size. Never downloads a browser. Every other spec runs beside others (each test
 * signs in as a new user of its own and books days it finds open; docs/testing.md).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // tests, not files, are spread over the workers: a long file no longer holds the run's tail
  fullyParallel: true,
  // three: on two cores the suite waits more than it computes (docs/testing.md)
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // one retry on CI absorbs a rare hiccup; a test that needed it is named in the run's closing line, and
  // npm run test:flakes finds such specs (fixed, or quarantined in docs/testing.md)
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../.data/test-results/e2e.json' }]],
  projects: [
    // each its own output folder: the second run would otherwise clear the first's failure screenshots and traces
    { name: 'shared-system', testIgnore: EXCLUSIVE_SPECS, outputDir: 'test-results/shared-system' },
    { name: 'exclusive', testMatch: EXCLUSIVE_SPECS, outputDir: 'test-results/exclusive' },
  ],
  use: {
    ...PHONE,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
});
