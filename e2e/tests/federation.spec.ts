import { expect, test, type Page } from '../support/test';
import { signInOnboarded } from '../support/auth';

const SINGLETONS = [
  'react',
  'react-dom',
  '@utsav/contracts/router',
  '@mui/material/styles',
  '@emotion/react',
  '@emotion/styled',
  'jotai/vanilla',
  '@utsav/contracts',
];

/** name -> every version any app registered in the default share scope */
async function sharedVersions(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, unknown>>>> } }).__FEDERATION__.__SHARE__;
    const versions: Record<string, Set<string>> = {};
    for (const instance of Object.values(scopes)) {
      for (const [name, byVersion] of Object.entries(instance.default ?? {})) {
        versions[name] ??= new Set();
        for (const version of Object.keys(byVersion)) versions[name].add(version);
      }
    }
    return Object.fromEntries(Object.entries(versions).map(([name, set]) => [name, [...set]]));
  });
}

/** Client-side navigation through every remote, in one page life, by the bottom tabs. */
async function visitEveryRemote(page: Page): Promise<void> {
  const tabs = page.getByRole('navigation', { name: 'Main' });
  for (const [tab, path] of [['Explore', '/services'], ['Bookings', '/bookings'], ['Cart', '/cart'], ['Account', '/account']]) {
    await tabs.getByRole('link', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('main h1').first()).toBeVisible();
  }
}

test('one instance of each shared singleton; react-dom and the router are fetched once across all remotes', { tag: ['@account', '@booking', '@catalog', '@checkout'] }, async ({ page }) => {
  const reactDomFetches: string[] = [];
  const routerFetches: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js') || !response.ok()) return;
    const body = await response.text().catch(() => '');
    // Only react-dom's client renderer carries this internal fiber key; only react-router this message.
    if (body.includes('__reactFiber$')) reactDomFetches.push(response.url());
    if (body.includes('may be used only in the context of a <Router> component')) routerFetches.push(response.url());
  });
  await signInOnboarded(page);
  await visitEveryRemote(page);
  const versions = await sharedVersions(page);
  for (const name of SINGLETONS) {
    expect(versions[name], `${name} shared`).toBeDefined();
    expect(versions[name], `${name} has one version`).toHaveLength(1);
  }
  expect(reactDomFetches, reactDomFetches.join('\n')).toHaveLength(1);
  expect(routerFetches, routerFetches.join('\n')).toHaveLength(1);
});

test('every MUI component on every page comes from the host’s build, which offers the ones no page uses yet', { tag: ['@account', '@booking', '@catalog', '@checkout'] }, async ({ page }) => {
  // MUI's styled components carry this signature (e.g. name:"MuiCard",slot:"Root"): a script from a
  // remote's origin that holds one means that remote brought its own copy of a component, and with it
  // a second copy of MUI's styling core and contexts
  const componentCode = /name:"Mui[A-Za-z]+",slot:"/;
  const fromRemotes: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js') || !response.ok()) return;
    if (new URL(response.url()).origin === new URL(page.url()).origin) return;
    const body = await response.text().catch(() => '');
    if (componentCode.test(body)) fromRemotes.push(`${response.url()}: ${componentCode.exec(body)?.[0]}`);
  });
  await signInOnboarded(page);
  await visitEveryRemote(page);
  // a dialog (modal, backdrop, transitions, focus trap): components only the remotes use
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(fromRemotes, fromRemotes.join('\n')).toEqual([]);
  // Components no app imports are in the share scope all the same, offered by the host's build:
  // a remote that starts using one takes the host's copy, with no host change.
  const versions = await sharedVersions(page);
  for (const name of ['@mui/material/Rating', '@mui/material/Slider', '@mui/material/Autocomplete', '@mui/material/Drawer']) {
    expect(versions[name], `${name} offered`).toHaveLength(1);
  }
});

test('without its deployment settings the app says it could not start, and starts on reload once they answer', { tag: ['@account'] }, async ({ page }) => {
  let settingsDown = true;
  await page.route('**/remotes.json', (route) => (settingsDown ? route.abort('connectionrefused') : route.continue()));
  // the static shell, as the host server sends it when it cannot draw a page (a server-drawn page
  // carries its settings): it reads them from /remotes.json and /config.json
  await page.goto('/index.html');
  await expect(page.getByRole('alert')).toHaveText('Utsav could not start. Check your connection and reload the page.');
  settingsDown = false;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
});

test('the boot chunk is named in the HTML and fetched once, not again by the federation runtime', { tag: ['@account'] }, async ({ page }) => {
  const bootFetches: string[] = [];
  page.on('request', (request) => {
    if (/\/boot\.[0-9a-f]+\.js$/.test(request.url())) bootFetches.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
  expect(await page.locator('head script[src^="/boot."]').count()).toBe(1);
  expect(bootFetches, bootFetches.join('\n')).toHaveLength(1);
});
