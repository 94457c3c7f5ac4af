import { expect, test } from '@playwright/test';

test('a stranger is sent to /login, replacing the guarded page in history', async ({ page }) => {
  await page.goto('/services');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  // With a replace, Back leaves the app instead of bouncing through /services again.
  await page.goBack();
  expect(page.url()).not.toMatch(/localhost:3000\/(services|login)/);
});
