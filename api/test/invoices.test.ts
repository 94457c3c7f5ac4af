import { bookingSchema, createOrderResponseSchema, type Booking } from '@utsav/contracts/schemas';
import { paymentBreakdown } from '@utsav/contracts/money';
import { financialYear, invoiceNumber, issueInvoice } from '../src/payments/invoices';
import { gstLines } from '../src/payments/invoice-pdf';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { bookingIn, insertMenu, payInCheckout, startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';

/**
 * GST tax invoices (issue 19, item 6): one per captured payment that pays its booking, numbered per financial
 * year without gaps (also when numbers are taken at once, and when a transaction that took one rolls back),
 * downloadable by the booking's consumer as a PDF that says what was paid for.
 */

let stack: PaymentStack;
let catalog: CatalogFixture;
let menu: FixtureMenu; // ₹50,000
let consumer: TestUser;
beforeAll(async () => {
  stack = await startPaymentStack();
  catalog = await insertCatalogFixture(stack.server.database);
  menu = await insertMenu(stack.server.database, catalog.providerA.serviceId, 5_000_000);
  consumer = await signInWithPhone();
});
afterAll(() => stack.close());
afterEach(() => stack.webhooksDone());

const api = () => stack.server.url;
const db = () => stack.server.database;

async function paid(): Promise<Booking> {
  const booking = await bookingIn(stack.server, consumer, menu);
  const order = createOrderResponseSchema.parse((await request(`${api()}/payment/create_order`, { token: consumer.idToken, json: { userId: consumer.uid, bookingId: booking.bookingId } })).body);
  const result = await payInCheckout(stack.sandboxUrl, order.id);
  expect((await request(`${api()}/payment/verify_payment`, { token: consumer.idToken, json: result })).body).toMatchObject({ status: true });
  return expectContract(bookingSchema, (await request(`${api()}/bookings/${booking.bookingId}`, { token: consumer.idToken })).body);
}

/** The PDF's text: pdfkit writes each run of the standard font as a hex string of its character codes. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { inflateSync } = await import('node:zlib');
  const text: string[] = [];
  const raw = bytes.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const run of content.matchAll(/<([0-9a-fA-F]+)>/g)) text.push(Buffer.from(run[1]!, 'hex').toString('latin1'));
  }
  return text.join('');
}

test('financial years run April to March; numbers read UTS/<year>/<six digits>', () => {
  expect(financialYear('2026-11-25')).toBe('2026-27');
  expect(financialYear('2027-03-31')).toBe('2026-27');
  expect(financialYear('2027-04-01')).toBe('2027-28');
  expect(financialYear('2099-12-01')).toBe('2099-00');
  expect(invoiceNumber('2026-27', 42)).toBe('UTS/2026-27/000042');
});

test('GST in the same state is CGST and SGST halves that add up exactly; across states it is IGST', () => {
  for (const gst of [0, 1, 2, 9, 1_800, 1_801]) {
    const [[, cgst], [, sgst]] = gstLines(gst, true) as [[string, number], [string, number]];
    expect(cgst + sgst).toBe(gst);
    expect(Math.abs(cgst - sgst)).toBeLessThanOrEqual(1);
  }
  expect(gstLines(1_801, false)).toEqual([['IGST @ 18%', 1_801]]);
});

test('a paid booking has its invoice: on the booking, and as a PDF that names it, the fee, its GST and the advance', async () => {
  const booking = await paid();
  expect(booking.invoiceNumber).toMatch(/^UTS\/\d{4}-\d{2}\/\d{6}$/);
  const answer = await fetch(`${api()}/bookings/${booking.bookingId}/invoice`, { headers: { Authorization: `Bearer ${consumer.idToken}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/pdf');
  expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Utsav-invoice-${booking.invoiceNumber!.replaceAll('/', '-')}.pdf"`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  const { advance, platformFee, gst, payNow } = paymentBreakdown(menu.price);
  const rupees = (paise: number) => `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  for (const words of ['Tax Invoice', `Invoice number: ${booking.invoiceNumber}`, 'Platform fee', rupees(platformFee), rupees(advance), rupees(payNow), 'Booking advance received on behalf of the provider', menu.name]) {
    expect([words, text.includes(words)]).toEqual([words, true]);
  }
  expect([gst, text.includes('IGST @ 18%') || text.includes('CGST @ 9%')]).toEqual([gst, true]);
});

test("no invoice before payment (404 saying so); someone else's is 403", async () => {
  const unpaid = await bookingIn(stack.server, consumer, menu);
  const answer = await request(`${api()}/bookings/${unpaid.bookingId}/invoice`, { token: consumer.idToken });
  expect(answer).toMatchObject({ status: 404, body: { message: 'No invoice yet: one is issued when the advance is paid.' } });
  expect(unpaid.invoiceNumber).toBeUndefined();
  const booking = await paid();
  expect((await request(`${api()}/bookings/${booking.bookingId}/invoice`, { token: (await signInWithPhone()).idToken })).status).toBe(403);
});

test('numbers have no gaps: consecutive across payments, taken at once, and a rolled-back one is given back', async () => {
  const year = financialYear(new Date().toISOString().slice(0, 10));
  const sequences = async () =>
    (await db().query<{ sequence: number }>('SELECT sequence FROM invoices WHERE financial_year = $1 ORDER BY sequence', [year])).map((row) => row.sequence);
  await paid();
  // a transaction that takes a number and then fails leaves no gap
  const booking = await bookingIn(stack.server, consumer, menu);
  await expect(
    db().transaction(async (session) => {
      await session.query(`INSERT INTO payment_orders (id, booking_id, consumer_uid, amount) VALUES ('order_rollback_1', $1, $2, 100)`, [booking.bookingId, consumer.uid]);
      await session.query(`INSERT INTO payments (id, order_id, booking_id, amount, status, source) VALUES ('pay_rollback_1', 'order_rollback_1', $1, 100, 'captured', 'checkout')`, [booking.bookingId]);
      await issueInvoice(session, { paymentId: 'pay_rollback_1', bookingId: booking.bookingId, now: new Date() });
      throw new Error('the capture failed after numbering');
    }),
  ).rejects.toThrow('the capture failed after numbering');
  // several paid at once
  await Promise.all([paid(), paid(), paid()]);
  const numbers = await sequences();
  expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  expect(numbers.length).toBeGreaterThanOrEqual(4);
});
