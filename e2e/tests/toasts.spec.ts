import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { chooseBookableDays, expectSavedAddressChosen } from '../support/booking';
import { firstPackage } from '../support/catalog';

/** Two boxes overlap (touching edges do not). */
const intersect = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('issue 39: a toast never covers the slot page’s action bar (Add to Cart, Book Now) at phone size', { tag: ['@booking'] }, async ({ page }) => {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  const { serviceId, menuId } = await firstPackage('personal training');
  await signInOnboarded(page);
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await chooseBookableDays(page, { from: 20 });
  await expectSavedAddressChosen(page);
  const bar = page.getByRole('region', { name: 'Your selection' });
  await expect(bar.getByRole('button', { name: 'Book Now' })).toBeVisible();
  await bar.getByRole('button', { name: 'Add to Cart' }).click();
  const shown = page.getByLabel('Notifications (bottom)').getByRole('status').filter({ hasText: 'Added to cart' });
  await expect(shown).toBeVisible();
  // the page's end, where the sticky bar sits in its place, and its middle, where it sticks above the tabs
  for (const scroll of ['end', 'middle'] as const) {
    await page.evaluate((where) => window.scrollTo(0, where === 'end' ? document.body.scrollHeight : document.body.scrollHeight / 3), scroll);
    await expect(async () => {
      const [toastBox, barBox, tabsBox] = await Promise.all([shown.boundingBox(), bar.boundingBox(), page.getByRole('navigation', { name: 'Main' }).boundingBox()]);
      expect(toastBox && barBox && tabsBox).toBeTruthy();
      expect(intersect(toastBox!, barBox!), `toast ${JSON.stringify(toastBox)} over the bar ${JSON.stringify(barBox)} (${scroll})`).toBe(false);
      expect(intersect(toastBox!, tabsBox!), 'toast over the bottom tabs').toBe(false);
      expect(toastBox!.y).toBeGreaterThanOrEqual(0);
    }).toPass({ timeout: 3_000 });
  }
});
