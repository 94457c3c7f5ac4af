import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { REMOTE_ORIGINS, type Remote } from '../support/system';

/**
 * For each remote: a route it serves, and a route another remote serves, with a heading to look for; the
 * test opens both, so it carries both remotes' tags.
 */
const CASES: Record<Remote, { own: string; other: string; tag: string[] }> = {
  catalog: { own: '/services', other: '/bookings', tag: ['@booking', '@catalog'] },
  booking: { own: '/bookings', other: '/services', tag: ['@booking', '@catalog'] },
  checkout: { own: '/cart', other: '/account', tag: ['@account', '@checkout'] },
  account: { own: '/account', other: '/cart', tag: ['@account', '@checkout'] },
  // the provider's pages have no tab: the way back to it is Back
  provider: { own: '/provider/join', other: '/account', tag: ['@account', '@provider'] },
};

for (const [remote, { own, other, tag }] of Object.entries(CASES) as [Remote, (typeof CASES)[Remote]][]) {
  test(`with ${remote} unreachable only its routes fail, and Retry recovers`, { tag }, async ({ page }) => {
    await signInOnboarded(page);
    let blocked = true;
    await page.route(`${REMOTE_ORIGINS[remote]}/**`, (route) => (blocked ? route.abort('connectionrefused') : route.continue()));

    await page.goto(own);
    await expect(page.getByText("This page couldn't be loaded.")).toBeVisible();
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expect(page.getByRole('link', { name: 'Utsav' })).toBeVisible();

    // Another remote's route still renders, in the same page (no reload).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: tabFor(other)! }).click();
    await expect(page).toHaveURL(new RegExp(`${other}$`));
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByText("This page couldn't be loaded.")).toHaveCount(0);

    const ownTab = tabFor(own);
    if (ownTab) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: ownTab }).click();
    else await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${own}$`));
    await expect(retry).toBeVisible();
    blocked = false;
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await retry.click();
    await expect(page.getByText("This page couldn't be loaded.")).toHaveCount(0);
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(navigations.filter((url) => !url.endsWith(own)), 'no page reload').toEqual([]);
  });
}

function tabFor(path: string): string | undefined {
  return ({ '/services': 'Explore', '/bookings': 'Bookings', '/cart': 'Cart', '/account': 'Account' } as Record<string, string>)[path];
}

test('the login page shows Retry when the account remote is unreachable, and recovers', { tag: ['@account'] }, async ({ page }) => {
  let blocked = true;
  await page.route(`${REMOTE_ORIGINS.account}/**`, (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  blocked = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
});

test("a remote entry with other bytes than its release's is refused by the browser (Subresource Integrity): only its routes fail", { tag: ['@booking', '@catalog'] }, async ({ page }) => {
  await signInOnboarded(page);
  const integrityErrors: string[] = [];
  page.on('console', (message) => {
    if (/integrity/i.test(message.text())) integrityErrors.push(message.text());
  });
  // a CDN that serves the catalog's entry with something added: the page would run it, were it not checked
  await page.route(`${REMOTE_ORIGINS.catalog}/**/remoteEntry.js`, async (route) => {
    const response = await route.fetch();
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    await route.fulfill({ status: response.status(), headers, body: `${await response.text()}\n;window.__utsavTampered = true;` });
  });

  await page.goto('/services');
  await expect(page.getByText("This page couldn't be loaded.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __utsavTampered?: boolean }).__utsavTampered)).toBeUndefined();
  expect(integrityErrors.join('\n'), 'the browser says why it refused the entry').toMatch(/remoteEntry\.js/);

  // Another remote's route still renders, in the same page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByText("This page couldn't be loaded.")).toHaveCount(0);
});
