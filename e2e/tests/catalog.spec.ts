import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';

test('Home → category → search → service → packages → package → slot page', { tag: ['@booking', '@catalog'] }, async ({ page }) => {
  await signInOnboarded(page);
  await expect(page.getByText('Find Perfect Wedding Services')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended For You' })).toBeVisible();

  await page.getByRole('region', { name: 'Popular Categories' }).getByRole('link', { name: 'Photography' }).click();
  await expect(page).toHaveURL(/\/services\?category=Photography$/);
  const firstCard = page.locator('main a[href^="/service/"]').first();
  await expect(firstCard).toBeVisible();
  const href = (await firstCard.getAttribute('href'))!;
  const serviceId = href.split('/').pop()!;
  await firstCard.click();

  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}$`));
  await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
  await expect(page.getByText('Photography').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  // the seeded reviews (or the spec's 'No reviews available.' for a service nobody has reviewed)
  await expect(page.getByRole('tabpanel', { name: 'Reviews' }).getByText(/^(Showing \d+ of \d+ reviews?|No reviews available\.)$/)).toBeVisible();
  await page.getByRole('link', { name: 'View Menus' }).click();

  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/menu$`));
  await expect(page.getByRole('heading', { name: 'Available Packages' })).toBeVisible();
  await page.getByRole('link', { name: 'View Details' }).first().click();

  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/menu/details/[^/]+$`));
  const menuId = page.url().split('/').pop()!;
  await expect(page.getByText("What's Included")).toBeVisible();
  await expect(page.getByText(/₹[\d,]+\.\d\d/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
});

test('search: typo tolerance, no results, and the query survives a reload', { tag: ['@catalog'] }, async ({ page }) => {
  await signInOnboarded(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  // nothing typed lists the catalog
  await expect(page.getByRole('status').filter({ hasText: /^\d+ services$/ })).toBeVisible();
  await expect(page.locator('main a[href^="/service/"]').first()).toBeVisible();

  const box = page.getByPlaceholder('Search services...');
  await box.fill('photgrapher');
  await expect(page.locator('main a[href^="/service/"]').first()).toBeVisible();
  await expect(page).toHaveURL(/q=photgrapher/);
  await page.reload();
  await expect(page.getByPlaceholder('Search services...')).toHaveValue('photgrapher');
  await expect(page.locator('main a[href^="/service/"]').first()).toBeVisible();

  await page.getByPlaceholder('Search services...').fill('zzqqxxyy');
  await expect(page.getByText('No services found matching "zzqqxxyy"')).toBeVisible();
  await page.getByPlaceholder('Search services...').fill('');
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator('main a[href^="/service/"]').first()).toBeVisible();
});

test('Home and Search fit the phone: nothing widens the page sideways, the rails scroll inside themselves', { tag: ['@catalog'] }, async ({ page }) => {
  const pageWidth = () => page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  await signInOnboarded(page);
  await expect(page.getByRole('region', { name: 'Recently Added' }).getByRole('article').first()).toBeVisible();
  expect(await pageWidth()).toEqual({ content: 390, viewport: 390 });
  await page.goto('/services?q=wedding');
  await expect(page.locator('main').getByRole('article').first()).toBeVisible();
  expect(await pageWidth()).toEqual({ content: 390, viewport: 390 });
});
