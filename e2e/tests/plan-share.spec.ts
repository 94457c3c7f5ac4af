import { expect, test } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import { signInByRest, signInOnboarded } from '../support/auth';
import { appTakenOver } from '../support/hydration';
import { takeProviderSide, unclaimedListing } from '../support/provider';
import { API_URL } from '../support/system';
import { PHONE } from '../playwright.config';

/**
 * Sharing a plan read-only (issue 37, item 5): the couple makes a private link from their plan's Share dialog and
 * sends it on WhatsApp; a family member who is not signed in opens it on another phone and reads the plan; WhatsApp's
 * crawler (no JavaScript) reads its preview from the head the host's server writes; the couple shows and hides the
 * booked vendor's price on it; and stops sharing, after which the link is a 404 that says so. `page` is the couple's
 * phone (its routes are this test's tags); the family member's is a second context, never signed in.
 */

// signing in, a plan with a booked vendor made through the API, two phones, two axe scans
test.describe.configure({ timeout: 150_000 });

/** 'YYYY-MM-DD', `days` from today */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A plan title a person could type, with what would end an attribute and open a script in a page that forgot to escape it. */
const TITLE = 'Meera & Arjun "><script>window.__injected=1</script>';

async function call<T>(method: string, path: string, idToken: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${idToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path} answered ${response.status}: ${response.ok ? '' : await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The couple's plan, made through the API as the couple (the plans' own pages are plans.spec's): a wedding in Jaipur
 * for 250 guests, and one vendor booked for it the way the product books one for an event: a provider (who took a
 * listing nobody runs) is asked for a quote, quotes ₹15,000, the couple accepts, and the provider accepts the
 * booking request.
 */
async function planWithBookedVendor(phoneDigits: string, weddingDay: string): Promise<{ planId: string }> {
  const { uid, idToken } = await signInByRest(`+91${phoneDigits}`);
  const { planId } = await call<{ planId: string }>('POST', '/plans', idToken, { title: TITLE, from: inDays(58), to: inDays(62), homeCity: 'Jaipur' });
  const { eventId } = await call<{ eventId: string }>('POST', `/plans/${planId}/events`, idToken, { kind: 'wedding', date: weddingDay, city: 'Jaipur', guests: 250 });

  const listing = await unclaimedListing();
  const provider = await takeProviderSide(listing.serviceId);
  const [enquiry] = await call<{ enquiryId: string }[]>('POST', '/enquiries', idToken, {
    eventId,
    serviceIds: [listing.serviceId],
    message: 'Hair for the bride on the wedding day, please.',
  });
  // the answer is the enquiry with its quotes, the newest first
  const { quotes } = await call<{ quotes: { quoteId: string; total: number }[] }>('POST', `/provider/enquiries/${enquiry!.enquiryId}/quote`, provider.idToken, {
    lineItems: [{ label: 'Bridal hair, one look', amount: 1_500_000 }],
    validUntil: inDays(20),
  });
  const quote = quotes[0]!;
  expect(quote.total).toBe(1_500_000);
  const [address] = await call<{ addressId: string }[]>('GET', `/users/consumer/${uid}/addresses`, idToken);
  const { booking } = await call<{ booking: { bookingId: string } }>('POST', `/quotes/${quote.quoteId}/accept`, idToken, {
    addressId: address!.addressId,
    preferredTime: { start: '10:00', end: '12:00' },
  });
  await call('POST', `/provider/bookings/${booking.bookingId}/accept`, provider.idToken);
  return { planId };
}

/** The content of the first `<meta {key}="{name}" content="…">` in raw HTML, its entities read back; all of them counted. */
function metaTags(html: string, key: 'name' | 'property', name: string): string[] {
  const pattern = new RegExp(`<meta ${key}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`, 'g');
  const decode = (value: string) =>
    value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...html.matchAll(pattern)].map((match) => decode(match[1]!));
}

test('a couple shares their plan by a WhatsApp link; family read it without signing in, prices only when shown, until the couple stops sharing', { tag: ['@booking'] }, async ({ page, browser, baseURL }) => {
  const phone = await signInOnboarded(page);
  const weddingDay = inDays(60);
  const { planId } = await planWithBookedVendor(phone, weddingDay);

  // the couple opens their plan and taps Share
  await page.goto(`/plans/${planId}`);
  await appTakenOver(page);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this plan' });
  await expect(dialog.getByText('Make a private link your family can open without signing in.', { exact: false })).toBeVisible();
  await expect(dialog.getByLabel('Show prices')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Link created')).toBeVisible();
  const linkField = dialog.getByLabel('Link to the plan');
  await expect(linkField).toHaveValue(new RegExp(`^${baseURL}/shared/plan/[A-Za-z0-9_-]{43}$`));
  const link = await linkField.inputValue();

  // WhatsApp's chat picker with the message written in: the plan's name and the link
  const whatsApp = dialog.getByRole('link', { name: 'Share on WhatsApp' });
  const href = (await whatsApp.getAttribute('href')) ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  expect(href).toContain(encodeURIComponent(link));
  const message = decodeURIComponent(href.slice('https://wa.me/?text='.length));
  expect(message).toContain(TITLE);
  expect(message).toContain(link);
  await expectNoSeriousViolations(page, 'The Share dialog with a link made');

  // WhatsApp's crawler: the raw HTML, no JavaScript, no session
  const crawled = await fetch(link, { headers: { 'User-Agent': 'WhatsApp/2.24.6.77 A' } });
  expect(crawled.status).toBe(200);
  const html = await crawled.text();
  expect(metaTags(html, 'property', 'og:title')).toEqual([TITLE]);
  const [description] = metaTags(html, 'property', 'og:description');
  expect(description).toContain('Jaipur');
  expect(description).toContain('1 event');
  const [image] = metaTags(html, 'property', 'og:image');
  expect(image).toMatch(/^https?:\/\//);
  const picture = await fetch(image!);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toMatch(/^image\//);
  expect(metaTags(html, 'name', 'robots')).toHaveLength(1);
  expect(metaTags(html, 'name', 'robots')[0]).toMatch(/^noindex/);
  // the title is text everywhere in the page: in the head, the drawn page and the data it carries
  expect(html).toContain('<title>Meera &amp; Arjun "&gt;&lt;script&gt;window.__injected=1&lt;/script&gt;</title>');
  expect(html).not.toContain('<script>window.__injected');
  // nothing of the couple's that the page must not show: guest counts
  expect(html).not.toContain('"guests"');

  // a family member, not signed in, on another phone
  const family = await browser.newContext(PHONE);
  const familyPage = await family.newPage();
  const opened = await familyPage.goto(link);
  expect(opened?.status()).toBe(200);
  await appTakenOver(familyPage);
  await expect(familyPage).toHaveURL(link);
  await expect(familyPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(familyPage.getByText('A wedding plan shared with you')).toBeVisible();
  await expect(familyPage.getByText('Shared by the couple to read. Only they can change it.')).toBeVisible();
  const wedding = familyPage.getByRole('list', { name: 'Events' }).getByRole('listitem', { name: 'Wedding' });
  await expect(wedding).toContainText('Jaipur');
  const [year, month, day] = weddingDay.split('-').map(Number);
  const monthName = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month! - 1];
  await expect(wedding).toContainText(`${day} ${monthName} ${year}`);
  const vendors = familyPage.getByRole('list', { name: 'Booked: Wedding' }).getByRole('listitem');
  await expect(vendors).toHaveCount(1);
  await expect(vendors).toContainText(' by ');
  await expect(vendors).not.toContainText('₹');
  // read-only: nothing to change, no sign-in asked, no guest count
  const main = familyPage.locator('main');
  for (const name of [/edit/i, /delete/i, /add event/i, /^share$/i, /stop sharing/i]) await expect(main.getByRole('button', { name })).toHaveCount(0);
  await expect(main.getByRole('checkbox')).toHaveCount(0);
  await expect(main.getByText('Guests')).toHaveCount(0);
  await expect(familyPage.getByRole('button', { name: /Send Verification Code/ })).toHaveCount(0);
  expect(await familyPage.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  await expectNoSeriousViolations(familyPage, 'A shared plan, read by family');

  // the couple shows the prices on the link, then hides them again
  await dialog.getByLabel('Show prices').click();
  await expect(page.getByText('Prices are shown on the link')).toBeVisible();
  await expect(dialog.getByLabel('Show prices')).toBeChecked();
  await familyPage.reload();
  await expect(vendors).toContainText('₹15,000.00');
  await dialog.getByLabel('Show prices').click();
  await expect(page.getByText('Prices are hidden on the link')).toBeVisible();
  await familyPage.reload();
  await expect(vendors).toHaveCount(1);
  await expect(vendors).not.toContainText('₹');

  // the couple stops sharing: the link is a 404 at once, and says so
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop sharing this plan?' });
  await confirm.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('The link no longer works')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();

  const gone = await familyPage.reload();
  expect(gone?.status()).toBe(404);
  await expect(familyPage.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(familyPage.getByText(TITLE)).toHaveCount(0);
  const crawledAgain = await fetch(link);
  expect(crawledAgain.status).toBe(404);
  const goneHtml = await crawledAgain.text();
  expect(goneHtml).toContain('<title>This link no longer works</title>');
  expect(goneHtml).not.toContain('Meera &amp; Arjun');
  await family.close();
});
