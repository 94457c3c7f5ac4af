import { appTakenOver } from '../support/hydration';
import { expect, test } from '../support/test';

test('a stranger is sent to /login, replacing the guarded page in history', { tag: ['@account'] }, async ({ page }) => {
  await page.goto('/services');
  // the page asked for rides along, to be opened after sign-in (e2e/tests/deep-links.spec.ts)
  await expect(page).toHaveURL(/\/login\?next=%2Fservices$/);
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  // the server drew the page; Back once the app has taken it over (the CI run saw this test pass only
  // on its retry: the address was read at once, while the page could still be settling)
  await appTakenOver(page);
  // With a replace, Back leaves the app instead of bouncing through /services again.
  await page.goBack();
  await expect(page).not.toHaveURL(/localhost:3000\/(services|login)/);
});
