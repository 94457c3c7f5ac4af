import { expect, test, type Page } from '@playwright/test';
import { API_URL } from './system';
import { E2E_ADDRESS_LINE } from './auth';
import { firstPackage } from './catalog';
import { appTakenOver } from './hydration';

/**
 * The slot page's Service address: the user's saved address (E2E_ADDRESS, from signInOnboarded) is chosen.
 * Book Now and Add to Cart stay off until it is.
 */
/** What the app says, wherever the user is, when a provider accepts their request (the live stream). */
export const ACCEPTED_TOAST = 'Your booking was accepted — pay the advance to confirm';

export async function expectSavedAddressChosen(page: Page): Promise<void> {
  const section = page.getByRole('region', { name: 'Service address' });
  await expect(section.getByRole('radio', { name: new RegExp(E2E_ADDRESS_LINE) })).toBeChecked();
}

/**
 * The browser suite runs on several workers at once, each test a new user, but the seeded providers are shared
 * (a photographer takes one booking a day): a test that holds a day in its cart while a test on another worker
 * has the same day accepted would be refused at checkout. So the days a test books start `workerLane()` months
 * later than asked: 0 on the first worker, 1 on the second… (Playwright's parallelIndex, below the number of workers).
 */
export const workerLane = (): number => test.info().parallelIndex;

/**
 * On a package's slot page: shows next month and chooses `days` days in a row (1: one day) that the provider
 * can take, the first such run from day `from` on, going on to later months when none is left. Other tests'
 * accepted bookings fill the provider's days (each seeded photographer takes one booking a day): those are
 * named "…, fully booked" and skipped. Returns the chosen days' names ('Thursday, 10 December 2026').
 */
export async function chooseBookableDays(page: Page, { from = 10, days = 1 }: { from?: number; days?: number } = {}): Promise<string[]> {
  const grid = page.getByRole('grid');
  let first = from;
  // the server draws the slot page: a month read before the app has taken over is not the one its held taps lead to
  await appTakenOver(page);
  // each worker books in its own month (workerLane), so no other worker's booking fills a day this test holds
  for (let skip = 0; skip < workerLane(); skip += 1) await page.getByRole('button', { name: 'Next month' }).click();
  for (let month = 0; month < 6; month += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
    // the month's availability has been asked for and has answered
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
    await expect(grid.locator('button[data-date]').first()).toBeVisible();
    const shown = await grid.locator('button[data-date]').evaluateAll((buttons) =>
      buttons.map((button) => ({
        day: Number(button.getAttribute('data-date')!.slice(8)),
        name: button.getAttribute('aria-label')!,
        open: !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true',
      })),
    );
    const start = shown.findIndex((entry, index) => entry.day >= first && shown.slice(index, index + days).length === days && shown.slice(index, index + days).every((next) => next.open));
    if (start >= 0) {
      const chosen = shown.slice(start, start + days).map((entry) => entry.name);
      await grid.getByRole('button', { name: chosen[0], exact: true }).click();
      if (days > 1) await grid.getByRole('button', { name: chosen[days - 1], exact: true }).click();
      return chosen;
    }
    first = 1;
  }
  throw new Error(`no ${days} bookable days in a row in the next six months`);
}

/**
 * Books a package through the slot page (dates next month) and waits until the local provider
 * stand-in has accepted it; returns the booking id from the Pay Now link.
 */
export async function bookAndWaitForAcceptance(page: Page): Promise<{ bookingId: string; menuName: string; serviceId: string; menuId: string; day: string }> {
  const { serviceId, menuId, menuName } = await firstPackage();
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  const [day] = await chooseBookableDays(page, { from: 10 });
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
  return { bookingId, menuName, serviceId, menuId, day: day! };
}

/** Picks one bookable day next month (from `day` on) on a package's slot page and adds it to the cart; waits for the badge. */
export async function addToCartFromSlots(page: Page, { serviceId, menuId }: { serviceId: string; menuId: string }, day: number): Promise<void> {
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await chooseBookableDays(page, { from: day });
  await expectSavedAddressChosen(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
}

/**
 * The first day from `daysAhead` days on (India's calendar) that the service's provider can still take a booking
 * on, asked of the API's availability (other tests' accepted bookings fill a provider's days).
 */
export async function firstOpenDay(serviceId: string, daysAhead: number): Promise<string> {
  // each worker in its own month (workerLane)
  daysAhead += 31 * workerLane();
  const indianDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));
  const months = new Map<string, Set<string>>();
  for (let days = daysAhead; days < daysAhead + 120; days += 1) {
    const day = indianDate(days);
    const month = day.slice(0, 7);
    if (!months.has(month)) {
      const answer = await fetch(`${API_URL}/services/${serviceId}/availability?month=${month}`);
      if (!answer.ok) throw new Error(`availability of ${month} answered ${answer.status}`);
      const { unavailable } = (await answer.json()) as { unavailable: { date: string }[] };
      months.set(month, new Set(unavailable.map((entry) => entry.date)));
    }
    if (!months.get(month)!.has(day)) return day;
  }
  throw new Error(`no open day in the 120 days from ${daysAhead} days ahead`);
}
