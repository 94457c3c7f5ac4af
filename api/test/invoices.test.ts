import { bookingSchema, createOrderResponseSchema, type Booking } from '@utsav/contracts/schemas';
import { paymentBreakdown } from '@utsav/contracts/money';
import fs from 'node:fs';
import path from 'node:path';
import { formatDate } from '@utsav/contracts/date-format';
import { financialYear, invoiceDescription, invoiceNumber, issueInvoice } from '../src/payments/invoices';
import { amountInWords, gstLines, INVOICE_FONT_FILES } from '../src/payments/invoice-pdf';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, onboardConsumer, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { readPdf } from './support/pdf';
import { bookingIn, insertMenu, payInCheckout, startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';
import { errorSaying } from './support/error-answers';

// pdfkit's own font engine: what the PDF embeds is checked with what drew it
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require(require.resolve('fontkit', { paths: [require.resolve('pdfkit')] })) as { openSync(path: string): unknown };

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

async function paid(user: TestUser = consumer): Promise<Booking> {
  const booking = await bookingIn(stack.server, user, menu);
  const order = createOrderResponseSchema.parse((await request(`${api()}/payment/create_order`, { token: user.idToken, json: { userId: user.uid, bookingId: booking.bookingId } })).body);
  const result = await payInCheckout(stack.sandboxUrl, order.id);
  expect((await request(`${api()}/payment/verify_payment`, { token: user.idToken, json: result })).body).toMatchObject({ status: true });
  return expectContract(bookingSchema, (await request(`${api()}/bookings/${booking.bookingId}`, { token: user.idToken })).body);
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Where the drawn invoices are left for a person to look at (the repository's .data/, ignored by git). */
const LOOK_AT = path.resolve(__dirname, '..', '..', '.data');

/** The invoice's PDF as its consumer downloads it, drawn to `<name>.png` in .data/ and read. */
async function downloaded(booking: Booking, user: TestUser, name: string) {
  const answer = await fetch(`${api()}/bookings/${booking.bookingId}/invoice`, { headers: { Authorization: `Bearer ${user.idToken}` } });
  expect(answer.status).toBe(200);
  const bytes = Buffer.from(await answer.arrayBuffer());
  const read = await readPdf(bytes, path.join(LOOK_AT, 'test-results', 'invoice', name));
  expect(read.pages).toHaveLength(1);
  fs.copyFileSync(read.pages[0]!.png, path.join(LOOK_AT, `${name}.png`));
  return { answer, bytes, text: read.text, png: read.pages[0]!.png };
}

/** Every character drawn has a glyph in the embedded font (no tofu): checked on the font the PDF embeds. */
function drawsEveryCharacter(text: string): string[] {
  const font = fontkit.openSync(require.resolve(INVOICE_FONT_FILES.regular)) as { hasGlyphForCodePoint(cp: number): boolean; layout(text: string): { glyphs: { id: number }[] } };
  const missing = [...new Set(text)].filter((char) => char.trim() !== '' && !font.hasGlyphForCodePoint(char.codePointAt(0)!));
  // shaped as drawn (Devanagari conjuncts and matras): no glyph is .notdef
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (font.layout(word).glyphs.some((glyph) => glyph.id === 0)) missing.push(`(.notdef in "${word}")`);
  }
  return missing;
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

test('a paid booking has its invoice: on the booking, and as a PDF labelled as a GST tax invoice requires, drawn with ₹ and the dash', async () => {
  const booking = await paid();
  expect(booking.invoiceNumber).toMatch(/^UTS\/\d{4}-\d{2}\/\d{6}$/);
  const { answer, bytes, text } = await downloaded(booking, consumer, 'invoice-en');
  expect(answer.headers.get('content-type')).toBe('application/pdf');
  expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Utsav-invoice-${booking.invoiceNumber!.replaceAll('/', '-')}.pdf"`);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { advance, platformFee, gst, payNow } = paymentBreakdown(menu.price);
  const flat = text.replace(/\s+/g, ' ');
  // the labels a tax invoice carries, each with its figure (the fixture's address is in Karnataka, the local seller's state)
  for (const words of [
    'Tax Invoice',
    `Invoice number: ${booking.invoiceNumber}`,
    'Invoice date: ',
    'GSTIN: ',
    'Place of supply: Karnataka',
    'SAC',
    '998599',
    `Taxable value ${rupees(platformFee)}`,
    `CGST @ 9% ${rupees(Math.floor(gst / 2))}`,
    `SGST @ 9% ${rupees(gst - Math.floor(gst / 2))}`,
    `Total invoice value (incl. GST) ${rupees(platformFee + gst)}`,
    'Total invoice value in words: Indian Rupees ',
    `${rupees(advance)}`,
    `Total received ${rupees(payNow)}`,
    // the booking's dates joined by the en dash, as the app writes them
    `${formatDate(booking.preferredDateRange.from)} – ${formatDate(booking.preferredDateRange.to)}`,
    menu.name,
  ]) {
    expect([words, flat.includes(words)]).toEqual([words, true]);
  }
  // the total with GST is never labelled a taxable value; the provider is named once in the description
  expect(flat).not.toContain('Taxable value and GST');
  expect(flat).not.toContain(`Taxable value ${rupees(platformFee + gst)}`);
  expect(flat).not.toContain('by Lens Studio');
  expect(flat).toContain('Lens Studio Photography,');
  expect(drawsEveryCharacter(text)).toEqual([]);
  // the check sees tofu where there would be some (a CJK character the font does not have)
  expect(drawsEveryCharacter('漢')).toEqual(['漢', '(.notdef in "漢")']);
});

test('a consumer with a Hindi name: drawn in Devanagari, no tofu (.data/invoice-hi.png)', async () => {
  const hindi = await signInWithPhone();
  await onboardConsumer(db(), hindi, { name: 'आशा वर्मा' });
  const booking = await paid(hindi);
  const { text } = await downloaded(booking, hindi, 'invoice-hi');
  expect(text).toMatch(/[\u0900-\u097F]/);
  expect(drawsEveryCharacter(`आशा वर्मा ${text}`)).toEqual([]);
});

test('the invoice words: the provider added only when the title does not name it; amounts in words the Indian way', () => {
  const dates = { from: '2027-02-13', to: '2027-02-14' };
  expect(invoiceDescription({ menuName: 'Gold', serviceTitle: 'Wedding catering by Shree Caterers', providerName: 'Shree Caterers', preferredDateRange: dates })).toBe(
    'Gold — Wedding catering by Shree Caterers, 13 Feb 2027 – 14 Feb 2027',
  );
  expect(invoiceDescription({ menuName: 'Gold', serviceTitle: 'Candid wedding photography', providerName: 'Lens Studio', preferredDateRange: dates })).toBe(
    'Gold — Candid wedding photography by Lens Studio, 13 Feb 2027 – 14 Feb 2027',
  );
  expect(amountInWords(295_000)).toBe('Indian Rupees Two Thousand Nine Hundred Fifty Only');
  expect(amountInWords(12_345_678_905)).toBe('Indian Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Five Paise Only');
  expect(amountInWords(10_000_000)).toBe('Indian Rupees One Lakh Only');
});

test("no invoice before payment (404 saying so); someone else's is 403", async () => {
  const unpaid = await bookingIn(stack.server, consumer, menu);
  const answer = await request(`${api()}/bookings/${unpaid.bookingId}/invoice`, { token: consumer.idToken });
  expect(answer).toMatchObject({ status: 404, body: errorSaying('No invoice yet: one is issued when the advance is paid.') });
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
