import { formatAddress } from '@utsav/contracts/address-format';
import { formatDateRange } from '@utsav/contracts/date-format';
import { nowInIndia } from '@utsav/contracts/slot-rules';
import { titleNamesProvider, type Booking } from '@utsav/contracts/schemas';
import type { SqlSession } from '../db';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from '../bookings/booking-rows';

/**
 * GST tax invoices (issue 19, item 6; migration 019). Issued in the transaction that records a captured payment
 * paying for its booking: Utsav's own supply (the platform fee, with GST at 18%) and, separately, the advance
 * received on the provider's behalf. Numbered UTS/<financial year>/<sequence> with no gaps per year.
 */

/** India's financial year of a day ('2026-11-25' → '2026-27'; '2027-03-31' → '2026-27'). */
export function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

export const invoiceNumber = (year: string, sequence: number) => `UTS/${year}/${String(sequence).padStart(6, '0')}`;

/**
 * What the invoice says the booking is: its package, its service, by whom and when ('Gold — Wedding catering by
 * Shree Caterers, 13 Feb 2027 – 14 Feb 2027'). Most services' titles already name their provider ('… by Shree
 * Caterers', '… at Glow Studio'): the provider is added only when the title does not name it.
 */
export function invoiceDescription(booking: Pick<Booking, 'menuName' | 'serviceTitle' | 'providerName' | 'preferredDateRange'>): string {
  const service = titleNamesProvider(booking.serviceTitle, booking.providerName) ? booking.serviceTitle : `${booking.serviceTitle} by ${booking.providerName}`;
  return `${booking.menuName} — ${service}, ${formatDateRange(booking.preferredDateRange)}`;
}

export interface InvoiceRow {
  number: string;
  issued_on: string;
  buyer_name: string;
  buyer_email: string;
  buyer_address: string;
  buyer_state: string;
  description: string;
  platform_fee: number;
  gst: number;
  advance: number;
  total: number;
  /** the booking's provider, on whose behalf the advance was received */
  provider_name: string | null;
}

/**
 * Issues the invoice of a captured payment (once: a payment already invoiced keeps its invoice). The year's
 * counter is taken under its row lock, in the caller's transaction.
 */
export async function issueInvoice(session: SqlSession, { paymentId, bookingId, now }: { paymentId: string; bookingId: string; now: Date }): Promise<string> {
  const [existing] = await session.query<{ number: string }>('SELECT number FROM invoices WHERE payment_id = $1', [paymentId]);
  if (existing) return existing.number;
  const issuedOn = nowInIndia(now).date;
  const year = financialYear(issuedOn);
  const [counter] = await session.query<{ last_number: number }>(
    `INSERT INTO invoice_counters (financial_year, last_number) VALUES ($1, 1)
     ON CONFLICT (financial_year) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING last_number`,
    [year],
  );
  const sequence = counter!.last_number;
  const number = invoiceNumber(year, sequence);
  // the booking as every read has it, worded by the contracts' formatters (as its pages show it)
  const [row] = await session.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.id = $1`, [bookingId]);
  const booking = toBooking(row!);
  const { advance, platformFee, gst, payNow } = booking.payment;
  const address = booking.address ? formatAddress(booking.address) : '';
  const description = invoiceDescription(booking);
  await session.query(
    `INSERT INTO invoices (number, financial_year, sequence, payment_id, booking_id, issued_on, buyer_name, buyer_email, buyer_address,
                           buyer_state, description, platform_fee, gst, advance, total)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [number, year, sequence, paymentId, bookingId, issuedOn, row!.consumer_name, row!.consumer_email, address, booking.address?.state ?? '', description, platformFee, gst, advance, payNow],
  );
  return number;
}

/** The booking's invoice (its paying capture's), or null when it has none. */
export async function findInvoice(session: Pick<SqlSession, 'query'>, bookingId: string): Promise<InvoiceRow | null> {
  const [row] = await session.query<InvoiceRow>(
    `SELECT i.number, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, i.buyer_name, i.buyer_email, i.buyer_address, i.buyer_state,
            i.description, i.platform_fee, i.gst, i.advance, i.total, b.provider_name
     FROM invoices i LEFT JOIN bookings b ON b.id = i.booking_id WHERE i.booking_id = $1 ORDER BY i.created_at LIMIT 1`,
    [bookingId],
  );
  return row ?? null;
}
