import fs from 'node:fs';
import { formatINR } from '@utsav/contracts/money';
import { formatDate } from '@utsav/contracts/date-format';
import type { InvoiceRow } from './invoices';

/**
 * The GST tax invoice as a PDF (pdfkit, A4). The supplier is Utsav (INVOICE_SELLER_* settings); its supply is the
 * platform fee (SAC 998599), taxed at 18% — CGST 9% and SGST 9% when the place of supply is the supplier's state,
 * IGST 18% otherwise. Each is labelled as a tax invoice requires: the taxable value, each tax with its rate and
 * amount, and the total invoice value (in figures and in words). The booking's advance, received in the same
 * payment on the provider's behalf, is not Utsav's supply: it is shown apart, below the invoice, with the total
 * received. Amounts are the server's, in paise, exactly.
 *
 * Text is drawn in Noto Sans Devanagari (SIL Open Font Licence; a registry package, so production has it too):
 * it has Latin, the rupee sign, dashes and Devanagari — a buyer's Hindi name is shaped by pdfkit's fontkit. The
 * PDF standard fonts have no ₹ and no Devanagari.
 */

export interface InvoiceSeller {
  name: string;
  address: string;
  state: string;
  gstin: string;
}

/** Platform services: SAC 998599 (other support services). */
export const SAC = '998599';

const FONT_PACKAGE = '@expo-google-fonts/noto-sans-devanagari';
export const INVOICE_FONT_FILES = {
  regular: `${FONT_PACKAGE}/400Regular/NotoSansDevanagari_400Regular.ttf`,
  bold: `${FONT_PACKAGE}/700Bold/NotoSansDevanagari_700Bold.ttf`,
} as const;
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The two faces, read once from the package. */
function invoiceFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: fs.readFileSync(require.resolve(INVOICE_FONT_FILES.regular)), bold: fs.readFileSync(require.resolve(INVOICE_FONT_FILES.bold)) };
  return fonts;
}

/** GST of the fee as the invoice splits it: two exact halves that add up to it, or all of it as IGST. */
export function gstLines(gst: number, intraState: boolean): [string, number][] {
  if (!intraState) return [['IGST @ 18%', gst]];
  const cgst = Math.floor(gst / 2);
  return [
    ['CGST @ 9%', cgst],
    ['SGST @ 9%', gst - cgst],
  ];
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
function belowHundred(n: number): string {
  return n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
}
/** A whole number in words, the Indian way (crore, lakh, thousand, hundred): 1234567 → 'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven'. */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor((n % 100_000) / 1_000);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  const hundred = Math.floor((n % 1_000) / 100);
  if (hundred) parts.push(`${ONES[hundred]} Hundred`);
  if (n % 100) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}
/** An amount in words as invoices write it: 295050 paise → 'Indian Rupees Two Thousand Nine Hundred Fifty and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Indian Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} Paise` : ''} Only`;
}

/** The supplier's state with its GST state code (the GSTIN's first two digits) when the GSTIN has one. */
const stateWithCode = (seller: InvoiceSeller) => (/^\d{2}/.test(seller.gstin) ? `${seller.state} (code ${seller.gstin.slice(0, 2)})` : seller.state);

export async function renderInvoicePdf(invoice: InvoiceRow, seller: InvoiceSeller): Promise<Buffer> {
  // loaded when an invoice is first drawn, not with the API: pdfkit reads its font files relative to its own
  // module, which a browser-like test environment (the sandbox's checkout page tests) cannot give it
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = invoiceFonts();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Tax Invoice ${invoice.number}`, Author: seller.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('Regular', regular);
    doc.registerFont('Bold', bold);

    const LEFT = 50;
    const WIDTH = 495;
    const rule = (y = doc.y) => doc.moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).lineWidth(0.5).strokeColor('#999999').stroke();
    const labelled = (label: string, value: string) => doc.font('Bold').text(`${label}: `, { continued: true }).font('Regular').text(value);

    doc.font('Bold').fontSize(18).text('Tax Invoice', LEFT, 50);
    doc.moveDown(0.3).fontSize(10);
    labelled('Invoice number', invoice.number);
    labelled('Invoice date', formatDate(invoice.issued_on));
    doc.moveDown(0.6);

    // the supplier and the recipient, side by side
    const top = doc.y;
    const column = (x: number, heading: string, lines: string[]) => {
      doc.font('Bold').fontSize(9).fillColor('#555555').text(heading, x, top, { width: 235 });
      doc.fillColor('#000000').fontSize(10);
      lines.forEach((line, index) => doc.font(index === 0 ? 'Bold' : 'Regular').text(line, x, doc.y, { width: 235 }));
      return doc.y;
    };
    const placeOfSupply = invoice.buyer_state || seller.state;
    const intraState = placeOfSupply.trim().toLowerCase() === seller.state.trim().toLowerCase();
    const supplierEnd = column(LEFT, 'SUPPLIER', [seller.name, seller.address, `State: ${stateWithCode(seller)}`, `GSTIN: ${seller.gstin}`]);
    const recipientEnd = column(LEFT + 260, 'BILLED TO (RECIPIENT)', [
      invoice.buyer_name,
      invoice.buyer_email,
      ...(invoice.buyer_address ? [invoice.buyer_address] : []),
      `Place of supply: ${placeOfSupply}`,
    ]);
    doc.x = LEFT;
    doc.y = Math.max(supplierEnd, recipientEnd) + 14;

    // the line: what is supplied, its SAC and its taxable value
    const columns = { description: LEFT, sac: LEFT + 290, value: LEFT + 355 };
    const valueWidth = WIDTH - 355;
    const headerY = doc.y;
    doc.font('Bold').fontSize(9);
    doc.text('Description of service', columns.description, headerY, { width: 280 });
    doc.text('SAC', columns.sac, headerY, { width: 60 });
    doc.text('Taxable value', columns.value, headerY, { width: valueWidth, align: 'right' });
    rule(doc.y + 3);
    const lineY = doc.y + 8;
    doc.font('Regular').fontSize(10);
    // a date is never split across lines ('14 Feb' / '2027'): its spaces do not break
    const unbrokenDates = invoice.description.replace(/(\d{1,2}) (\S+) (\d{4})/gu, '$1\u00a0$2\u00a0$3');
    doc.text(`Utsav platform fee for the booking: ${unbrokenDates}`, columns.description, lineY, { width: 280 });
    const lineEnd = doc.y;
    doc.text(SAC, columns.sac, lineY, { width: 60 });
    doc.text(formatINR(invoice.platform_fee), columns.value, lineY, { width: valueWidth, align: 'right' });
    doc.y = lineEnd + 6;
    rule();
    doc.moveDown(0.6);

    // the taxes, each with its rate and amount, and the total invoice value
    const row = (label: string, amount: number, { strong = false } = {}) => {
      const y = doc.y;
      doc.font(strong ? 'Bold' : 'Regular').fontSize(10);
      doc.text(label, LEFT + 200, y, { width: 170 });
      doc.text(formatINR(amount), LEFT + 370, y, { width: WIDTH - 370, align: 'right' });
      doc.moveDown(0.35);
    };
    row('Taxable value', invoice.platform_fee);
    for (const [label, amount] of gstLines(invoice.gst, intraState)) row(label, amount);
    rule(doc.y);
    doc.moveDown(0.35);
    row('Total invoice value (incl. GST)', invoice.platform_fee + invoice.gst, { strong: true });
    doc.moveDown(0.3);
    doc.x = LEFT;
    labelled('Total invoice value in words', amountInWords(invoice.platform_fee + invoice.gst));
    labelled('Tax payable on reverse charge', 'No');
    doc.moveDown(1.2);

    // the rest of the same payment: not Utsav's supply
    doc.font('Bold').fontSize(9).fillColor('#555555').text('ALSO RECEIVED IN THIS PAYMENT (NOT PART OF THIS TAX INVOICE)', LEFT, doc.y);
    doc.fillColor('#000000').moveDown(0.3);
    const plain = (label: string, amount: number, strong = false) => {
      const y = doc.y;
      doc.font(strong ? 'Bold' : 'Regular').fontSize(10);
      doc.text(label, LEFT, y, { width: 360 });
      const end = doc.y;
      doc.text(formatINR(amount), LEFT + 370, y, { width: WIDTH - 370, align: 'right' });
      doc.y = Math.max(end, doc.y);
      doc.moveDown(0.35);
    };
    const provider = invoice.provider_name ? ` on behalf of ${invoice.provider_name}` : ' on behalf of the provider';
    plain(`Booking advance, received${provider} (not a supply by Utsav)`, invoice.advance);
    rule(doc.y);
    doc.moveDown(0.35);
    plain('Total received', invoice.total, true);
    doc.moveDown(2);
    doc.font('Regular').fontSize(8).fillColor('#555555').text('This is a computer-generated invoice and needs no signature.', LEFT, doc.y);
    doc.end();
  });
}
