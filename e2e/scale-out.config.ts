import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The scale-out journey (issue 21): run by npm test over a system of two API and two host-server
 * instances behind round-robin load balancers on one PostgreSQL server (scripts/lib/scale-out.mjs),
 * never over the ordinary system. No retry: the journey kills an instance, a second try would meet one.
 */
export default defineConfig({
  ...base,
  testDir: './scale-out',
  timeout: 180_000,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.SCALE_OUT_REPORT ?? '../.data/test-results/scale-out.json' }]],
});
