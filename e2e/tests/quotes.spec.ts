import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signInByRest, signInOnboarded } from '../support/auth';
import { claimOnJoinPage } from '../support/provider';
import { API_URL } from '../support/system';
import { PHONE } from '../playwright.config';
import { formatINR } from '@utsav/contracts/money';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * Quotes (issue 37, items 3–5 and 7) with two people on two phones: a couple shortlists three photographers and asks two
 * of them for a quote for their wedding, one provider (who claimed their listing) answers with a quote of two lines, they chat
 * about it (live on both phones, the couple's number hidden until the booking is confirmed), the couple accepts the
 * quote, it is a booking request at the quoted price, the provider accepts it, the couple pays the advance, and the
 * plan's budget shows what is booked and paid. `page` is the couple's phone (its routes are this test's tags); the
 * provider's is a second context.
 */

async function secondPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** 'YYYY-MM-DD', `days` from today */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A plan with one wedding event, made through the API as the couple (the plans' own pages are plans.spec's); its id. */
async function planWithWedding(phoneDigits: string, date: string): Promise<string> {
  const { idToken } = await signInByRest(`+91${phoneDigits}`);
  const call = (path: string, body: unknown) =>
    fetch(`${API_URL}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` }, body: JSON.stringify(body) });
  const plan = (await (await call('/plans', { title: 'Meera & Arjun', from: inDays(40), to: inDays(45) })).json()) as { planId: string };
  const event = await call(`/plans/${plan.planId}/events`, { kind: 'wedding', date, city: 'Jaipur', guests: 250 });
  expect(event.status).toBe(201);
  return plan.planId;
}

test('a couple asks two providers for a quote, one quotes, the couple accepts it, and pays the advance of the quoted price', { tag: ['@booking', '@catalog', '@checkout'] }, async ({ page, browser }) => {
  test.setTimeout(150_000);
  const provider = await secondPhone(browser);
  await signInOnboarded(provider);
  const listing = await claimOnJoinPage(provider, 'photography');

  const couplePhone = await signInOnboarded(page);
  const weddingDay = inDays(42);
  const planId = await planWithWedding(couplePhone, weddingDay);

  // three photographers on the shortlist: the provider's, and two others (one asked, nobody answers for it)
  const search = (await (await fetch(`${API_URL}/services?q=photography&limit=20`)).json()) as { results: { serviceId: string; title: string }[] };
  const others = search.results.filter((service) => service.serviceId !== listing.serviceId).slice(0, 2);
  const mine = (await (await fetch(`${API_URL}/services/${listing.serviceId}`)).json()) as { title: string };
  for (const serviceId of [listing.serviceId, ...others.map((service) => service.serviceId)]) {
    await page.goto(`/service/${serviceId}`);
    const heart = page.getByRole('button', { name: 'Save this service to your shortlist' });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  await page.goto('/shortlist');
  await expect(page.getByRole('checkbox', { name: 'Compare' })).toHaveCount(3);
  // two of the three are asked
  for (const title of [mine.title, others[0]!.title]) await page.getByRole('listitem', { name: title }).getByRole('checkbox', { name: 'Compare' }).check();
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

  // they talk it over: the couple writes from the enquiry; the provider's open conversation shows it without a reload
  await provider.getByRole('link', { name: /^Message / }).click();
  await expect(provider.getByRole('heading', { level: 1, name: /^With / })).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: `Message ${listing.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^With / })).toBeVisible();
  await expectNoSeriousViolations(page, 'Conversation (the couple, empty)');
  // by keyboard: the words typed, Tab to Send, Enter
  await page.getByRole('textbox', { name: 'Message' }).fill('Can you start at 7 am? Call me on 98765 43210.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Enter');
  const toProvider = provider.getByRole('list', { name: 'Messages in this conversation' });
  // live: the number is hidden until the booking is confirmed
  await expect(toProvider).toContainText('Can you start at 7 am? Call me on ••••••••.');
  await expect(toProvider).not.toContainText('98765');
  await provider.getByRole('textbox', { name: 'Message' }).fill('Yes, 7 am is fine. The album comes six weeks later.');
  await provider.getByRole('button', { name: 'Send' }).click();
  const toCouple = page.getByRole('list', { name: 'Messages in this conversation' });
  await expect(toCouple).toContainText('Yes, 7 am is fine.');
  // the provider read the couple's message before answering
  await expect(toCouple.getByRole('listitem').filter({ hasText: 'Can you start at 7 am?' })).toContainText('Seen');
  await expectNoSeriousViolations(page, 'Conversation (the couple, two messages)');
  await expectNoSeriousViolations(provider, 'Conversation (the provider)');

  // the couple sees the server's total and advance, and accepts
  await page.goto('/enquiries');
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

  // confirmed: the provider's side of the conversation (from their Messages tab) now shows the couple's number
  await provider.goto('/provider/messages');
  await provider.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  await expect(provider.getByRole('list', { name: 'Messages in this conversation' })).toContainText('Call me on 98765 43210.');

  // the plan's budget: the quoted price booked, and what was paid (the server's figures, as the booking states them)
  const { idToken } = await signInByRest(`+91${couplePhone}`);
  const booking = (await (await fetch(`${API_URL}/bookings/${bookingId}`, { headers: { Authorization: `Bearer ${idToken}` } })).json()) as { payment: { payNow: number } };
  await page.goto(`/plans/${planId}/budget`);
  const figures = page.getByRole('main');
  await expect(figures.getByRole('term').filter({ hasText: /^Booked$/ }).first()).toBeVisible();
  await expect(figures).toContainText(`Booked${formatINR(3_300_050)}`);
  await expect(figures).toContainText(`Paid${formatINR(booking.payment.payNow)}`);
  await provider.context().close();
});
