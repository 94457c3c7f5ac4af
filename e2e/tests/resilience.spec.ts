import { expect, test, type Locator, type Page } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { addToCartFromSlots } from '../support/booking';
import { firstPackage } from '../support/catalog';

/** The API as the browser reaches it: what the host's /config.json says. */
async function apiOrigin(page: Page): Promise<string> {
  const config = (await (await page.request.get('/config.json')).json()) as { apiUrl: string };
  return new URL(config.apiUrl).origin;
}

/** Uncaught errors in the page, and any page-level crash screen. */
function watchForCrashes(page: Page): string[] {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  return crashes;
}

interface ApiDownCase {
  tab: string;
  /** what the page does to need the API, once it is open */
  act?: (page: Page) => Promise<void>;
  problem: (page: Page) => Locator;
  /** real data, seen once the API is back */
  recovered: (page: Page) => Locator;
}

const main = (page: Page) => page.locator('main');

test('with the API down each page says so and offers Retry; Retry recovers once it is back', { tag: ['@account', '@booking', '@catalog', '@checkout'] }, async ({ page }) => {
  test.setTimeout(120_000);
  const { serviceId, menuId, menuName } = await firstPackage('bridal makeup');
  await signInOnboarded(page);
  // a cart item and a booking request, so recovering pages have something real to show
  await addToCartFromSlots(page, { serviceId, menuId }, 20);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/bookings/);
  // the provider stand-in accepts it within a second; wait, so the booking stays put under Accepted
  await expect(async () => {
    await page.goto('/bookings?tab=accepted');
    await expect(page.getByRole('link', { name: 'Pay Now' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  const crashes = watchForCrashes(page);
  let down = false;
  await page.route(`${await apiOrigin(page)}/**`, (route) => (down ? route.abort('connectionrefused') : route.continue()));

  const cases: ApiDownCase[] = [
    {
      tab: 'Home',
      problem: (p) => main(p).getByText("Couldn't load these services.").first(),
      recovered: (p) => main(p).locator('a[href^="/service/"]').first(),
    },
    {
      tab: 'Explore',
      act: (p) => p.getByPlaceholder('Search services...').fill('photography'),
      problem: (p) => main(p).getByText("Couldn't load services."),
      recovered: (p) => main(p).getByRole('list', { name: 'Search results' }).locator('a[href^="/service/"]').first(),
    },
    {
      tab: 'Bookings',
      act: (p) => p.getByRole('tab', { name: 'Accepted' }).click(),
      problem: (p) => main(p).getByRole('alert').filter({ hasText: "We couldn't load your bookings." }),
      recovered: (p) => main(p).getByText(menuName).first(),
    },
    {
      tab: 'Cart',
      problem: (p) => main(p).getByRole('alert').filter({ hasText: "We couldn't load your cart." }),
      recovered: (p) => main(p).getByText(menuName).first(),
    },
    {
      tab: 'Account',
      problem: (p) => main(p).getByRole('alert').filter({ hasText: "We couldn't load your account." }),
      recovered: (p) => p.getByLabel('Full name'),
    },
  ];
  for (const { tab, act, problem, recovered } of cases) {
    down = true;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: tab }).click();
    await act?.(page);
    await expect(problem(page), `${tab}: says the API can't be reached`).toBeVisible();
    await expect(main(page).locator('h1').first(), `${tab}: the page is still there`).toBeVisible();
    const retries = main(page).getByRole('button', { name: 'Retry' });
    await expect(retries.first()).toBeVisible();

    down = false;
    // Home has one Retry per list, each drawn when its list fails: tap them until none is left (counting them
    // once missed a list that failed later, and waited for ever on a Retry that a recovery had taken away)
    await expect(async () => {
      if ((await retries.count()) > 0) await retries.first().click({ timeout: 5_000 });
      await expect(retries).toHaveCount(0, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(recovered(page), `${tab}: real data after Retry`).toBeVisible();
    await expect(problem(page)).toHaveCount(0);
  }

  // Opening the app (a reload) while the API is down for this browser: the host server (which reaches it)
  // draws the page, whose own call then fails; it says so, and Retry recovers. (With the API down for the
  // server too, it sends the static shell: scripts/after-build/render-server.test.mjs.)
  down = true;
  await page.reload();
  const accountProblem = main(page).getByRole('alert').filter({ hasText: "We couldn't load your account." });
  await expect(accountProblem).toBeVisible();
  down = false;
  await main(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Asha Verma');
  await expect(accountProblem).toHaveCount(0);

  await expect(page.getByText('Something went wrong on this page.')).toHaveCount(0);
  expect(crashes, 'uncaught errors in the page').toEqual([]);
});
