import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { chooseBookableDays } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { sharedEntries } from '../support/federation';
import { copyRelease, dropChunks, liveOf, npmRun, releaseShown, ROOT, succeeds } from '../support/releases';
import { REMOTE_ORIGINS } from '../support/system';

/**
 * Each remote released, promoted and rolled back on its own while the system runs (docs/releasing.md),
 * with the commands a team runs, on the store the running system serves.
 * Two real builds of the catalog are released here (a minute each on this machine).
 */
const CONTRACTS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'shared-contracts/package.json'), 'utf8')) as { version: string }).version;
const [MAJOR, MINOR] = CONTRACTS.split('.').map(Number) as [number, number];
/** The @utsav/contracts minor a remote deployed before this one was built against (which the host still satisfies). */
const PREVIOUS_MINOR = `${MAJOR}.${Math.max(0, MINOR - 1)}.0`;

/** `npm run release -- catalog` with the build settings in `env`: the version it names. */
async function releaseCatalog(env: NodeJS.ProcessEnv): Promise<string> {
  const out = await succeeds('release', ['catalog'], env);
  const version = /catalog (\d+\.\d+\.\d+-[0-9a-f]{12})/.exec(out)?.[1];
  expect(version, out).toBeTruthy();
  return version!;
}

test.describe.configure({ mode: 'serial' });

let catalogLive: string;
let bookingLive: string;

/**
 * `npm run release` builds the remote where it is (mfe-catalog/dist): the checkout's own build is kept aside
 * and put back afterwards, so what runs after these specs (the builds' node tests, the scale-out journey) finds
 * the build of the code as it is, without building it again.
 */
const CATALOG_BUILDS = ['dist', 'dist-sourcemaps'].map((folder) => path.join(ROOT, 'mfe-catalog', folder));
const kept = (folder: string) => path.join(os.tmpdir(), `utsav-release-spec-${process.pid}-${path.basename(folder)}`);

test.beforeAll(() => {
  catalogLive = liveOf('catalog')!;
  bookingLive = liveOf('booking')!;
  expect(catalogLive).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{12}$/);
  for (const folder of CATALOG_BUILDS) {
    fs.rmSync(kept(folder), { recursive: true, force: true });
    if (fs.existsSync(folder)) fs.cpSync(folder, kept(folder), { recursive: true });
  }
});

// whatever happened, the system goes on with the catalog it started with (the specs after these need it)
test.afterAll(async () => {
  if (liveOf('catalog') !== catalogLive) await succeeds('promote', ['catalog', catalogLive]);
  for (const folder of CATALOG_BUILDS) {
    if (!fs.existsSync(kept(folder))) continue;
    fs.rmSync(folder, { recursive: true, force: true });
    fs.cpSync(kept(folder), folder, { recursive: true });
    fs.rmSync(kept(folder), { recursive: true, force: true });
  }
});

test('a new catalog release goes live on the next page load and rolls back, while an open page and the booking routes keep theirs', { tag: ['@booking', '@catalog'] }, async ({ page, context }) => {
  test.setTimeout(300_000);
  // a build that really differs: built against the previous contracts minor (which the host still satisfies)
  const next = await releaseCatalog({ UTSAV_CONTRACTS_VERSION: PREVIOUS_MINOR });
  expect(next).not.toBe(catalogLive);
  expect((await succeeds('check-release', ['catalog', next])).trim()).toBe(`catalog ${next} is compatible with the live host`);

  await signInOnboarded(page);
  await page.goto('/services?q=photography');
  await expect(releaseShown(page, 'catalog')).toHaveAttribute('data-release', catalogLive);

  expect(await succeeds('promote', ['catalog', next])).toContain(`catalog: ${next} is live`);

  // the page already open keeps the version it loaded, also for the next catalog page it opens in the app
  await page.getByRole('list', { name: 'Search results' }).locator('a[href^="/service/"]').first().click();
  await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
  await expect(releaseShown(page, 'catalog')).toHaveAttribute('data-release', catalogLive);

  // a new page load takes the new version: its files come from the new version's folder
  const fresh = await context.newPage();
  // waited for: the server draws data-release before the browser has asked for the new version's entry
  const entryOfNext = fresh.waitForRequest((request) => request.url().startsWith(`${REMOTE_ORIGINS.catalog}/${next}/`) && request.url().endsWith('/remoteEntry.js'));
  await fresh.goto('/services?q=photography');
  await expect(releaseShown(fresh, 'catalog')).toHaveAttribute('data-release', next);
  await expect(fresh.getByRole('list', { name: 'Search results' }).locator('a[href^="/service/"]').first()).toBeVisible();
  await entryOfNext;
  // one @utsav/contracts in use, the host's current one: the new build, made against the previous minor, takes the
  // house's singletons from the host alone and offers no copy of its own (tooling/src/webpack-config.cjs)
  const contracts = (await sharedEntries(fresh)).filter((entry) => entry.name === '@utsav/contracts');
  expect(contracts.map(({ version, from, loaded }) => ({ version, from, loaded })), JSON.stringify(contracts)).toEqual([{ version: CONTRACTS, from: 'host', loaded: true }]);
  // and a journey goes on from its pages into another remote, whose cart count shows in the host's top bar
  const { serviceId, menuId } = await firstPackage();
  await fresh.goto(`/service/${serviceId}/menu/details/${menuId}`);
  await expect(releaseShown(fresh, 'catalog')).toHaveAttribute('data-release', next);
  await fresh.getByRole('link', { name: 'Proceed' }).click();
  await chooseBookableDays(fresh, { from: 12 });
  await fresh.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(fresh.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  // booking's routes are untouched
  await fresh.goto('/bookings');
  await expect(fresh.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  await expect(releaseShown(fresh, 'booking')).toHaveAttribute('data-release', bookingLive);

  expect(await succeeds('rollback', ['catalog'])).toContain(`catalog: ${catalogLive} is live again (was ${next})`);
  await fresh.goto('/services?q=photography');
  await expect(releaseShown(fresh, 'catalog')).toHaveAttribute('data-release', catalogLive);
  await expect(fresh.getByRole('list', { name: 'Search results' }).locator('a[href^="/service/"]').first()).toBeVisible();

  const listed = await succeeds('releases', []);
  expect(listed).toMatch(new RegExp(`^\\* ${catalogLive} {2}released .*promoted .*\\(live\\)$`, 'm'));
  expect(listed).toMatch(new RegExp(`^ {2}${next} {2}released .*; promoted .*$`, 'm'));
});

test('a build that requires a @utsav/contracts major the host does not provide is refused by the gate, and nothing changes', { tag: ['@catalog'] }, async ({ page }) => {
  test.setTimeout(300_000);
  const nextMajor = `${MAJOR + 1}.0.0`;
  const incompatible = await releaseCatalog({ UTSAV_CONTRACTS_VERSION: nextMajor });

  const check = await npmRun('check-release', ['catalog', incompatible]);
  expect(check.code).toBe(1);
  expect(check.stderr).toContain(`  @utsav/contracts: the remote requires ^${nextMajor}, the live host provides ${CONTRACTS}`);
  expect(check.stderr).toContain(`  server: @utsav/contracts: the remote requires ^${nextMajor}, the live host provides ${CONTRACTS}`);

  // the same answer from the host as it is deployed (its manifests over HTTP, as a team's CI asks it)
  const overHttp = await npmRun('check-release', ['catalog', incompatible, '--host', 'http://localhost:3000']);
  expect(overHttp.code).toBe(1);
  expect(overHttp.stderr).toContain(`  server: @utsav/contracts: the remote requires ^${nextMajor}, the live host provides ${CONTRACTS}`);

  const promote = await npmRun('promote', ['catalog', incompatible]);
  expect(promote.code).toBe(1);
  expect(promote.stderr).toContain('is not compatible with the live host; the live version is unchanged');
  expect(liveOf('catalog')).toBe(catalogLive);

  await signInOnboarded(page);
  await page.goto('/services?q=photography');
  await expect(releaseShown(page, 'catalog')).toHaveAttribute('data-release', catalogLive);
  await expect(page.getByRole('list', { name: 'Search results' }).locator('a[href^="/service/"]').first()).toBeVisible();
});

test('a promoted version whose files are missing: its routes show Retry, the rest of the app works, and a rollback recovers', { tag: ['@booking', '@catalog'] }, async ({ page }) => {
  // promote refuses a version whose files are not all there (the gate checks every file's digest) ...
  const broken = catalogLive.replace(/[0-9a-f]{12}$/, '00000000dead');
  copyRelease('catalog', catalogLive, broken);
  const halfUploaded = catalogLive.replace(/[0-9a-f]{12}$/, '0000000ha1f0');
  copyRelease('catalog', catalogLive, halfUploaded);
  dropChunks('catalog', halfUploaded);
  const refused = await npmRun('promote', ['catalog', halfUploaded]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('its files do not match its release record; the live version is unchanged');
  // ... so here the chunks go missing after the promote: its manifests and entries are there, its chunks are not
  await succeeds('promote', ['catalog', broken]);
  dropChunks('catalog', broken);

  await signInOnboarded(page);
  await page.goto('/services?q=photography');
  await expect(releaseShown(page, 'catalog')).toHaveAttribute('data-release', broken);
  await expect(page.getByText("This page couldn't be loaded.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();

  await succeeds('rollback', ['catalog']);
  await page.goto('/services?q=photography');
  await expect(releaseShown(page, 'catalog')).toHaveAttribute('data-release', catalogLive);
  await expect(page.getByRole('list', { name: 'Search results' }).locator('a[href^="/service/"]').first()).toBeVisible();
});
