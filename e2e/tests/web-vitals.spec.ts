import { expect, test } from '../support/test';

test("a sampled page load reports its web vitals to the API by route pattern as it is hidden, and the API takes them", { tag: ['@account'] }, async ({ page }) => {
  // this load falls in the sample (the deployment's rate, 10%, decided by a random draw at boot): the draw comes out 0
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  const library = page.waitForRequest((request) => /\/web-vitals\.[0-9a-f]+\.js$/.test(request.url()));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
  await library;
  // a tap: LCP and INP are final once the person interacts
  await page.getByLabel('Phone Number').click();
  await page.keyboard.type('98');

  const beacon = page.waitForRequest((request) => request.url().endsWith('/vitals') && request.method() === 'POST');
  // the person switches away: the page is hidden (as the browser says it when the tab goes to the background,
  // which a headless browser does not do by itself), so it sends what it measured
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const sent = await beacon;
  const report = JSON.parse(sent.postData() ?? '{}') as { route: string; vitals: Array<{ name: string; value: number }> };
  expect(report.route).toBe('/login');
  expect(report.vitals.map((vital) => vital.name)).toEqual(expect.arrayContaining(['LCP', 'FCP', 'TTFB']));
  for (const vital of report.vitals) expect(vital.value).toBeGreaterThanOrEqual(0);
  // the API takes the same report (the beacon's answer is not readable once the page is gone)
  const again = await page.request.post(sent.url(), { headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, data: sent.postData()! });
  expect(again.status()).toBe(204);
});
