import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { chooseBookableDays, expectSavedAddressChosen } from '../support/booking';
import { keepScreenshot } from '../support/screenshots';
import { claimOnJoinPage } from '../support/provider';
import { PHONE } from '../playwright.config';

/**
 * The provider's side (issue 36) with two people on two phones: a provider claims their listing, a consumer books
 * it, the request arrives in the provider's inbox live, the provider accepts, the consumer pays, the provider's
 * earnings show the advance, and a day the provider blocks is one the consumer can no longer choose.
 * `page` is the provider's phone (its routes are this test's tags); the consumer's is a second browser context.
 */

/** A second phone: the same device as the test's own. */
async function secondPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** 'Thursday, 10 December 2026' → '2026-12-10' */
function isoOf(dayName: string): string {
  const [, day, month, year] = /(\d+) (\w+) (\d{4})$/.exec(dayName)!;
  const number = new Date(`${month} 1, 2000`).getMonth() + 1;
  return `${year}-${String(number).padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

test('a provider claims their listing, answers a request that arrives live, is paid, sees the advance, and blocks a day', { tag: ['@provider'] }, async ({ page, browser }) => {
  test.setTimeout(120_000);
  // the provider: signs in with their own phone, is sent to the page that says how to become one, claims
  await signInOnboarded(page);
  await page.goto('/provider');
  await expect(page).toHaveURL(/\/provider\/join$/);
  const listing = await claimOnJoinPage(page);
  await expect(page.getByText(`${listing.name} is yours. New requests now wait for you.`)).toBeVisible();
  await expect(page.getByText(/No requests are waiting/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My business' })).toBeVisible();

  // the consumer, on another phone, books it
  const consumer = await secondPhone(browser);
  await signInOnboarded(consumer);
  await consumer.goto(`/service/slots?serviceId=${listing.serviceId}&package=${listing.menuId}`);
  const [dayName] = await chooseBookableDays(consumer, { from: 12 });
  await expectSavedAddressChosen(consumer);
  await consumer.getByRole('button', { name: 'Book Now' }).click();
  await expect(consumer).toHaveURL(/\/bookings/);

  // the request arrives in the provider's inbox without a reload (the live stream), with what they need to answer
  const request = page.getByRole('article', { name: 'Request from Asha Verma' });
  await expect(request).toBeVisible();
  await expect(request).toContainText('12 MG Road, Indiranagar, Bengaluru, Karnataka 560038');
  const advance = (await request.getByRole('definition').filter({ hasText: /^₹/ }).first().textContent())!;
  await keepScreenshot(page, 'provider-inbox.png');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted. Asha Verma can now pay the advance.')).toBeVisible();
  await expect(request).toBeHidden();

  // the consumer pays the advance the provider saw
  let href: string | null = null;
  await expect(async () => {
    await consumer.goto('/bookings?tab=accepted');
    href = await consumer.getByRole('link', { name: 'Pay Now' }).first().getAttribute('href', { timeout: 2_000 });
    expect(href).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  await consumer.goto(href!);
  await expect(consumer.getByRole('listitem').filter({ hasText: 'Booking Advance (10%)' })).toContainText(advance);
  await consumer.getByRole('button', { name: 'Proceed to Payment' }).click();
  await consumer.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(consumer.getByText('Payment Successful!')).toBeVisible();

  // the provider's earnings show the advance, from the ledger
  await page.getByRole('navigation', { name: 'Provider sections' }).getByRole('link', { name: 'Earnings' }).click();
  const totals = page.getByRole('region', { name: 'Last 12 months' });
  await expect(totals.getByRole('definition').first()).toHaveText(advance);
  await expect(totals.getByRole('term').first()).toHaveText('Advances (1 payment)');
  // and the booking, paid: the customer's phone is theirs to call now
  await page.goto('/provider/bookings');
  await page.getByRole('main').getByRole('link', { name: /Asha Verma/ }).click();
  await expect(page.getByRole('region', { name: 'Customer contact' }).getByRole('link', { name: /^\+91/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Received');

  // the provider blocks another day of that month; the consumer's calendar no longer offers it
  const booked = isoOf(dayName!);
  const day = Number(booked.slice(8));
  const blocked = `${booked.slice(0, 8)}${String(day >= 27 ? day - 1 : day + 1).padStart(2, '0')}`;
  await page.goto(`/provider/calendar?month=${booked.slice(0, 7)}`);
  const blockedLabel = new Date(`${blocked}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  await page.getByRole('button', { name: new RegExp(`^${blockedLabel}:`) }).click();
  const dialog = page.getByRole('dialog', { name: blockedLabel });
  await dialog.getByRole('textbox', { name: 'Reason (only you see it)' }).fill('Family function');
  await dialog.getByRole('button', { name: 'Block day' }).click();
  await expect(page.getByText(`${blockedLabel} is blocked.`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${blockedLabel}: .*blocked$`) })).toBeVisible();
  await keepScreenshot(page, 'provider-calendar.png');

  await consumer.goto(`/service/slots?serviceId=${listing.serviceId}&package=${listing.menuId}`);
  const grid = consumer.getByRole('grid');
  const cell = grid.locator(`button[data-date="${blocked}"]`);
  for (let month = 0; month < 8 && (await cell.count()) === 0; month += 1) {
    await consumer.getByRole('button', { name: 'Next month' }).click();
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(cell).toHaveAttribute('aria-label', /, not available$/);
  await consumer.context().close();
});
