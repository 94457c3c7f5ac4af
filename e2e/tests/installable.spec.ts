import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Page } from '../support/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';

test('Chromium finds Utsav installable: a manifest with its name, colours, start URL and icons, and no installability error', async ({ request, baseURL }) => {
  // a browser profile of its own: Chromium never offers to install from an incognito-like context
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await checkInstallable(page, request);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

async function checkInstallable(page: Page, request: APIRequestContext) {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);

  const { url, errors, parsed } = await cdp.send('Page.getAppManifest', {});
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse((await (await request.get(url)).text()) || '{}') as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; purpose: string }> };
  expect(manifest).toMatchObject({ name: 'Utsav', short_name: 'Utsav', start_url: '/', display: 'standalone', theme_color: '#9c1f4f' });
  expect(parsed).toBeTruthy();

  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  // every icon is a PNG of the size it says, cached for good (its name carries its content hash)
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    expect(answer.headers()['cache-control']).toContain('immutable');
    const png = await answer.body();
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
}
