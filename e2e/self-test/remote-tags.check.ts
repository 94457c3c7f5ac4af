import type { Page } from '@playwright/test';
import { duringSignIn, expect, test } from '../support/test';

/** Opens an address of the app's route table on a stand-in origin: an empty page, no system needed. */
async function open(page: Page, path: string): Promise<void> {
  await page.route('http://utsav.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>stand-in</title>' }));
  await page.goto(`http://utsav.test${path}`);
}

test('tagged with the remotes it opens: passes', { tag: ['@booking', '@catalog'] }, async ({ page }) => {
  await open(page, '/services');
  await open(page, '/bookings');
  await expect(page).toHaveTitle('stand-in');
});

test('opens a remote it is not tagged for: fails', { tag: ['@catalog'] }, async ({ page }) => {
  await open(page, '/services');
  await open(page, '/cart');
});

test('tagged for a remote it never opens: fails', { tag: ['@catalog', '@account'] }, async ({ page }) => {
  await open(page, '/services');
});

test('what it opens while signing in does not count: passes', { tag: ['@checkout'] }, async ({ page }) => {
  await duringSignIn(page, () => open(page, '/login'));
  await open(page, '/cart');
});
