import { expect, type Page } from '@playwright/test';
import { E2E_ADDRESS_LINE } from './auth';
import { firstPackage } from './catalog';

/**
 * The slot page's Service address: the user's saved address (E2E_ADDRESS, from signInOnboarded) is chosen.
 * Book Now and Add to Cart stay off until it is.
 */
export async function expectSavedAddressChosen(page: Page): Promise<void> {
  const section = page.getByRole('region', { name: 'Service address' });
  await expect(section.getByRole('radio', { name: new RegExp(E2E_ADDRESS_LINE) })).toBeChecked();
}

/**
 * Books a package through the slot page (dates next month) and waits until the local provider
 * stand-in has accepted it; returns the booking id from the Pay Now link.
 */
export async function bookAndWaitForAcceptance(page: Page): Promise<{ bookingId: string; menuName: string }> {
  const { serviceId, menuId, menuName } = await firstPackage();
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await page.getByRole('button', { name: 'Next month' }).click();
  const grid = page.getByRole('grid');
  await grid.getByRole('button', { name: / 10 [A-Z][a-z]+ \d{4}$/ }).click();
  await expectSavedAddressChosen(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/bookings/);
  let href: string | null = null;
  await expect(async () => {
    await page.goto('/bookings?tab=accepted');
    href = await page.getByRole('link', { name: 'Pay Now' }).first().getAttribute('href', { timeout: 2_000 });
    expect(href).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  const bookingId = new URL(href!, 'http://x').searchParams.get('bid')!;
  return { bookingId, menuName };
}

/** Picks one day next month on a package's slot page and adds it to the cart; waits for the badge. */
export async function addToCartFromSlots(page: Page, { serviceId, menuId }: { serviceId: string; menuId: string }, day: number): Promise<void> {
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('grid').getByRole('button', { name: new RegExp(` ${day} [A-Z][a-z]+ \\d{4}$`) }).click();
  await expectSavedAddressChosen(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
}
