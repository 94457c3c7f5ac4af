import * as z from './zod';
import { said } from '../validation-messages';
import { monthSchema } from './booking';

/**
 * A provider's earnings (issue 36, item 6): GET /provider/{pid}/earnings?months=N, per month of India's
 * calendar, newest first, every figure integer paise read from the payments ledger (never computed in a page):
 *
 * - `advances`: the advances received on the provider's behalf — each paying capture's GST invoice's advance;
 * - `platformFee`, `gst`: Utsav's platform fee and its GST exactly as those invoices state them (the consumer
 *   paid them on top of the advance: they are not taken from it);
 * - `refunds`: what went back to consumers who cancelled (processed refunds, the month they were processed);
 * - `net` = advances − refunds: what the provider keeps of the advances.
 *
 * A payment that paid for nothing (a cancelled booking's, a second one) is refunded whole and is no advance:
 * it appears in none of these figures. The CSV (GET /provider/{pid}/earnings.csv) carries the same figures.
 */

export const EARNINGS_DEFAULT_MONTHS = 12;
export const EARNINGS_MAX_MONTHS = 36;

export const earningsFiguresSchema = z.object({
  advances: z.number().int().nonnegative(),
  refunds: z.number().int().nonnegative(),
  platformFee: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  net: z.number().int(),
  /** how many paying captures (invoices) the advances are */
  payments: z.number().int().nonnegative(),
  /** how many refunds the refunds are */
  refundCount: z.number().int().nonnegative(),
});
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

export const earningsMonthSchema = earningsFiguresSchema.extend({ month: monthSchema });
export type EarningsMonth = z.infer<typeof earningsMonthSchema>;

export const providerEarningsSchema = z.object({
  providerId: z.string(),
  currency: z.literal('INR'),
  /** every month of the range, newest first (a month with nothing in it is all zeros) */
  months: z.array(earningsMonthSchema),
  /** the months' sums */
  totals: earningsFiguresSchema,
});
export type ProviderEarnings = z.infer<typeof providerEarningsSchema>;

/** `?months=` of the earnings: how many months back from this one (India's), 1–36, default 12. */
export const earningsQuerySchema = z.object({
  months: z.coerce
    .number({ error: said('validation.number', { label: 'months' }) })
    .int({ error: said('validation.wholeNumber', { label: 'months' }) })
    .min(1, { error: said('validation.between', { label: 'months', min: 1, max: EARNINGS_MAX_MONTHS }) })
    .max(EARNINGS_MAX_MONTHS, { error: said('validation.between', { label: 'months', min: 1, max: EARNINGS_MAX_MONTHS }) })
    .default(EARNINGS_DEFAULT_MONTHS),
});
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;
