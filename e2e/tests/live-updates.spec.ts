import { expect, test, type Request } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { ACCEPTED_TOAST, chooseBookableDays, expectSavedAddressChosen } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { takeProviderSide } from '../support/provider';
import { API_URL, MESSAGES_URL } from '../support/system';
import { keepScreenshot } from '../support/screenshots';

/**
 * Live status and notifications (issue 19, items 3 and 4), as a consumer meets them on a phone: the
 * provider accepts while the consumer looks at My Bookings; the card moves, a toast says so and the bell
 * counts it, with no reload and no polling while the live stream is up; the notification opens the
 * booking, ready to pay; the email about it is in the local mail catcher.
 */

const ACCEPTED = ACCEPTED_TOAST;

test('a provider accepts while the consumer waits on My Bookings: it moves, a toast and the bell say so, with no polling', { tag: ['@booking', '@catalog', '@checkout'] }, async ({ page }) => {
  // a provider with an account of its own: its requests wait for its answer (the stand-in leaves them alone)
  const pkg = await firstPackage('catering');
  const provider = await takeProviderSide(pkg.serviceId);
  // the stream opens with the signed-in layout, and stays open from page to page
  const streamOpened = page.waitForResponse((response) => /\/users\/[^/]+\/events$/.test(response.url()) && response.status() === 200);
  await signInOnboarded(page, { verifyEmail: true });
  await page.goto(`/service/slots?serviceId=${pkg.serviceId}&package=${pkg.menuId}`);
  await chooseBookableDays(page, { from: 14 });
  await expectSavedAddressChosen(page);

  const listReads: string[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/bookings/user/')) listReads.push(request.url());
  };
  page.on('request', onRequest);
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/bookings' && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const { bookingId } = (await (await created).json()) as { bookingId: string };
  await expect(page).toHaveURL(/\/bookings/);
  const card = page.getByRole('article', { name: pkg.menuName });
  await expect(card.getByText('Requested')).toBeVisible();
  await streamOpened;
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // a request waits for the provider: without the stream the page would ask again every 10 s
  const readsBefore = listReads.length;
  await page.waitForTimeout(11_000);
  expect(listReads.length, `list reads while the stream was up: ${listReads.slice(readsBefore).join(', ')}`).toBe(readsBefore);

  const accepted = await fetch(`${API_URL}/provider/bookings/${bookingId}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${provider.idToken}` },
    body: '{}',
  });
  expect(accepted.status).toBe(200);

  // no reload: the toast, the card leaving Requested, the bell's count
  await expect(page.getByText(ACCEPTED)).toBeVisible();
  await expect(page.getByText('No requested bookings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await keepScreenshot(page, 'accepted-live.png');
  expect(listReads.length, 'the accepted booking came by the stream, not by asking for the list').toBe(readsBefore);
  page.off('request', onRequest);

  await page.getByRole('tab', { name: 'Accepted' }).click();
  await expect(page.getByRole('article', { name: pkg.menuName }).getByText('Accepted')).toBeVisible();

  // the bell's list opens the booking, ready to pay
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: new RegExp(ACCEPTED) })).toBeVisible();
  await keepScreenshot(page, 'bell-open.png');
  await panel.getByRole('link', { name: new RegExp(ACCEPTED) }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/order_summary\\?bid=${bookingId}`));
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // the email went out through SMTP to the local mail catcher (email is on by default)
  await expect(async () => {
    const { emails } = (await (await fetch(`${MESSAGES_URL}/emails`)).json()) as { emails: { subject: string; text: string; timesReceived: number }[] };
    const mine = emails.filter((email) => email.text.includes(`bid=${bookingId}`));
    expect(mine.map((email) => [email.subject, email.timesReceived])).toEqual([[ACCEPTED, 1]]);
  }).toPass({ timeout: 15_000 });
  // and its page shows it, as a developer reads it
  await page.goto(`${MESSAGES_URL}/`);
  await expect(page.getByText(ACCEPTED).first()).toBeVisible();
  await keepScreenshot(page, 'mail-catcher.png');
});
