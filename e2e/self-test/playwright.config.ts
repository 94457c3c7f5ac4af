import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';

/**
 * The remote-tag check of support/test.ts, tried on pages that need no running system (scripts/remote-tags.test.mjs
 * runs this config and expects the mis-tagged test to fail).
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'remote-tags.check.ts',
  workers: 1,
  retries: 0,
  reporter: [['json', { outputFile: process.env.E2E_REPORT ?? '../../.data/test-results/remote-tags-check.json' }]],
  use: { launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS } },
});
