import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { firstPackage } from '../support/catalog';
import { API_URL } from '../support/system';

/** India's calendar date of a moment, 'YYYY-MM-DD'. */
function indiaDate(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** 'Friday, 3 December 2027': how the calendar names a day. */
function dayName(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .format(new Date(`${isoDate}T00:00:00Z`))
    .replace(/^(\w+) /, '$1, ');
}

const plusDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('the Reviews tab lists the seeded reviews, and their total is the rating line’s count', { tag: ['@catalog'] }, async ({ page }) => {
  const search = (await (await fetch(`${API_URL}/services?q=photography&limit=50`)).json()) as {
    results: { serviceId: string; reviewCount: number }[];
  };
  const busy = search.results.find((service) => service.reviewCount > 10)!;
  expect(busy).toBeTruthy();

  await signInOnboarded(page);
  await page.goto(`/service/${busy.serviceId}`);
  await expect(page.getByText(`(${busy.reviewCount} reviews)`)).toBeVisible();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Reviews' });
  await expect(panel.getByText(`Showing 10 of ${busy.reviewCount} reviews`)).toBeVisible();
  const items = panel.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  // a review: initials, a name, stars, a date in words and the text
  const first = items.first();
  await expect(first.getByRole('img', { name: /^[1-5] out of 5 stars$/ })).toBeVisible();
  await expect(first.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  const name = (await first.getByRole('heading').textContent())!;
  const initials = name.split(' ').map((word) => word[0]).join('');
  await expect(first.getByText(initials, { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Show more reviews' }).click();
  const shown = Math.min(20, busy.reviewCount);
  await expect(panel.getByText(`Showing ${shown} of ${busy.reviewCount} reviews`)).toBeVisible();
  await expect(items).toHaveCount(shown);
});

test('the calendar: India’s today, nothing past 365 days, and start hours gone today disabled', { tag: ['@booking'] }, async ({ page }) => {
  const { serviceId, menuId } = await firstPackage();
  await signInOnboarded(page);
  const today = indiaDate(new Date());
  // 10:30 in India today, on the page's clock (the rule the API applies with its own clock)
  await page.clock.setFixedTime(new Date(`${today}T10:30:00+05:30`));
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('button', { name: dayName(today) })).toHaveAttribute('aria-current', 'date');
  const yesterday = plusDays(today, -1);
  if (yesterday.slice(0, 7) === today.slice(0, 7)) await expect(grid.getByRole('button', { name: dayName(yesterday) })).toBeDisabled();

  // today: the start hours before 11:00 AM have gone
  await grid.getByRole('button', { name: dayName(today) }).click();
  const start = page.getByRole('combobox', { name: 'Start Time' });
  await expect(start).toHaveValue('11:00');
  for (const gone of ['08:00', '09:00', '10:00']) await expect(start.locator(`option[value="${gone}"]`)).toBeDisabled();
  await expect(start.locator('option[value="11:00"]')).toBeEnabled();
  await expect(page.getByText('Today, start times before 11:00 AM have passed (India time).')).toBeVisible();

  // the last day is 365 days on; the day after is disabled and the months stop there
  const last = plusDays(today, 365);
  const next = page.getByRole('button', { name: 'Next month' });
  for (let month = 0; month < 12; month++) await next.click();
  await expect(next).toBeDisabled();
  await expect(grid.getByRole('button', { name: dayName(last) })).toBeEnabled();
  if (plusDays(last, 1).slice(0, 7) === last.slice(0, 7)) {
    await expect(grid.getByRole('button', { name: dayName(plusDays(last, 1)) })).toBeDisabled();
  }
});
