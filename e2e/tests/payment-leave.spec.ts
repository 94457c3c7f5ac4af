import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { bookAndWaitForAcceptance } from '../support/booking';

/** From My Bookings (the accepted tab, where bookAndWaitForAcceptance leaves the page) into the booking's Order Summary, in the app. */
async function openOrderSummaryInApp(page: import('@playwright/test').Page, bookingId: string) {
  await expect(page).toHaveURL(/\/bookings\?tab=accepted/);
  await page.getByRole('link', { name: 'Pay Now' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/bookings/order_summary\\?bid=${bookingId}`));
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

test('Back during payment closes the checkout: nothing over My Bookings, nothing charged', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  await signInOnboarded(page);
  const { bookingId } = await bookAndWaitForAcceptance(page);
  await openOrderSummaryInApp(page, bookingId);

  await page.goBack();
  await expect(page).toHaveURL(/\/bookings\?tab=accepted/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);

  // nothing was charged: the booking is still accepted, still to be paid
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  await page.goto('/bookings?tab=accepted');
  await expect(page.locator(`a[href*="bid=${bookingId}"]`).filter({ hasText: 'Pay Now' })).toBeVisible();
});

test('a payment completed after the page was left is recorded (its webhook) and shown in My Bookings', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  await signInOnboarded(page);
  const { bookingId } = await bookAndWaitForAcceptance(page);
  await openOrderSummaryInApp(page, bookingId);

  // Pay is pressed, and its request held on the way until the page has been left
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/checkout/pay', async (route) => {
    await released;
    await route.continue();
  });
  const paying = page.waitForRequest('**/v1/checkout/pay');
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await paying;
  await page.goBack();
  await expect(page).toHaveURL(/\/bookings\?tab=accepted/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const paid = page.waitForResponse('**/v1/checkout/pay');
  release();
  expect((await paid).ok()).toBe(true);

  // the page that was left stays left; the sandbox's webhook confirms the booking, and My Bookings shows it paid
  await expect(page).toHaveURL(/\/bookings\?tab=accepted/);
  await expect(async () => {
    await page.goto('/bookings?tab=confirmed');
    await expect(page.locator(`a[href*="bid=${bookingId}"]`).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0);
});
