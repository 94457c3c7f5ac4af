import { expect, test } from '../support/test';
import { latestCodeFor, newPhoneDigits, signInOnboarded } from '../support/auth';
import { firstOpenDay } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { appTakenOver, holdAppCode } from '../support/hydration';

// Issue 33 item 2: nothing a person does on a server-rendered page before the app has taken it over is
// lost (tooling/src/perf/early-input.js). The app's code is held back on purpose, as on a slow phone.

test('Login: a number typed and "Send Verification Code" tapped before the app has taken over send the code to it', { tag: ['@account'] }, async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const phone = newPhoneDigits();
  // key by key, as a person types
  await page.getByLabel('Phone Number').pressSequentially(phone);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  // the app has not started: the page is the server's
  await expect(page.locator('#root')).toHaveAttribute('data-hydrating', '');

  release();
  await expect(page.getByText(`We sent a code to +91 ${phone}.`)).toBeVisible();
  expect(await latestCodeFor(`+91${phone}`)).toMatch(/^\d{6}$/);
});

test('My Bookings: a tab tapped before the app has taken over is the tab shown', { tag: ['@booking'] }, async ({ page }) => {
  await signInOnboarded(page);
  const release = await holdAppCode(page);
  await page.goto('/bookings', { waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Accepted' }).click();
  await expect(page.locator('#root')).toHaveAttribute('data-hydrating', '');
  await expect(page.getByRole('tab', { name: 'Requested' })).toHaveAttribute('aria-selected', 'true');

  release();
  await appTakenOver(page);
  await expect(page.getByRole('tab', { name: 'Accepted' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=accepted\b/);
});

test('Slot page: "Book Now" tapped before the app has taken over, with the dates in the address, sends the booking request', { tag: ['@booking'] }, async ({ page }) => {
  await signInOnboarded(page);
  const { serviceId, menuId } = await firstPackage();
  const day = await firstOpenDay(serviceId, 40);
  const release = await holdAppCode(page);
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}&from=${day}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.locator('#root')).toHaveAttribute('data-hydrating', '');

  release();
  await expect(page.getByText('Booking request sent. The provider will accept or decline it; once accepted, pay its advance from My Bookings.')).toBeVisible();
  // My Bookings, with the new request's card brought into view and focused (the page lets go of ?booking= once it has)
  await expect(page).toHaveURL(/\/bookings\b/);
  await expect(page.locator('[data-booking-id]:focus')).toBeVisible();
});
