import { formatINR, percentOf, type Paise } from './money';
import type { RefundStatus } from './schemas/booking';
import { BOOKING_TIME_ZONE_OFFSET } from './booking-request';

/**
 * What a consumer gets back when they cancel an accepted or confirmed booking (issue 19, item 2): a share of
 * the advance they paid, by how long before the booking starts they cancel. The platform fee and its GST
 * are never refunded. Pure and shared: the cancel dialog shows exactly what the API will refund.
 *
 *   more than 7 days before the start   the whole advance
 *   within 7 days                        half the advance
 *   within 24 hours (or after the start) nothing
 */
export interface CancellationTier {
  /** from this many hours before the start (exclusive) … */
  moreThanHoursBefore: number;
  /** … this share of the advance comes back, in basis points */
  refundBps: number;
  /** the rule in words, as the dialog and the booking show it */
  rule: string;
}

export const CANCELLATION_TIERS: readonly CancellationTier[] = [
  { moreThanHoursBefore: 7 * 24, refundBps: 10_000, rule: 'More than 7 days before the start: the whole advance back' },
  { moreThanHoursBefore: 24, refundBps: 5_000, rule: 'Within 7 days of the start: half the advance back' },
  { moreThanHoursBefore: -Infinity, refundBps: 0, rule: 'Within 24 hours of the start: no refund' },
];

export const NOT_REFUNDED_RULE = 'The platform fee and its GST are not refunded.';

/** When a booking starts: its first date at its start time, in India. */
export function bookingStartsAt(dateFrom: string, timeStart: string): number {
  return Date.parse(`${dateFrom}T${timeStart}:00${BOOKING_TIME_ZONE_OFFSET}`);
}

export interface CancellationRefund {
  tier: CancellationTier;
  /** paise back to the consumer: the tier's share of the advance paid (0 when nothing was paid) */
  refund: Paise;
}

/**
 * The refund for cancelling at `now` (ms) a booking starting at `startsAt` (ms) whose advance `advancePaid`
 * (paise; 0 when it was never paid) was paid.
 */
export function cancellationRefund({ advancePaid, startsAt, now }: { advancePaid: Paise; startsAt: number; now: number }): CancellationRefund {
  const hoursBefore = (startsAt - now) / 3_600_000;
  const tier = CANCELLATION_TIERS.find((candidate) => hoursBefore > candidate.moreThanHoursBefore) ?? CANCELLATION_TIERS[CANCELLATION_TIERS.length - 1]!;
  return { tier, refund: percentOf(advancePaid, tier.refundBps) };
}

/** Where a cancellation's refund is, in words (a booking card, the Order Summary). */
export const REFUND_STATUS_TEXT: Readonly<Record<RefundStatus, string>> = {
  due: 'refund requested',
  pending: 'refund on its way (5–7 working days)',
  processed: 'refunded',
  failed: 'refund failed: our team will contact you',
};

/** "₹5,000.00, refunded": a cancelled booking's refund as its card and Order Summary show it. */
export const refundText = ({ amount, status }: { amount: Paise; status: RefundStatus }): string => `${formatINR(amount)}, ${REFUND_STATUS_TEXT[status]}`;
