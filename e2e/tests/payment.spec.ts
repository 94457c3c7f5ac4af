import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { bookAndWaitForAcceptance } from '../support/booking';

test('pay the advance through the Razorpay sandbox: summary, checkout, verified, confirmed', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  await signInOnboarded(page);
  const { bookingId } = await bookAndWaitForAcceptance(page);
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);

  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByText('Review your booking before payment')).toBeVisible();
  for (const label of ['Total Service Value', 'Booking Advance (10%)', 'Platform Fee (2%)', 'GST @ 18%', 'Amount to Pay Now']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('By proceeding, you agree to our Terms of Service and Privacy Policy')).toBeVisible();

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('₹');
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/payment-status\?status=success/);
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(page.getByText('Thank you for your purchase!')).toBeVisible();
  await expect(page.getByText(/pay_\w+/)).toBeVisible();

  await page.goto('/bookings?tab=confirmed');
  await expect(page.locator('main').getByText('Confirmed').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
});

test('a failed payment: failure page, then the Failed tab, Retry Payment, and success', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  await signInOnboarded(page);
  const { bookingId } = await bookAndWaitForAcceptance(page);
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Fail payment' }).click();

  await expect(page).toHaveURL(/\/payment-status\?status=failure/);
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', `/bookings/order_summary?bid=${bookingId}`);

  // The sandbox's payment.failed webhook marks the booking failed; it is listed under Failed.
  await expect(async () => {
    await page.goto('/bookings?tab=failed');
    await expect(page.getByRole('link', { name: 'Retry Payment' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Retry Payment' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/bookings/order_summary\\?bid=${bookingId}`));

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await page.goto('/bookings?tab=confirmed');
  await expect(page.locator('main').getByText('Confirmed').first()).toBeVisible();
});
