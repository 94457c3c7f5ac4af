import type { EarningsFigures, EarningsMonth, ProviderEarnings } from '@utsav/contracts/schemas';
import { nowInIndia } from '@utsav/contracts/slot-rules';
import type { Query } from '../db';

/**
 * A provider's earnings (issue 36, item 6), read from the payments ledger and nowhere else:
 *
 * - advances, platform fee and GST: the GST invoices of the provider's bookings (payments/invoices.ts writes one
 *   in the transaction that records a capture paying for its booking, from the booking's `payment` breakdown), so
 *   the fee is the invoice's own figure, never worked out again; the month is the invoice's date (India's);
 * - refunds: the cancellation refunds of the provider's bookings the payment provider has processed
 *   (`payment_refunds`, reason `cancelled_by_consumer`), the month they were processed in (India's time).
 *   Other refunds give back a whole payment that paid for nothing (no invoice): they were never an advance.
 *
 * The statements sum in SQL (bigint, then checked to fit), so a figure is the ledger's sum by construction.
 */

/** India's month ('YYYY-MM') of a moment kept as timestamptz: UTC+05:30 all year. */
const INDIA_MONTH = (column: string) => `to_char((${column} AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM')`;

const ADVANCES_SQL = `
  SELECT to_char(i.issued_on, 'YYYY-MM') AS month, count(*)::integer AS payments,
         sum(i.advance)::bigint::text AS advances, sum(i.platform_fee)::bigint::text AS platform_fee, sum(i.gst)::bigint::text AS gst
  FROM invoices i
  JOIN payments p ON p.id = i.payment_id AND p.status = 'captured'
  JOIN bookings b ON b.id = i.booking_id
  WHERE b.provider_id = $1 AND i.issued_on >= $2::date AND i.issued_on < $3::date
  GROUP BY 1`;

const REFUNDS_SQL = `
  SELECT ${INDIA_MONTH('r.updated_at')} AS month, count(*)::integer AS refund_count, sum(r.amount)::bigint::text AS refunds
  FROM payment_refunds r
  JOIN bookings b ON b.id = r.booking_id
  WHERE b.provider_id = $1 AND r.reason = 'cancelled_by_consumer' AND r.status = 'processed'
    AND r.updated_at >= ($2::date::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC'
    AND r.updated_at < ($3::date::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC'
  GROUP BY 1`;

/** 'YYYY-MM' `back` months before `month`. */
export function monthsBefore(month: string, back: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const paise = (text: string | null | undefined): number => {
  const value = Number(text ?? 0);
  if (!Number.isSafeInteger(value)) throw new RangeError(`an earnings sum is not a safe integer: ${text}`);
  return value;
};

const ZERO: EarningsFigures = { advances: 0, refunds: 0, platformFee: 0, gst: 0, net: 0, payments: 0, refundCount: 0 };

function add(sum: EarningsFigures, month: EarningsFigures): EarningsFigures {
  return {
    advances: sum.advances + month.advances,
    refunds: sum.refunds + month.refunds,
    platformFee: sum.platformFee + month.platformFee,
    gst: sum.gst + month.gst,
    net: sum.net + month.net,
    payments: sum.payments + month.payments,
    refundCount: sum.refundCount + month.refundCount,
  };
}

/** The provider's earnings in the `months` months up to and including this one (India's calendar at `now`), newest first. */
export async function providerEarnings(query: Query, providerId: string, months: number, now: Date): Promise<ProviderEarnings> {
  const current = nowInIndia(now).date.slice(0, 7);
  const first = monthsBefore(current, months - 1);
  const from = `${first}-01`;
  const until = `${monthsBefore(current, -1)}-01`;
  const [advances, refunds] = await Promise.all([
    query<{ month: string; payments: number; advances: string; platform_fee: string; gst: string }>(ADVANCES_SQL, [providerId, from, until]),
    query<{ month: string; refund_count: number; refunds: string }>(REFUNDS_SQL, [providerId, from, until]),
  ]);
  const advancesOf = new Map(advances.map((row) => [row.month, row]));
  const refundsOf = new Map(refunds.map((row) => [row.month, row]));
  const list: EarningsMonth[] = [];
  for (let back = 0; back < months; back++) {
    const month = monthsBefore(current, back);
    const paid = advancesOf.get(month);
    const refunded = refundsOf.get(month);
    const figures = {
      advances: paise(paid?.advances),
      platformFee: paise(paid?.platform_fee),
      gst: paise(paid?.gst),
      payments: paid?.payments ?? 0,
      refunds: paise(refunded?.refunds),
      refundCount: refunded?.refund_count ?? 0,
    };
    list.push({ month, ...figures, net: figures.advances - figures.refunds });
  }
  return { providerId, currency: 'INR', months: list, totals: list.reduce<EarningsFigures>((sum, { month: _month, ...figures }) => add(sum, figures), ZERO) };
}

const CSV_COLUMNS = ['month', 'advances_paise', 'refunds_paise', 'net_paise', 'platform_fee_paise', 'gst_on_fee_paise', 'payments', 'refunds'] as const;

/** The earnings as CSV (RFC 4180, CRLF): a header, one line per month (newest first), then the totals. Paise, as the JSON. */
export function earningsCsv(earnings: ProviderEarnings): string {
  const line = (label: string, figures: EarningsFigures) =>
    [label, figures.advances, figures.refunds, figures.net, figures.platformFee, figures.gst, figures.payments, figures.refundCount].join(',');
  return [CSV_COLUMNS.join(','), ...earnings.months.map((month) => line(month.month, month)), line('total', earnings.totals)].map((row) => `${row}\r\n`).join('');
}
