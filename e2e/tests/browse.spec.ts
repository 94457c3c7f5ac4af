import { expect, test, type Page } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { API_URL } from '../support/system';

/** Issue 15, Browse: the catalog without typing, every control in the address, at phone size (390×844). */

const main = (page: Page) => page.locator('main');
const cards = (page: Page) => main(page).getByRole('list', { name: 'Search results' }).getByRole('article');
const chip = (page: Page, name: string) => main(page).getByRole('list', { name: 'Categories' }).getByRole('button', { name, exact: true });
const status = (page: Page) => main(page).getByRole('status');

/** the count the page shows, once it shows one */
async function shownTotal(page: Page): Promise<number> {
  await expect(status(page)).toHaveText(/^\d+ services?$/);
  return Number((await status(page).textContent())!.split(' ')[0]);
}

/** The prices of the cards shown, in rupees. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).getByText(/^From ₹/).allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

test('Explore lists the catalog; a category chip, a city, a sort and a price range narrow it; the address is shareable and Back undoes each', { tag: ['@catalog'] }, async ({ page }) => {
  await signInOnboarded(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(cards(page).first()).toBeVisible();
  const everything = await shownTotal(page);
  expect(everything).toBeGreaterThanOrEqual(150);
  await expect(main(page).getByRole('navigation', { name: 'Pages' })).toContainText(`Page 1 of ${Math.ceil(everything / 20)}`);

  // the chips scroll sideways inside their row: the last one is reachable, the page does not widen
  const lastChip = chip(page, 'Wedding Planning');
  await lastChip.scrollIntoViewIfNeeded();
  await expect(lastChip).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

  await chip(page, 'Catering').click();
  await expect(page).toHaveURL(/\/services\?category=Catering$/);
  await expect(chip(page, 'Catering')).toHaveAttribute('aria-pressed', 'true');
  const catering = await shownTotal(page);
  expect(catering).toBeLessThan(everything);

  await main(page).getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest price' });
  await expect(page).toHaveURL(/\/services\?category=Catering&sort=price_desc$/);
  await expect(main(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
  await expect(cards(page)).toHaveCount(Math.min(catering, 20));
  const descending = await cardPrices(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  // a range in whole rupees that leaves out the dearest and the cheapest
  const min = Math.floor(descending.at(-1)!) + 1;
  const max = Math.floor(descending[0]!) - 1;
  const inRange = descending.filter((price) => price >= min && price <= max);
  await main(page).getByRole('textbox', { name: 'Min price' }).fill(String(min));
  await main(page).getByRole('textbox', { name: 'Max price' }).fill(String(max));
  await main(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`/services\\?category=Catering&sort=price_desc&minPrice=${min}&maxPrice=${max}$`));
  await expect(cards(page)).toHaveCount(inRange.length);
  expect(await cardPrices(page)).toEqual(inRange);

  await main(page).getByRole('combobox', { name: 'City' }).selectOption('Jaipur');
  await expect(page).toHaveURL(new RegExp(`/services\\?category=Catering&city=Jaipur&sort=price_desc&minPrice=${min}&maxPrice=${max}$`));
  await expect(status(page)).toHaveText(/^(\d+ services?|No services match these filters)$/);
  const inJaipur = await cards(page).count();
  expect(inJaipur).toBe(await cards(page).getByText('Jaipur', { exact: true }).count());
  expect(inJaipur).toBeLessThan(inRange.length);

  // shareable: a reload shows the same controls and results
  const shared = page.url();
  await page.reload();
  await expect(page).toHaveURL(shared);
  await expect(chip(page, 'Catering')).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).getByRole('combobox', { name: 'City' })).toHaveValue('Jaipur');
  await expect(main(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
  await expect(main(page).getByRole('textbox', { name: 'Min price' })).toHaveValue(String(min));
  await expect(main(page).getByRole('textbox', { name: 'Max price' })).toHaveValue(String(max));
  await expect(status(page)).toHaveText(/^(\d+ services?|No services match these filters)$/);
  await expect(cards(page)).toHaveCount(inJaipur);

  // Back undoes one control at a time
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/services\\?category=Catering&sort=price_desc&minPrice=${min}&maxPrice=${max}$`));
  await expect(main(page).getByRole('combobox', { name: 'City' })).toHaveValue('');
  await expect(cards(page)).toHaveCount(inRange.length);
  await page.goBack();
  await expect(page).toHaveURL(/\/services\?category=Catering&sort=price_desc$/);
  await expect(main(page).getByRole('textbox', { name: 'Max price' })).toHaveValue('');
  await expect(cards(page)).toHaveCount(descending.length);
  await page.goBack();
  await expect(page).toHaveURL(/\/services\?category=Catering$/);
  await expect(main(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('popular');
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
  await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  expect(await shownTotal(page)).toBe(everything);
});

test('Next and Previous page through the catalog; Back returns to the page before', { tag: ['@catalog'] }, async ({ page }) => {
  await signInOnboarded(page);
  await page.goto('/services?sort=newest');
  await expect(cards(page)).toHaveCount(20);
  const first = await cards(page).first().getByRole('heading').textContent();
  const pages = main(page).getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/services\?sort=newest&page=2$/);
  await expect(pages).toContainText('Page 2 of');
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(first!);
  await page.goBack();
  await expect(page).toHaveURL(/\/services\?sort=newest$/);
  await expect(cards(page).first().getByRole('heading')).toHaveText(first!);
});

test('Home reaches every category, and See All and Browse Services land on useful lists', { tag: ['@catalog'] }, async ({ page }) => {
  await signInOnboarded(page);
  const categories = page.getByRole('region', { name: 'Popular Categories' }).getByRole('link');
  await expect(categories).toHaveCount(11);
  await page.getByRole('region', { name: 'Popular Categories' }).getByRole('link', { name: 'Wedding Planning' }).click();
  await expect(page).toHaveURL(/\/services\?category=Wedding\+Planning$/);
  await expect(cards(page).first()).toBeVisible();
  await page.goBack();

  await page.getByRole('region', { name: 'Recently Added' }).getByRole('link', { name: 'See All' }).click();
  await expect(page).toHaveURL(/\/services\?sort=newest$/);
  await expect(main(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  await expect(cards(page).first()).toBeVisible();
  await page.goBack();

  // the profile chose Wedding Planning at onboarding (signInOnboarded): Recommended starts with it
  const recommended = page.getByRole('region', { name: 'Recommended For You' });
  const firstHref = await recommended.getByRole('article').first().getByRole('link').getAttribute('href');
  const first = (await (await fetch(`${API_URL}/services/${firstHref!.split('/').pop()}`)).json()) as { category: string };
  expect(first.category).toBe('Wedding Planning');
  await recommended.getByRole('link', { name: 'See All' }).click();
  await expect(page).toHaveURL(/\/services\?category=Wedding\+Planning&sort=popular$/);
  await expect(cards(page).first()).toBeVisible();
  await page.goBack();

  await page.getByRole('link', { name: 'Browse Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(cards(page).first()).toBeVisible();
});
