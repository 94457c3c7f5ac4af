import { expect, test, type Browser, type Page } from '../support/test';
import { createProfile, E2E_ADDRESS, newPhoneDigits, signInByRest, signInThroughLoginPage } from '../support/auth';
import { firstPackage } from '../support/catalog';
import { firstOpenDay } from '../support/booking';
import { appTakenOver } from '../support/hydration';
import { API_URL } from '../support/system';

// What a note can carry that would end the page's embedded data or open a comment, were it written as is.
const HOSTILE_NOTE = 'Gate 2 </script><!--<script>window.__pwned = 1</script> ok';

interface Consumer {
  phone: string;
  uid: string;
  storage: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;
}

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.ok, `${method} ${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

const indianDate = (daysAhead: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + daysAhead * 86_400_000));

/** An onboarded consumer with one booking request (its note `HOSTILE_NOTE`), signed in through the Login page. */
async function consumerWithBooking(browser: Browser): Promise<Consumer & { serviceTitle: string; bookingId: string; menu: { serviceId: string; menuId: string } }> {
  const phone = newPhoneDigits();
  const uid = await createProfile(phone, 'Kavya Rao');
  const { idToken } = await signInByRest(`+91${phone}`);
  const [address] = await api<{ addressId: string; line1: string }[]>('GET', `/users/consumer/${uid}/addresses`, idToken);
  expect(address?.line1).toBe(E2E_ADDRESS.line1);
  const menu = await firstPackage();
  // a day its provider still has room on (each seeded photographer takes one booking a day)
  const day = await firstOpenDay(menu.serviceId, 20);
  const booking = await api<{ bookingId: string }>('POST', '/bookings', idToken, {
    consumerId: uid,
    consumerName: 'Kavya Rao',
    consumerEmail: 'kavya@example.com',
    bookingDate: indianDate(0),
    preferredDateRange: { from: day, to: day },
    preferredTime: { start: '10:00', end: '12:00' },
    menuId: menu.menuId,
    serviceId: menu.serviceId,
    addressId: address!.addressId,
    note: HOSTILE_NOTE,
    nocart: true,
  });
  // (explicitly: a context made in a hook may take the describe block's options below)
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signInThroughLoginPage(page, phone);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === '__Host-session')).toBe(true);
  // with Firebase's session (IndexedDB) too: a page with JavaScript keeps the user Firebase restores
  const storage = await context.storageState({ indexedDB: true });
  await context.close();
  return { phone, uid, storage, serviceTitle: menu.serviceTitle, bookingId: booking.bookingId, menu };
}

let consumer: Awaited<ReturnType<typeof consumerWithBooking>>;
let service: { serviceId: string; title: string; menuName: string };

test.beforeAll(async ({ browser }) => {
  consumer = await consumerWithBooking(browser);
  const menu = await firstPackage('makeup');
  service = { serviceId: menu.serviceId, title: menu.serviceTitle, menuName: menu.menuName };
});

test.describe('with JavaScript off, the server-rendered pages show their content', () => {
  test.use({ javaScriptEnabled: false });

  test('a signed-in consumer reads Home, Search, a service, its packages and My Bookings', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: consumer.storage });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Popular Categories' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Photography/ }).first()).toBeVisible();
    for (const rail of ['Recommended For You', 'Recently Added']) {
      const section = page.getByRole('region', { name: rail });
      await expect(section.getByRole('link').first(), rail).toBeVisible();
    }
    // the LCP image is in the HTML, asked for first
    await expect(page.locator('img[fetchpriority="high"]').first()).toBeAttached();

    await page.goto('/services?q=makeup');
    await expect(page.getByRole('link', { name: new RegExp(escape(service.title)) }).first()).toBeVisible();
    await expect(page.locator('main img[fetchpriority="high"]').first()).toBeAttached();

    await page.goto(`/service/${service.serviceId}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
    await expect(page.getByText(/From ₹[\d,]+/)).toBeVisible();
    for (const tab of ['Details', 'Reviews', 'Provider']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.locator('main img[fetchpriority="high"]').first()).toBeAttached();

    await page.goto(`/service/${service.serviceId}/menu`);
    await expect(page.getByRole('heading', { name: 'Available Packages' })).toBeVisible();
    await expect(page.getByText(service.menuName).first()).toBeVisible();

    // the booking, in whichever tab the provider stand-in has moved it to by now
    await expect(async () => {
      await page.goto('/bookings');
      const requested = await page.getByText(consumer.serviceTitle).count();
      await page.goto('/bookings?tab=accepted');
      const accepted = await page.getByText(consumer.serviceTitle).count();
      expect(requested + accepted).toBeGreaterThan(0);
    }).toPass({ timeout: 20_000 });
    await context.close();
  });

  test('a stranger asking for a signed-in page is sent to sign in by the server (302), and can go on from there', { tag: ['@account'] }, async ({ page, request }) => {
    const answer = await request.get('/services?q=cake', { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe('/login?next=%2Fservices%3Fq%3Dcake');
    await page.goto('/bookings');
    await expect(page).toHaveURL(/\/login\?next=%2Fbookings$/);
    await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  });
});

test('a signed-in user with no profile yet is sent to onboarding by the server, with where they were going', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signInThroughLoginPage(page, newPhoneDigits());
  await expect(page).toHaveURL(/\/onboarding/);
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === '__Host-session')).toBe(true);
  const answer = await context.request.get('/services?q=cake', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe('/onboarding?next=%2Fservices%3Fq%3Dcake');
  await context.close();
});

/** The app's word that it runs online only: the suite blocks service workers (playwright.config.ts), not a page problem. */
const WORKER_BLOCKED = /Service Worker registration blocked by Playwright/;

/** Console errors and warnings, and uncaught errors, of `page` from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !WORKER_BLOCKED.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

test('every route hydrates what the server drew with no mismatch and no second request for its data', async ({ browser }) => {
  // fifteen page loads, each waiting for the app to take the page over
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: consumer.storage });
  const page = await context.newPage();
  const problems = problemsOf(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(API_URL.replace('127.0.0.1', 'localhost')) || request.url().startsWith(API_URL)) apiCalls.push(new URL(request.url()).pathname);
  });
  // every page route of the signed-in app (the signed-out ones below)
  const routes: [string, string][] = [
    ['/', 'Popular Categories'],
    ['/services?q=makeup', 'Search'],
    [`/service/${service.serviceId}`, service.title],
    [`/service/${service.serviceId}/menu`, 'Available Packages'],
    [`/service/${consumer.menu.serviceId}/menu/details/${consumer.menu.menuId}`, "What's Included"],
    [`/service/slots?serviceId=${consumer.menu.serviceId}&package=${consumer.menu.menuId}`, 'Select Time Slot'],
    ['/cart', 'Your Cart'],
    ['/checkout', 'Checkout'],
    ['/bookings', 'My Bookings'],
    [`/bookings/order_summary?bid=${consumer.bookingId}`, 'Order Summary'],
    ['/account', 'My Account'],
    // the provider remote's page for someone who runs no listing yet
    ['/provider/join', 'Become a provider'],
    ['/payment-status?status=failure&message=Card%20declined', 'Card declined'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ];
  for (const [route, heading] of routes) {
    apiCalls.length = 0;
    const response = await page.goto(route);
    expect(await response!.text(), route).toContain('id="utsav-rendered"');
    await appTakenOver(page);
    await expect(page.getByText(heading).first(), route).toBeVisible();
    if (route.startsWith('/service')) {
      // the service the server fetched is the one on screen: the browser does not ask for it again
      expect(apiCalls.filter((call) => call === `/services/${service.serviceId}`), route).toEqual([]);
    }
  }
  expect(problems).toEqual([]);
  await context.close();

  // signed out: the Login page, drawn by the server and taken over without a mismatch
  const stranger = await browser.newContext({ javaScriptEnabled: true });
  const login = await stranger.newPage();
  const loginProblems = problemsOf(login);
  expect(await (await login.goto('/login'))!.text()).toContain('id="utsav-rendered"');
  await appTakenOver(login);
  await expect(login.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
  // (the Auth emulator answers Firebase's reCAPTCHA Enterprise config request with a 501, and Firebase falls back)
  expect(loginProblems.filter((problem) => !problem.includes('status of 501'))).toEqual([]);
  await stranger.close();
});

test("the page's data is embedded so that a note saying </script> or <!-- stays a note", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: consumer.storage });
  const page = await context.newPage();
  const problems = problemsOf(page);
  let html = '';
  await expect(async () => {
    const response = await page.goto('/bookings?tab=accepted');
    html = await response!.text();
    if (!html.includes('Gate 2')) html = await (await page.goto('/bookings'))!.text();
    expect(html).toContain('Gate 2');
  }).toPass({ timeout: 20_000 });
  await appTakenOver(page);
  expect(html).not.toContain(HOSTILE_NOTE);
  expect(html.match(/<script type="application\/json"/g)).toHaveLength(1);
  const embedded = await page.evaluate(() => document.getElementById('utsav-rendered')?.textContent ?? '');
  expect(embedded).toContain('\\u003c/script>\\u003c!--\\u003cscript>');
  expect(JSON.stringify(JSON.parse(embedded))).toContain(JSON.stringify(HOSTILE_NOTE).slice(1, -1));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(problems).toEqual([]);
  await context.close();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
