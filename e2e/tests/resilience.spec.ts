import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { addToCartFromSlots, chooseBookableDays } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { sharedEntries } from '../support/federation';
import { REMOTE_ORIGINS } from '../support/system';

const ROOT = path.resolve(__dirname, '../..');

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

// ---------------------------------------------------------------------------------------------
// A catalog remote built against the previous @utsav/contracts minor, with the current host.

const COMPAT_DIR = path.join(ROOT, '.data/compat/mfe-catalog');
const currentContracts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'shared-contracts/package.json'), 'utf8')) as { version: string }).version;

/** major.(minor-1).0 of a version: the minor a remote deployed before this one was built against. */
function previousMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number);
  if (!Number.isInteger(major) || !Number.isInteger(minor) || minor! < 1) throw new Error(`@utsav/contracts ${version} has no previous minor`);
  return `${major}.${minor! - 1}.0`;
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.slice(-2000)}`))));
  });
}

test.describe('a catalog remote built against the previous contracts minor', () => {
  const oldVersion = previousMinor(currentContracts);

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const catalog = path.join(ROOT, 'mfe-catalog');
    // the browser container only (its webpack.config.js also names the server container, 'catalog-server')
    await run(path.join(catalog, 'node_modules/.bin/webpack'), ['--mode', 'production', '--config-name', 'catalog', '--output-path', COMPAT_DIR], {
      cwd: catalog,
      env: { ...process.env, UTSAV_CONTRACTS_VERSION: oldVersion },
    });
  });

  test('still works with the current host: pages, one contracts instance in use, the cart across remotes', { tag: ['@booking', '@catalog'] }, async ({ page }) => {
    // the build really declares the old minor
    const manifest = JSON.parse(fs.readFileSync(path.join(COMPAT_DIR, 'mf-manifest.json'), 'utf8')) as {
      shared: { name: string; version: string; requiredVersion: string }[];
    };
    expect(manifest.shared.find((shared) => shared.name === '@utsav/contracts')).toMatchObject({
      version: oldVersion,
      requiredVersion: `^${oldVersion}`,
    });

    // the old build is deployed where the catalog lives (so the page's Content-Security-Policy,
    // made for the deployed origins, applies to it as it would in production)
    const servedFromOldBuild: string[] = [];
    await page.route(`${REMOTE_ORIGINS.catalog}/**`, async (route) => {
      // the catalog is served from the release store, at /<live version>/…: the old build stands in for that version
      const file = path.join(COMPAT_DIR, new URL(route.request().url()).pathname.replace(/^\/[^/]+(?=\/)/, ''));
      if (!file.startsWith(COMPAT_DIR) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: 'Not found' });
      servedFromOldBuild.push(path.basename(file));
      return route.fulfill({ path: file, headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' } });
    });
    const crashes = watchForCrashes(page);

    const { serviceId, menuId } = await firstPackage();
    await signInOnboarded(page);
    await expect(page.getByRole('heading', { name: 'Recommended For You' })).toBeVisible();
    await expect(main(page).locator('a[href^="/service/"]').first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await page.getByPlaceholder('Search services...').fill('photography');
    await expect(main(page).getByRole('list', { name: 'Search results' }).locator('a[href^="/service/"]').first()).toBeVisible();

    await page.goto(`/service/${serviceId}`);
    await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
    await page.getByRole('link', { name: 'View Menus' }).click();
    await expect(page.getByRole('heading', { name: 'Available Packages' })).toBeVisible();
    expect(servedFromOldBuild, 'the catalog came from the old build').toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));

    // one @utsav/contracts in use, the host's current one, although the old remote offered its own
    const contracts = (await sharedEntries(page)).filter((entry) => entry.name === '@utsav/contracts');
    expect(contracts.map((entry) => entry.version), JSON.stringify(contracts)).toContain(oldVersion);
    expect(new Set(contracts.filter((entry) => entry.loaded).map((entry) => entry.version))).toEqual(new Set([currentContracts]));

    // and the journey goes on into another remote, whose cart count shows in the host's top bar
    await page.goto(`/service/${serviceId}/menu/details/${menuId}`);
    await page.getByRole('link', { name: 'Proceed' }).click();
    await chooseBookableDays(page, { from: 12 });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    expect(crashes, 'uncaught errors in the page').toEqual([]);
  });
});
