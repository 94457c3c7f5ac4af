import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { paymentBreakdown } from '@utsav/contracts/money';
import { nowInIndia } from '@utsav/contracts/slot-rules';
import { providerEarningsSchema, type ProviderEarnings } from '@utsav/contracts/schemas';
import { BOOKING_COLUMNS, type BookingRow } from '../src/bookings/booking-rows';
import { cancelWithRefund } from '../src/payments/cancellation';
import { recordCapturedPayment, recordRefund } from '../src/payments/payment-ledger';
import { monthsBefore } from '../src/payments/earnings';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, inDays, insertCatalogFixture, makeProviderOwner, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { bookingIn } from './support/payments';
import { errorSaying } from './support/error-answers';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 36, item 6: a provider's earnings per month, from the payments ledger. The ledger is written here through
 * its own write path (payment-ledger.ts: a capture that pays issues its GST invoice; cancellation.ts: the refund
 * owed; recordRefund: the provider's answer), exactly as the checkout, the webhooks and a cancellation write it.
 */

let server: TestServer;
let catalog: CatalogFixture;
let consumer: TestUser;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  [consumer, owner, stranger] = await Promise.all([signInWithPhone(), signInWithPhone(), signInWithPhone()]);
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
});
afterAll(() => server.close());

const db = () => server.database;
const currentMonth = () => nowInIndia().date.slice(0, 7);
const earningsOf = (pid: string, user: TestUser | null, query = '') => request(`${server.url}/provider/${pid}/earnings${query}`, { token: user?.idToken });

/** An order for the booking, as create_order stores it (the amount the server computed). */
async function openOrder(bookingId: string, amount: number): Promise<string> {
  const id = `order_${randomBytes(7).toString('hex')}`;
  await db().query(`INSERT INTO payment_orders (id, booking_id, consumer_uid, amount) VALUES ($1, $2, $3, $4)`, [id, bookingId, consumer.uid, amount]);
  return id;
}

/** A capture reported for the order (the checkout's result or a webhook): the ledger's one write path. */
async function capture(orderId: string, amount: number): Promise<string> {
  const paymentId = `pay_${randomBytes(7).toString('hex')}`;
  await db().transaction((session) =>
    recordCapturedPayment(session, { orderId, paymentId, amount, currency: 'INR', method: 'upi', source: 'webhook' }, server.app.log),
  );
  return paymentId;
}

/** The consumer cancels: the policy's refund is written down as due (on a paid booking); then the provider answers. */
async function cancel(bookingId: string, outcome: 'processed' | 'failed' | 'pending' | 'due'): Promise<void> {
  const paymentId = await db().transaction(async (session) => {
    const [row] = await session.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.id = $1`, [bookingId]);
    return cancelWithRefund(session, row!, consumer.uid, new Date());
  });
  if (!paymentId || outcome === 'due') return;
  await settle(paymentId, outcome);
}

async function settle(paymentId: string, status: 'processed' | 'failed' | 'pending'): Promise<void> {
  const [due] = await db().query<{ amount: number | null }>('SELECT amount FROM payment_refunds WHERE payment_id = $1', [paymentId]);
  const [payment] = await db().query<{ amount: number }>('SELECT amount FROM payments WHERE id = $1', [paymentId]);
  await db().transaction((session) =>
    recordRefund(session, { paymentId, refundId: `rfnd_${randomBytes(7).toString('hex')}`, amount: due?.amount ?? payment!.amount, status }, server.app.log),
  );
}

/** Moves a paying capture's invoice, and the refunds of its booking, `back` months into the past (a history). */
async function shiftMonths(bookingId: string, invoiceBack: number, refundBack: number, refundMinute: number): Promise<void> {
  await db().query(`UPDATE invoices SET issued_on = issued_on - make_interval(months => $2) WHERE booking_id = $1`, [bookingId, invoiceBack]);
  // near a month's edge in India: 23:xx or 00:xx on its first day, by the minute
  await db().query(
    `UPDATE payment_refunds SET updated_at = (date_trunc('month', now() - make_interval(months => $2)) - interval '5 hours 30 minutes') + make_interval(mins => $3)
     WHERE booking_id = $1`,
    [bookingId, refundBack, refundMinute],
  );
}

/** The ledger's own rows for a provider, summed per India month here (in JS), independently of the route's SQL. */
async function ledgerSums(providerId: string) {
  const invoices = await db().query<{ issued_on: string; advance: number; platform_fee: number; gst: number }>(
    `SELECT to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, i.advance, i.platform_fee, i.gst
     FROM invoices i JOIN bookings b ON b.id = i.booking_id WHERE b.provider_id = $1`,
    [providerId],
  );
  const refunds = await db().query<{ at: Date | string; amount: number; reason: string; status: string }>(
    `SELECT r.updated_at AS at, r.amount, r.reason, r.status FROM payment_refunds r JOIN bookings b ON b.id = r.booking_id WHERE b.provider_id = $1`,
    [providerId],
  );
  const months = new Map<string, { advances: number; platformFee: number; gst: number; refunds: number; payments: number; refundCount: number }>();
  const of = (month: string) => months.get(month) ?? months.set(month, { advances: 0, platformFee: 0, gst: 0, refunds: 0, payments: 0, refundCount: 0 }).get(month)!;
  for (const invoice of invoices) {
    const month = of(invoice.issued_on.slice(0, 7));
    month.advances += invoice.advance;
    month.platformFee += invoice.platform_fee;
    month.gst += invoice.gst;
    month.payments += 1;
  }
  for (const refund of refunds) {
    if (refund.reason !== 'cancelled_by_consumer' || refund.status !== 'processed') continue;
    const indiaMonth = new Date(new Date(refund.at).getTime() + 330 * 60_000).toISOString().slice(0, 7);
    const month = of(indiaMonth);
    month.refunds += refund.amount;
    month.refundCount += 1;
  }
  return months;
}

function expectEarningsEqualLedger(earnings: ProviderEarnings, sums: Awaited<ReturnType<typeof ledgerSums>>, count: number): void {
  expect(earnings.months.map((month) => month.month)).toEqual(Array.from({ length: count }, (_, back) => monthsBefore(currentMonth(), back)));
  for (const month of earnings.months) {
    const sum = sums.get(month.month) ?? { advances: 0, platformFee: 0, gst: 0, refunds: 0, payments: 0, refundCount: 0 };
    expect(month).toEqual({ month: month.month, ...sum, net: sum.advances - sum.refunds });
  }
  const total = (key: 'advances' | 'refunds' | 'platformFee' | 'gst' | 'net' | 'payments' | 'refundCount') =>
    earnings.months.reduce((sum, month) => sum + month[key], 0);
  expect(earnings.totals).toEqual({
    advances: total('advances'),
    refunds: total('refunds'),
    platformFee: total('platformFee'),
    gst: total('gst'),
    net: total('net'),
    payments: total('payments'),
    refundCount: total('refundCount'),
  });
}

async function paidBooking(menu: FixtureMenu, days = 30): Promise<{ bookingId: string; paymentId: string; payNow: number }> {
  const booking = await bookingIn(server, consumer, menu, 'accepted', { preferredDateRange: { from: inDays(days), to: inDays(days) } });
  const payNow = booking.payment.payNow;
  const paymentId = await capture(await openOrder(booking.bookingId, payNow), payNow);
  return { bookingId: booking.bookingId, paymentId, payNow };
}

describe('GET /provider/:pid/earnings', () => {
  test('a paid advance, then a cancellation refunded: the month shows the invoice’s advance, fee and GST, the refund and the net', async () => {
    const menu = catalog.providerA.menus[0];
    const before = expectContract(providerEarningsSchema, (await earningsOf(catalog.providerA.id, owner)).body);
    const { bookingId } = await paidBooking(menu, 45);
    const { advance, platformFee, gst } = paymentBreakdown(menu.price);
    const [invoice] = await db().query<{ advance: number; platform_fee: number; gst: number }>('SELECT advance, platform_fee, gst FROM invoices WHERE booking_id = $1', [bookingId]);
    // the invoice's own figures (what the GST invoice PDF prints)
    expect(invoice).toEqual({ advance, platform_fee: platformFee, gst });

    const paid = await earningsOf(catalog.providerA.id, owner);
    expect(paid.status).toBe(200);
    const [month] = expectContract(providerEarningsSchema, paid.body).months;
    const was = before.months[0]!;
    expect(month).toEqual({
      ...was,
      advances: was.advances + advance,
      platformFee: was.platformFee + platformFee,
      gst: was.gst + gst,
      payments: was.payments + 1,
      net: was.net + advance,
    });

    await cancel(bookingId, 'processed');
    const [refund] = await db().query<{ amount: number }>('SELECT amount FROM payment_refunds WHERE booking_id = $1', [bookingId]);
    expect(refund!.amount).toBeGreaterThan(0);
    const [after] = expectContract(providerEarningsSchema, (await earningsOf(catalog.providerA.id, owner)).body).months;
    expect(after).toEqual({ ...month, refunds: month!.refunds + refund!.amount, refundCount: month!.refundCount + 1, net: month!.net - refund!.amount });
  });

  test('a payment that paid for nothing (wrong amount, refunded whole) is neither an advance nor a refund', async () => {
    const before = (await earningsOf(catalog.providerA.id, owner)).body;
    const booking = await bookingIn(server, consumer, catalog.providerA.menus[1], 'accepted', { preferredDateRange: { from: inDays(20), to: inDays(20) } });
    const orderId = await openOrder(booking.bookingId, booking.payment.payNow);
    const paymentId = await capture(orderId, booking.payment.payNow - 100);
    await settle(paymentId, 'processed');
    expect((await earningsOf(catalog.providerA.id, owner)).body).toEqual(before);
  });

  test('another provider’s payments are not counted', async () => {
    const before = (await earningsOf(catalog.providerA.id, owner)).body;
    await paidBooking(catalog.providerB.menus[0]);
    expect((await earningsOf(catalog.providerA.id, owner)).body).toEqual(before);
  });

  test('?months= from 1 to 36, newest first; anything else: 400', async () => {
    const one = expectContract(providerEarningsSchema, (await earningsOf(catalog.providerA.id, owner, '?months=1')).body);
    expect(one.months.map((month) => month.month)).toEqual([currentMonth()]);
    const many = expectContract(providerEarningsSchema, (await earningsOf(catalog.providerA.id, owner, '?months=36')).body);
    expect(many.months).toHaveLength(36);
    expect(many.months.at(-1)!.month).toBe(monthsBefore(currentMonth(), 35));
    for (const bad of ['0', '37', 'x', '1.5', '-1']) {
      const answer = await earningsOf(catalog.providerA.id, owner, `?months=${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'http.invalidInput' });
    }
  });

  test('only the listing’s owner: another account 403, a consumer of it 403, unknown 404, no token 401', async () => {
    expect(await earningsOf(catalog.providerA.id, stranger)).toMatchObject({
      status: 403,
      body: errorSaying('Only the account that runs this listing can see or answer this.'),
    });
    expect((await earningsOf(catalog.providerA.id, consumer)).status).toBe(403);
    expect((await earningsOf(catalog.providerB.id, owner)).status).toBe(403);
    expect((await earningsOf('00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
    expect((await earningsOf('nope', owner)).status).toBe(404);
    expect((await earningsOf(catalog.providerA.id, null)).status).toBe(401);
    const hindi = await request(`${server.url}/provider/${catalog.providerA.id}/earnings`, { token: stranger.idToken, headers: { 'Accept-Language': 'hi-IN' } });
    expect(hindi.body).toMatchObject({ code: 'provider.notYourListing', message: 'इसे सिर्फ़ वही खाता देख या जवाब दे सकता है जो यह लिस्टिंग चलाता है।' });
  });
});

describe('GET /provider/:pid/earnings.csv', () => {
  test('the same figures as CSV: text/csv, an attachment with a file name, a header, a line per month, the totals', async () => {
    const json = expectContract(providerEarningsSchema, (await earningsOf(catalog.providerA.id, owner, '?months=3')).body);
    const response = await fetch(`${server.url}/provider/${catalog.providerA.id}/earnings.csv?months=3`, { headers: { Authorization: `Bearer ${owner.idToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="utsav-earnings-${monthsBefore(currentMonth(), 2)}-to-${currentMonth()}.csv"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.trimEnd().split('\r\n').map((line) => line.split(','));
    expect(lines[0]).toEqual(['month', 'advances_paise', 'refunds_paise', 'net_paise', 'platform_fee_paise', 'gst_on_fee_paise', 'payments', 'refunds']);
    const row = (label: string, f: ProviderEarnings['totals']) => [label, f.advances, f.refunds, f.net, f.platformFee, f.gst, f.payments, f.refundCount].map(String);
    expect(lines.slice(1)).toEqual([...json.months.map((month) => row(month.month, month)), row('total', json.totals)]);
    expect(Number(lines[1]![1])).toBeGreaterThan(0);
  });

  test('owner only', async () => {
    const answer = await request(`${server.url}/provider/${catalog.providerA.id}/earnings.csv`, { token: stranger.idToken });
    expect(answer).toMatchObject({ status: 403, body: errorSaying('Only the account that runs this listing can see or answer this.') });
  });
});

describe('property: earnings equal the ledger’s sums', () => {
  const step = fc.record({
    menu: fc.constantFrom(0, 1),
    provider: fc.constantFrom('A', 'A', 'A', 'B'),
    /** what was paid: nothing, the order's amount, a wrong amount (refunded whole), or twice (the second refunded) */
    pay: fc.constantFrom('none', 'pay', 'pay', 'wrong', 'twice'),
    cancel: fc.constantFrom(null, 'processed', 'processed', 'failed', 'pending', 'due'),
    days: fc.integer({ min: 1, max: 60 }),
    invoiceBack: fc.integer({ min: 0, max: 14 }),
    refundBack: fc.integer({ min: 0, max: 14 }),
    // minutes from India's midnight starting the month: before (the previous month) or after
    refundMinute: fc.integer({ min: -90, max: 90 }),
  });

  test('for random histories of payments, wrong payments, cancellations and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 14 }), async (history, months) => {
        for (const item of history) {
          const provider = item.provider === 'A' ? catalog.providerA : catalog.providerB;
          const menu = provider.menus[item.menu as 0 | 1];
          const booking = await bookingIn(server, consumer, menu, 'accepted', { preferredDateRange: { from: inDays(item.days), to: inDays(item.days) } });
          const payNow = booking.payment.payNow;
          if (item.pay !== 'none') {
            const orderId = await openOrder(booking.bookingId, payNow);
            const paymentId = await capture(orderId, item.pay === 'wrong' ? payNow + 100 : payNow);
            if (item.pay === 'wrong') await settle(paymentId, 'processed');
            if (item.pay === 'twice') await settle(await capture(orderId, payNow), 'processed');
          }
          if (item.cancel) await cancel(booking.bookingId, item.cancel);
          await shiftMonths(booking.bookingId, item.invoiceBack, item.refundBack, item.refundMinute);
        }
        const answer = await earningsOf(catalog.providerA.id, owner, `?months=${months}`);
        expect(answer.status).toBe(200);
        expectEarningsEqualLedger(expectContract(providerEarningsSchema, answer.body), await ledgerSums(catalog.providerA.id), months);
      }),
      { numRuns: Number(process.env.EARNINGS_RUNS ?? 15) },
    );
  }, 180_000);
});
