import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { ACCEPTED_TOAST, addToCartFromSlots } from '../support/booking';
import { firstPackage } from '../support/catalog';

test('cart → checkout → one booking request per item, cart emptied', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  const { serviceId, menuId, menuName } = await firstPackage('bridal makeup');
  await signInOnboarded(page);
  await addToCartFromSlots(page, { serviceId, menuId }, 15);

  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await expect(page.getByText(menuName).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Coupon' }).fill('  nosuchcode ');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid coupon code or cart value not met')).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).or(page.getByRole('button', { name: 'Proceed to Checkout' })).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma');
  // the server's figures: no cart fee or tax of the page's own
  await expect(page.getByText('Total booking value')).toBeVisible();
  await expect(page.getByText(/Tax \(10%\)|Platform Fee/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(/^(Booking request|\d+ booking requests) sent\. /)).toBeVisible();
  await expect(page).toHaveURL(/\/bookings/);
  // listed under Requested — or, once the provider stand-in has accepted it a second later, moved to Accepted
  // by the live stream, with its toast
  // (both at once when the acceptance lands as the list draws: either one is enough)
  await expect(page.getByText(menuName).first().or(page.getByText(ACCEPTED_TOAST)).first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart' })).toBeVisible();
});
