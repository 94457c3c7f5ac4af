import { expect, test, type Page } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import { latestCodeFor, newPhoneDigits, signInOnboarded } from '../support/auth';
import { bookAndWaitForAcceptance, addToCartFromSlots, chooseBookableDays } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { REMOTE_ORIGINS } from '../support/system';
import { claimOnJoinPage } from '../support/provider';

// each test scans five to eight screens with axe (1–3 s a scan with the suite's three workers) besides signing in
test.describe.configure({ timeout: 150_000 });

/** Waits for a page's heading (so axe never scans a skeleton), then runs axe. */
async function scan(page: Page, where: string, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expectNoSeriousViolations(page, where);
}

test('login (phone and code steps) and onboarding (both steps)', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const phone = newPhoneDigits();
  await page.goto('/login');
  await scan(page, 'Login: phone entry', 'Phone Verification');

  await page.getByLabel('Phone Number').fill('12');
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9')).toBeVisible();
  await expectNoSeriousViolations(page, 'Login: phone entry with an error');

  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByPlaceholder('Enter 6-digit code')).toBeVisible();
  await expectNoSeriousViolations(page, 'Login: code entry');

  await page.getByPlaceholder('Enter 6-digit code').fill(await latestCodeFor(`+91${phone}`));
  await page.getByRole('button', { name: 'Verify Phone Number' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByLabel('Full Name')).toBeVisible();
  await expectNoSeriousViolations(page, 'Onboarding: basic information');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expectNoSeriousViolations(page, 'Onboarding: basic information with errors');

  await page.getByLabel('Full Name').fill('Meera Iyer');
  await page.getByLabel('Email').fill('meera@example.com');
  await page.getByLabel('Age').fill('31');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Which service are you looking for?')).toBeVisible();
  await expectNoSeriousViolations(page, 'Onboarding: service');
});

test('catalog: Home, Search, Service detail, Package list and Package detail', { tag: ['@catalog'] }, async ({ page }) => {
  await signInOnboarded(page);
  await scan(page, 'Home', 'Recommended For You');

  await page.goto('/services');
  await expect(page.locator('main a[href^="/service/"]').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'Search: nothing typed (the catalog, with its controls)');
  await page.goto('/services?q=photography');
  const firstCard = page.locator('main a[href^="/service/"]').first();
  await expect(firstCard).toBeVisible();
  await expectNoSeriousViolations(page, 'Search: results');
  await page.goto('/services?q=zzqqxxyy');
  await expect(page.getByText('No services found matching "zzqqxxyy"')).toBeVisible();
  await expectNoSeriousViolations(page, 'Search: no results');

  const { serviceId, menuId } = await firstPackage();
  await page.goto(`/service/${serviceId}`);
  await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Service detail: details');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  // the seeded reviews (or the spec's 'No reviews available.' for a service nobody has reviewed)
  await expect(page.getByRole('tabpanel', { name: 'Reviews' }).getByText(/^(Showing \d+ of \d+ reviews?|No reviews available\.)$/)).toBeVisible();
  await expectNoSeriousViolations(page, 'Service detail: reviews');

  await page.goto(`/service/${serviceId}/menu`);
  await scan(page, 'Package list', 'Available Packages');
  await page.goto(`/service/${serviceId}/menu/details/${menuId}`);
  await expect(page.getByText("What's Included")).toBeVisible();
  await expectNoSeriousViolations(page, 'Package detail');
});

test('slot selection: empty, with an error, and with a date range chosen', { tag: ['@booking'] }, async ({ page }) => {
  const { serviceId, menuId } = await firstPackage();
  await signInOnboarded(page);
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await expect(page.getByRole('grid')).toBeVisible();
  await scan(page, 'Slot selection', 'Select Time Slot');
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a valid date range.' }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'Slot selection: no dates chosen');
  await chooseBookableDays(page, { from: 10, days: 5 });
  await expectNoSeriousViolations(page, 'Slot selection: a range chosen');
});

test('My Bookings (every tab, the cancel dialog), Order Summary, the payment dialog and Payment status', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  test.setTimeout(240_000);
  await signInOnboarded(page);
  await page.goto('/bookings');
  await expect(page.getByText('No requested bookings')).toBeVisible();
  await expectNoSeriousViolations(page, 'My Bookings: empty');

  const { bookingId } = await bookAndWaitForAcceptance(page);
  await expect(page.getByRole('link', { name: 'Pay Now' }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'My Bookings: accepted');
  await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // the server's terms and the policy are in it
  await expect(page.getByRole('dialog').getByText('Nothing has been paid yet, so there is nothing to refund.')).toBeVisible();
  await expectNoSeriousViolations(page, 'My Bookings: cancel dialog');
  await page.getByRole('button', { name: 'Keep booking' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const tab of ['Requested', 'Confirmed', 'Failed']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(page, `My Bookings: ${tab}`);
  }

  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  await scan(page, 'Order Summary', 'Order Summary');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'Razorpay sandbox dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-status\?status=success/);
  await scan(page, 'Payment status: success', 'Payment Successful!');

  await page.goto(`/payment-status?status=failure&amount=150000&orderId=order_x&bid=${bookingId}&message=Card%20declined`);
  await scan(page, 'Payment status: failure', 'Payment Failed');
});

test('Cart (empty and with an item) and Checkout', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  const { serviceId, menuId } = await firstPackage('bridal makeup');
  await signInOnboarded(page);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await expect(page.getByText(/empty/i).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'Cart: empty');

  await addToCartFromSlots(page, { serviceId, menuId }, 15);
  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: 'Coupon' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Cart: one item');
  await page.getByRole('textbox', { name: 'Coupon' }).fill('nosuchcode');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid coupon code or cart value not met')).toBeVisible();
  await expectNoSeriousViolations(page, 'Cart: a rejected coupon');

  await page.goto('/checkout');
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma');
  await expectNoSeriousViolations(page, 'Checkout');
});

test('My Account: profile, settings, the delete dialog, with the form edited', { tag: ['@account'] }, async ({ page }) => {
  await signInOnboarded(page);
  await page.goto('/account');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expectNoSeriousViolations(page, 'My Account: profile');
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expectNoSeriousViolations(page, 'My Account: profile with an error');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('checkbox', { name: 'SMS' })).toBeVisible();
  await expectNoSeriousViolations(page, 'My Account: settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'My Account: delete dialog');
  await page.getByRole('dialog').getByRole('textbox').fill('DELETE');
  await expectNoSeriousViolations(page, 'My Account: delete dialog, confirmed text');
});

test('not-found pages and a remote that will not load', { tag: ['@booking', '@catalog', '@checkout'] }, async ({ page }) => {
  await signInOnboarded(page);
  await page.goto('/no-such-page');
  await scan(page, 'Not found (host)', 'Page not found');
  await page.goto('/service/no-such-service');
  await expect(page.locator('main').getByRole('alert').or(page.locator('main').getByText(/not found|could not/i)).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'Service detail: not found');
  await page.goto('/service/no-such-service/menu/details/no-such-menu');
  await expect(page.getByRole('heading', { name: 'Package not found' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Package detail: not found');
  await page.goto('/bookings/order_summary?bid=no-such-booking');
  await expect(page.locator('main').getByText(/not found|could not|couldn/i).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'Order Summary: not found');

  await page.route(`${REMOTE_ORIGINS.booking}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/bookings');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoSeriousViolations(page, 'A remote that will not load (Retry)');
});

test("provider: Join, Requests, Calendar and a day, Bookings, Earnings, Reviews", { tag: ['@provider'] }, async ({ page }) => {
  await signInOnboarded(page);
  await page.goto('/provider/join');
  await scan(page, 'Provider: Join', 'Become a provider');
  await claimOnJoinPage(page);
  await scan(page, 'Provider: Requests', 'Requests');
  await page.goto('/provider/calendar');
  await expect(page.getByRole('group', { name: /tap a day/ })).toBeVisible();
  await scan(page, 'Provider: Calendar', 'Calendar');
  await page.getByRole('link', { name: 'Next month' }).click();
  await page.getByRole('group', { name: /tap a day/ }).getByRole('button').nth(9).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'Provider: a day of the calendar');
  await page.keyboard.press('Escape');
  for (const [path, heading] of [['/provider/bookings', 'Bookings'], ['/provider/earnings', 'Earnings'], ['/provider/reviews', 'Reviews']]) {
    await page.goto(path!);
    await scan(page, `Provider: ${heading}`, heading!);
  }
});
