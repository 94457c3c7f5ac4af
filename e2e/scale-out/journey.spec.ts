import { expect, test, type Response } from '@playwright/test';
import { Client } from 'pg';
import { signInOnboarded } from '../support/auth';
import { ACCEPTED_TOAST, chooseBookableDays, expectSavedAddressChosen } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { API_URL, MESSAGES_URL } from '../support/system';

/**
 * Issue 21, item 2: the whole consumer journey on a scaled-out system — two API instances (api-1, api-2)
 * and two host servers (host-1, host-2) on one PostgreSQL server, each pair behind a round-robin load
 * balancer that says who served each answer (x-served-by; scripts/lib/round-robin-proxy.mjs). Sign in,
 * search, book; then the API instance holding the consumer's live stream is killed (SIGKILL) while the
 * request waits for the provider; the provider stand-in on the other instance accepts, the stream comes back
 * on it and says so; pay; the live update and the notifications arrive — and the database and the mail
 * catcher show every step once, nothing lost, nothing twice. Run by scripts/lib/scale-out.mjs only.
 */

const PIDS = JSON.parse(process.env.SCALE_OUT_PIDS ?? '{}') as Record<string, number>;
const DATABASE_URL = process.env.SCALE_OUT_DATABASE_URL ?? '';
const PAID_TOAST = 'Payment received — your booking is confirmed';

interface Served {
  method: string;
  path: string;
  servedBy: string;
  afterKill: boolean;
}

test('sign in, search, book, accept, pay, live updates and notifications across instances, with one API instance killed midway', async ({ page }) => {
  expect(PIDS['api-1'] && PIDS['api-2'], 'started by scripts/lib/scale-out.mjs, which says where the instances are').toBeTruthy();
  let killed: string | null = null;
  const api: Served[] = [];
  const pages: Served[] = [];
  page.on('response', (response: Response) => {
    const servedBy = response.headers()['x-served-by'];
    if (!servedBy) return;
    const url = new URL(response.url());
    const entry = { method: response.request().method(), path: url.pathname, servedBy, afterKill: killed !== null };
    if (servedBy.startsWith('api-')) api.push(entry);
    else if (response.request().resourceType() === 'document') pages.push(entry);
  });

  // sign in (the Login page, the Auth emulator's code, the host's session cookie through the API)
  await signInOnboarded(page, { verifyEmail: true });

  // search, and open a result (pages drawn by either host server, asking either API instance)
  const pkg = await firstPackage();
  await page.goto(`/services?q=${encodeURIComponent('wedding photography')}`);
  const results = page.locator('main').getByRole('list', { name: 'Search results' });
  await results.getByRole('article').filter({ hasText: pkg.serviceTitle }).first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/service/${pkg.serviceId}`));
  await expect(page.getByRole('heading', { name: pkg.serviceTitle }).first()).toBeVisible();

  // book: the request waits for the provider (the stand-in answers after 4 s)
  const streamOpened = page.waitForResponse((response) => /\/users\/[^/]+\/events$/.test(new URL(response.url()).pathname) && response.status() === 200);
  await page.goto(`/service/slots?serviceId=${pkg.serviceId}&package=${pkg.menuId}`);
  await chooseBookableDays(page, { from: 12 });
  await expectSavedAddressChosen(page);
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/bookings' && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const { bookingId } = (await (await created).json()) as { bookingId: string };
  await expect(page.getByRole('article', { name: pkg.menuName }).getByText('Requested')).toBeVisible();

  // the instance holding the live stream dies without a word, before the provider answers
  const stream = await streamOpened;
  const doomed = stream.headers()['x-served-by']!;
  const survivor = doomed === 'api-1' ? 'api-2' : 'api-1';
  const before = [...api];
  // the load balancer's own record of the journey so far (the writes made outside the page included)
  const balanced = (await (await fetch(`${API_URL}/__proxy/log`)).json()) as { log: { method: string; path: string; servedBy: string }[] };
  process.kill(-PIDS[doomed]!, 'SIGKILL');
  killed = doomed;

  // the acceptance reaches the page all the same: the stream comes back on the survivor, from where it was
  await expect(page.getByText(ACCEPTED_TOAST)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No requested bookings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  // pay, on what is left
  await page.getByRole('tab', { name: 'Accepted' }).click();
  await page.getByRole('article', { name: pkg.menuName }).getByRole('link', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/order_summary\\?bid=${bookingId}`));
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(page.getByText(PAID_TOAST)).toBeVisible();
  await page.goto('/bookings?tab=confirmed');
  await expect(page.getByRole('article', { name: pkg.menuName }).getByText('Confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('confirmed-after-failover.png') });

  // every step was spread: both API instances and both host servers served the journey before the kill,
  // consecutive writes on different instances; after it, only the survivor answered
  expect(new Set(before.map((entry) => entry.servedBy))).toEqual(new Set(['api-1', 'api-2']));
  // the journey's writes before the kill (the profile, the address, the booking…) took turns
  const writes = balanced.log.filter((entry) => !['GET', 'HEAD', 'OPTIONS'].includes(entry.method));
  expect(writes.length, JSON.stringify(writes)).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < writes.length; index += 1) expect(writes[index]!.servedBy, JSON.stringify(writes)).not.toBe(writes[index - 1]!.servedBy);
  expect(new Set(pages.map((entry) => entry.servedBy))).toEqual(new Set(['host-1', 'host-2']));
  const after = api.filter((entry) => entry.afterKill);
  expect(after.length).toBeGreaterThan(3);
  expect(new Set(after.map((entry) => entry.servedBy))).toEqual(new Set([survivor]));
  test.info().annotations.push({ type: 'served', description: JSON.stringify({ doomed, api: api.map((entry) => `${entry.method} ${entry.path} ${entry.servedBy}`) }) });

  // nothing lost, nothing twice: the database…
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const booking = await db.query<{ status: string; consumer_uid: string }>('SELECT status, consumer_uid FROM bookings WHERE id = $1', [bookingId]);
    expect(booking.rows.map((row) => row.status)).toEqual(['confirmed']);
    const uid = booking.rows[0]!.consumer_uid;
    expect((await db.query('SELECT count(*)::int AS n FROM bookings WHERE consumer_uid = $1', [uid])).rows[0].n).toBe(1);
    const events = await db.query<{ to_status: string }>('SELECT to_status FROM booking_events WHERE booking_id = $1 ORDER BY id', [bookingId]);
    expect(events.rows.map((row) => row.to_status)).toEqual(['requested', 'accepted', 'confirmed']);
    const payments = await db.query<{ status: string }>('SELECT status FROM payments WHERE booking_id = $1', [bookingId]);
    expect(payments.rows.map((row) => row.status)).toEqual(['captured']);
    expect((await db.query('SELECT count(*)::int AS n FROM invoices WHERE booking_id = $1', [bookingId])).rows[0].n).toBe(1);
    const notifications = await db.query<{ kind: string }>('SELECT kind FROM notifications WHERE consumer_uid = $1 ORDER BY id', [uid]);
    expect(notifications.rows.map((row) => row.kind)).toEqual(['accepted', 'paid']);
    // …and the mail: each notification's email sent once (the catcher counts a resend of the same message)
    await expect(async () => {
      const deliveries = await db.query<{ status: string; attempts: number }>(
        `SELECT d.status, d.attempts FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
          WHERE n.consumer_uid = $1 AND d.channel = 'email' ORDER BY d.id`,
        [uid],
      );
      expect(deliveries.rows).toEqual([
        { status: 'sent', attempts: 1 },
        { status: 'sent', attempts: 1 },
      ]);
      const { emails } = (await (await fetch(`${MESSAGES_URL}/emails`)).json()) as { emails: { subject: string; text: string; timesReceived: number }[] };
      const mine = emails.filter((email) => email.text.includes(`bid=${bookingId}`));
      expect(mine.map((email) => [email.subject, email.timesReceived]).sort()).toEqual(
        [
          [ACCEPTED_TOAST, 1],
          [PAID_TOAST, 1],
        ].sort(),
      );
    }).toPass({ timeout: 20_000 });
  } finally {
    await db.end();
  }
});
