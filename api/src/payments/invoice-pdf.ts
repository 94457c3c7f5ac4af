import { formatINR } from '@utsav/contracts/money';
import { formatDate } from '@utsav/contracts/date-format';
import type { InvoiceRow } from './invoices';

/**
 * The invoice as a PDF (pdfkit, A4). The seller is Utsav (INVOICE_SELLER_* settings); the platform fee is
 * Utsav's supply, with GST at 18% — CGST and SGST halves when the buyer is in the seller's state, IGST
 * otherwise; the advance is received on the provider's behalf and is not Utsav's supply. The PDF's standard
 * font has no rupee sign: amounts read "Rs. 1,00,000.00".
 */

export interface InvoiceSeller {
  name: string;
  address: string;
  state: string;
  gstin: string;
}

/** Platform services: SAC 998599 (other support services). */
const SAC = '998599';

const rupees = (paise: number) => formatINR(paise).replace('₹', 'Rs. ');

/** GST of the fee as the invoice splits it: two exact halves that add up to it, or all of it as IGST. */
export function gstLines(gst: number, intraState: boolean): [string, number][] {
  if (!intraState) return [['IGST @ 18%', gst]];
  const cgst = Math.floor(gst / 2);
  return [
    ['CGST @ 9%', cgst],
    ['SGST @ 9%', gst - cgst],
  ];
}

export async function renderInvoicePdf(invoice: InvoiceRow, seller: InvoiceSeller): Promise<Buffer> {
  // loaded when an invoice is first drawn, not with the API: pdfkit reads its font files relative to its own
  // module, which a browser-like test environment (the sandbox's checkout page tests) cannot give it
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Tax invoice ${invoice.number}`, Author: seller.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(18).text('Tax Invoice');
    doc.moveDown(0.5).font('Helvetica').fontSize(10);
    doc.text(`Invoice number: ${invoice.number}`);
    doc.text(`Date: ${formatDate(invoice.issued_on)}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(seller.name);
    doc.font('Helvetica').text(seller.address).text(`State: ${seller.state}`).text(`GSTIN: ${seller.gstin}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Billed to');
    doc.font('Helvetica').text(invoice.buyer_name).text(invoice.buyer_email);
    if (invoice.buyer_address) doc.text(invoice.buyer_address);
    doc.text(`Place of supply: ${invoice.buyer_state || seller.state}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('For');
    doc.font('Helvetica').text(invoice.description);
    doc.moveDown();

    const row = (label: string, amount: number, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 50, y, { width: 360 });
      doc.text(rupees(amount), 410, y, { width: 135, align: 'right' });
      doc.moveDown(0.4);
    };
    doc.font('Helvetica-Bold').text(`Utsav platform services (SAC ${SAC})`);
    doc.moveDown(0.4);
    row('Platform fee', invoice.platform_fee);
    const intraState = invoice.buyer_state !== '' && invoice.buyer_state.toLowerCase() === seller.state.toLowerCase();
    for (const [label, amount] of gstLines(invoice.gst, intraState)) row(label, amount);
    row('Taxable value and GST', invoice.platform_fee + invoice.gst, true);
    doc.moveDown(0.6);
    row('Booking advance received on behalf of the provider (not a supply by Utsav)', invoice.advance);
    doc.moveDown(0.6);
    row('Total received', invoice.total, true);
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text('This is a computer-generated invoice and needs no signature.', 50, doc.y);
    doc.end();
  });
}
