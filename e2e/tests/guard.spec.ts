import { expect, test } from '@playwright/test';

test('a stranger is sent to /login, and Back does not return to the guarded page', async ({ page }) => {
  await page.goto('/services');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  const length = await page.evaluate(() => history.length);
  expect(length).toBe(1);
});
