import { expect, test } from '../support/test';

test('a stranger is sent to /login, replacing the guarded page in history', { tag: ['@account'] }, async ({ page }) => {
  await page.goto('/services');
  // the page asked for rides along, to be opened after sign-in (e2e/tests/deep-links.spec.ts)
  await expect(page).toHaveURL(/\/login\?next=%2Fservices$/);
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  // With a replace, Back leaves the app instead of bouncing through /services again.
  await page.goBack();
  expect(page.url()).not.toMatch(/localhost:3000\/(services|login)/);
});
