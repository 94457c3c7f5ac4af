import fs from 'node:fs';
import { expect, test } from '../support/test';
import { signInByRest, signInOnboarded } from '../support/auth';
import { API_URL } from '../support/system';
import { bookAndWaitForAcceptance, chooseBookableDays, expectSavedAddressChosen } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { takeProviderSide } from '../support/provider';
import { keepScreenshot } from '../support/screenshots';

/**
 * Change of plans (issue 19, item 2), as a consumer does it on a phone: a request withdrawn before the
 * provider answers, and a paid booking cancelled with the cancellation policy's refund made through the
 * Razorpay sandbox and shown on the booking.
 */

test('withdraw a request before the provider answers: asked first, then listed as Cancelled', { tag: ['@booking'] }, async ({ page }) => {
  // a provider with an account of its own: its requests wait for it (the stand-in leaves them alone)
  const pkg = await firstPackage('massage');
  await takeProviderSide(pkg.serviceId);
  await signInOnboarded(page);
  await page.goto(`/service/slots?serviceId=${pkg.serviceId}&package=${pkg.menuId}`);
  await chooseBookableDays(page, { from: 12 });
  await expectSavedAddressChosen(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/bookings/);

  const card = page.getByRole('article', { name: pkg.menuName });
  await expect(card.getByText('Requested')).toBeVisible();
  await card.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
  await expect(dialog).toContainText(`Your request for ${pkg.menuName}`);
  await expect(dialog).toContainText('Nothing has been paid.');
  await keepScreenshot(page, 'withdraw-dialog.png');
  await dialog.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByText('Request withdrawn')).toBeVisible();
  // the page goes where the booking now is: its own Cancelled tab (issue 39), the booking in view
  await expect(page.getByRole('tab', { name: 'Cancelled', selected: true })).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\?tab=cancelled$/);
  const withdrawn = page.getByRole('article', { name: pkg.menuName });
  await expect(withdrawn.getByText('Cancelled')).toBeVisible();
  await expect(withdrawn).toBeFocused();
  await expect(withdrawn).toBeInViewport();
  await page.getByRole('tab', { name: 'Requested' }).click();
  await expect(page.getByText('No requested bookings')).toBeVisible();
});

test('cancel a paid booking more than 7 days ahead: the whole advance comes back through Razorpay, shown on the booking', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  await signInOnboarded(page);
  const { bookingId, menuName } = await bookAndWaitForAcceptance(page);
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  // the policy is on the booking before paying
  const policy = page.getByRole('region', { name: 'Cancellation policy' });
  await expect(policy).toContainText('More than 7 days before the start: the whole advance back');
  await expect(policy).toContainText('The platform fee and its GST are not refunded.');
  const advance = (await page.getByRole('listitem').filter({ hasText: 'Booking Advance (10%)' }).getByText(/^₹/).textContent())!;
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();

  await page.goto('/bookings?tab=confirmed');
  const card = page.getByRole('article', { name: menuName }).filter({ has: page.getByText('Confirmed') });
  await card.first().getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByText(`You get the whole ${advance} advance back.`)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
  await keepScreenshot(page, 'cancel-dialog.png');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();

  // the refund as the server has it: asked of Razorpay at once, processed by its webhook
  await expect(async () => {
    await page.goto(`/bookings/order_summary?bid=${bookingId}`);
    await expect(page.getByText(`Refund of your advance: ${advance}, refunded`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText('This booking was cancelled after payment. Your refund is below.')).toBeVisible();
  // its history, from the stored events
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveText([/^Requested/, /^Accepted by the provider/, /^Advance paid/, /^Cancelled/, new RegExp(`^Refunded ${advance.replace(/[.₹]/g, '\\$&')}`)]);
  await expect(history.getByRole('link', { name: 'Book again' })).toBeVisible();
  await keepScreenshot(page, 'refunded-summary.png', { fullPage: true });
  await page.goto('/bookings?tab=cancelled');
  await expect(page.getByRole('article', { name: menuName }).filter({ hasText: 'refunded' }).first()).toContainText(`Refund${advance}, refunded`);
});

test('change dates: new dates proposed from the booking, then accepted by the provider; the booking moves', { tag: ['@booking'] }, async ({ page }) => {
  await signInOnboarded(page);
  const { menuName, day } = await bookAndWaitForAcceptance(page);
  await page.goto('/bookings?tab=accepted');
  const card = page.getByRole('article', { name: menuName }).first();
  await card.getByRole('link', { name: 'Change dates' }).click();
  await expect(page.getByRole('heading', { name: 'New dates for your booking' })).toBeVisible();
  // the calendar opens on the booking's month ('Saturday, 12 December 2026' → 'December 2026'), not today's
  await expect(page.getByRole('grid')).toHaveAccessibleName(day.replace(/^\w+, \d+ /, ''));
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  // two days in a row, a month later than the booking (from the 15th)
  await page.getByRole('button', { name: 'Next month' }).click();
  const days = await chooseBookableDays(page, { from: 15, days: 2 });
  await keepScreenshot(page, 'change-dates.png');
  await page.getByRole('button', { name: 'Propose new dates' }).click();
  await expect(page.getByText('New dates sent to the provider')).toBeVisible();
  // My Bookings on the booking's tab, the booking in view (issue 39)
  await expect(page).toHaveURL(/\/bookings\?tab=accepted$/);
  const proposed = page.getByRole('article', { name: menuName }).first();
  await expect(proposed).toBeFocused();
  await expect(proposed).toBeInViewport();

  // the local provider stand-in answers within a second or two: the card shows the new dates
  const dayOf = (name: string) => name.replace(/^\w+, (\d+) (\w{3})\w* (\d{4})$/, '$1 $2 $3');
  const newDates = `${dayOf(days[0]!)} – ${dayOf(days[1]!)}`;
  await expect(async () => {
    await page.goto('/bookings?tab=accepted');
    const moved = page.getByRole('article', { name: menuName }).first();
    // the Date row itself (a proposal waiting shows the new dates in its own row, "waiting for the provider")
    await expect(moved).toContainText(`Date${newDates}Time`, { timeout: 1000 });
    await expect(moved).not.toContainText('waiting for the provider', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await keepScreenshot(page, 'moved-booking.png');
});

test('paid: its tax invoice downloads; once it has taken place it is rated from My Bookings and shows on the service as a verified booking', { tag: ['@booking', '@catalog', '@checkout'] }, async ({ page }) => {
  const phone = await signInOnboarded(page);
  const { bookingId, menuName, serviceId } = await bookAndWaitForAcceptance(page);
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  // its GST tax invoice, from the Order Summary
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  await expect(page.getByText(/^Tax invoice UTS\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download invoice' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Utsav-invoice-UTS-\d{4}-\d{2}-\d{6}\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // the day goes by (the dev-only stand-in for time, where the provider stand-in runs)
  const { idToken } = await signInByRest(`+91${phone}`);
  const finished = await fetch(`${API_URL}/dev/bookings/${bookingId}/finish`, { method: 'POST', headers: { Authorization: `Bearer ${idToken}` } });
  expect(finished.status).toBe(200);

  await page.goto('/bookings?tab=confirmed');
  const card = page.getByRole('article', { name: menuName });
  await card.getByRole('button', { name: 'Rate & review' }).click();
  const dialog = page.getByRole('dialog', { name: /^Review / });
  // the fourth star (its label: the radio itself is visually hidden)
  await dialog.locator('label').filter({ hasText: '4 Stars' }).click();
  const words = `Candid, on time, lovely album ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Your review' }).fill(words);
  await keepScreenshot(page, 'review-dialog.png');
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thanks! Your review is on the service’s page.')).toBeVisible();
  await expect(card).toContainText(`Your review4 out of 5 stars: ${words}`);
  await expect(card.getByRole('link', { name: 'Book again' })).toBeVisible();

  // on the service's Reviews tab, first, as a verified booking. The catalog's answers follow within a second, but
  // a browser may keep one it asked for meanwhile for the catalog's max-age (30 s, api/src/catalog/cached-reply.ts):
  // a loaded machine once asked in that second, and 15 s of reloads all read the answer from before the review
  await expect(async () => {
    await page.goto(`/service/${serviceId}`);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const first = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first();
    await expect(first).toContainText(words, { timeout: 1000 });
    await expect(first).toContainText('Verified booking', { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await keepScreenshot(page, 'verified-review.png');
});
