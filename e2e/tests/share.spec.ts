import { expect, test } from '../support/test';
import { createProfile, newPhoneDigits, signInOnboarded, verifyPhoneOnLoginPage } from '../support/auth';
import { firstPackage } from '../support/catalog';
import { appTakenOver } from '../support/hydration';

test('a service and a package are shared by link (copied where there is no share sheet); the link opens the page after sign-in', async ({ browser, baseURL }) => {
  const { serviceId, menuId, serviceTitle, menuName } = await firstPackage();
  const context = await browser.newContext({ javaScriptEnabled: true });
  // Chromium on Linux has no share sheet; made certain, so this is the copy-link path
  await context.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const page = await context.newPage();
  await signInOnboarded(page);

  await page.goto(`/service/${serviceId}`);
  await appTakenOver(page);
  await page.getByRole('button', { name: 'Share this service' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const serviceLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(serviceLink).toBe(`${baseURL}/service/${serviceId}`);

  await page.goto(`/service/${serviceId}/menu/details/${menuId}`);
  await appTakenOver(page);
  await expect(page.getByRole('heading', { level: 1, name: menuName })).toBeVisible();
  await page.getByRole('button', { name: 'Share this package' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/service/${serviceId}/menu/details/${menuId}`);
  await context.close();

  // someone else, signed out, opens the shared link: sign-in first, then the service
  const friend = await browser.newContext({ javaScriptEnabled: true });
  const friendPage = await friend.newPage();
  const phone = newPhoneDigits();
  await createProfile(phone, 'Ravi Menon');
  await friendPage.goto(serviceLink);
  await expect(friendPage).toHaveURL(/\/login\?next=/);
  await verifyPhoneOnLoginPage(friendPage, phone);
  await expect(friendPage).toHaveURL(`${baseURL}/service/${serviceId}`);
  await expect(friendPage.getByRole('heading', { level: 1, name: serviceTitle })).toBeVisible();
  await friend.close();
});
