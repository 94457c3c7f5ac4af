import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signInByRest, signInOnboarded } from '../support/auth';
import { claimOnJoinPage } from '../support/provider';
import { API_URL } from '../support/system';
import { PHONE } from '../playwright.config';

/**
 * Quotes (issue 37, item 3) with two people on two phones: a couple asks two providers for a quote for their
 * wedding from their shortlist, one provider (who claimed their listing) answers with a quote of two lines, the
 * couple accepts it, it is a booking request at the quoted price, the provider accepts it, and the couple pays the
 * advance. `page` is the couple's phone (its routes are this test's tags); the provider's is a second context.
 */

async function secondPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** 'YYYY-MM-DD', `days` from today */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A plan with one wedding event, made through the API as the couple (the plans' own pages are plans.spec's). */
async function planWithWedding(phoneDigits: string, date: string): Promise<void> {
  const { idToken } = await signInByRest(`+91${phoneDigits}`);
  const call = (path: string, body: unknown) =>
    fetch(`${API_URL}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` }, body: JSON.stringify(body) });
  const plan = (await (await call('/plans', { title: 'Meera & Arjun', from: inDays(40), to: inDays(45) })).json()) as { planId: string };
  const event = await call(`/plans/${plan.planId}/events`, { kind: 'wedding', date, city: 'Jaipur', guests: 250 });
  expect(event.status).toBe(201);
}

test('a couple asks two providers for a quote, one quotes, the couple accepts it, and pays the advance of the quoted price', { tag: ['@booking', '@catalog', '@checkout'] }, async ({ page, browser }) => {
  test.setTimeout(150_000);
  const provider = await secondPhone(browser);
  await signInOnboarded(provider);
  const listing = await claimOnJoinPage(provider);

  const couplePhone = await signInOnboarded(page);
  const weddingDay = inDays(42);
  await planWithWedding(couplePhone, weddingDay);

  // two services on the shortlist: the provider's, and another nobody answers for
  const other = ((await (await fetch(`${API_URL}/services?q=photography`)).json()) as { results: { serviceId: string }[] }).results[0]!.serviceId;
  for (const serviceId of [listing.serviceId, other]) {
    await page.goto(`/service/${serviceId}`);
    const heart = page.getByRole('button', { name: 'Save this service to your shortlist' });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  await page.goto('/shortlist');
  for (const checkbox of await page.getByRole('checkbox', { name: 'Compare' }).all()) await checkbox.check();
  await page.getByRole('link', { name: 'Ask 2 for quotes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask for a quote' })).toBeVisible();
  // the couple's one event is chosen
  await expect(page.getByLabel('For which event')).toHaveValue(/.+/);
  await page.getByLabel('Your message').fill('Hello! Haldi and wedding looks for the bride and her sisters, please.');
  await page.getByRole('button', { name: 'Send to 2 providers' }).click();
  await expect(page).toHaveURL(/\/enquiries\?event=/);
  await expect(page.getByText('Waiting for a quote')).toHaveCount(2);

  // the provider's answer: two lines; the server adds them up
  await provider.goto('/provider/enquiries');
  await provider.getByRole('link', { name: /See enquiry|Send a quote/ }).first().click();
  await expect(provider.getByText('Haldi and wedding looks for the bride', { exact: false })).toBeVisible();
  await provider.getByLabel('Item').first().fill('Bridal hair and make-up, two looks');
  await provider.getByLabel('Amount in ₹').first().fill('24,000');
  await provider.getByRole('button', { name: 'Add a line' }).click();
  await provider.getByLabel('Item').nth(1).fill('Three sisters, one look each');
  await provider.getByLabel('Amount in ₹').nth(1).fill('9,000.50');
  await provider.getByLabel('Valid until').fill(inDays(20));
  await provider.getByRole('button', { name: 'Send quote' }).click();
  await expect(provider.getByText(/Quote of ₹33,000\.50 sent to/)).toBeVisible();

  // the couple sees the server's total and advance, and accepts
  await page.reload();
  const quote = page.getByRole('region', { name: 'Quote of ₹33,000.50' });
  await expect(quote).toContainText('Total₹33,000.50');
  await expect(quote).toContainText('Advance to pay once they accept₹3,300.05');
  await quote.getByRole('button', { name: 'Accept quote' }).click();
  const accept = page.getByRole('dialog');
  await expect(accept).toContainText('A booking request of ₹33,000.50');
  await accept.getByRole('button', { name: 'Send booking request' }).click();
  await expect(page).toHaveURL(/\/bookings\?booking=/);
  const bookingId = new URL(page.url()).searchParams.get('booking')!;
  await expect(page.locator(`[data-booking-id="${bookingId}"]`)).toContainText('₹33,000.50');

  // the provider accepts the request; the couple pays the advance of the quoted price
  await provider.goto('/provider');
  await provider.getByRole('article').filter({ hasText: 'Three sisters' }).getByRole('button', { name: 'Accept' }).click();
  await expect(provider.getByText(/can now pay the advance/)).toBeVisible();
  await page.goto(`/bookings/order_summary?bid=${bookingId}`);
  await expect(page.getByText('₹3,300.05').first()).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await provider.context().close();
});
