import { chromium } from '@playwright/test';
import { signInOnboarded } from './support/auth';
import { API_URL } from './support/system';

const out = '/tmp/shots';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: 'http://localhost:3000' });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
  await signInOnboarded(page);
  await page.goto('/provider');
  await page.waitForURL(/\/provider\/join/);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/join.png`, fullPage: true });
  const invite = (await (await fetch(`${API_URL}/dev/provider-invite`)).json()) as { code: string; name: string; providerId: string };
  console.log('invite', invite);
  await page.getByRole('textbox', { name: 'Invite code' }).fill(invite.code);
  await page.getByRole('button', { name: 'Claim listing' }).click();
  await page.waitForURL(/\/provider$/);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/inbox-empty.png`, fullPage: true });
  for (const [name, url] of [['calendar', '/provider/calendar'], ['bookings', '/provider/bookings'], ['earnings', '/provider/earnings'], ['reviews', '/provider/reviews']]) {
    await page.goto(url);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  }
  await page.goto('/provider/calendar');
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: /^\d+ \w+ \d{4}:/ }).nth(10).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/calendar-day.png` });
  await browser.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
