import { formatINR, percentOf, type Paise } from './money';
import type { RefundStatus } from './schemas/booking';
import { BOOKING_TIME_ZONE_OFFSET } from './booking-request';
import { commonText, type CommonMessage } from './common-messages';
import { DEFAULT_LOCALE, type Locale } from './language';

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
  /** the rule's id in the contracts' catalogue ('common'): the rule in the page's language */
  ruleId: CommonMessage;
  /** the rule in words (English), as the API sends it and the dialog shows it */
  rule: string;
}

// the words are looked up when read, never as this module loads: a process that only checks its settings
// and stops (the API refusing production) never needs them
const tierOf = (moreThanHoursBefore: number, refundBps: number, ruleId: CommonMessage): CancellationTier => ({
  moreThanHoursBefore,
  refundBps,
  ruleId,
  get rule() {
    return commonText(DEFAULT_LOCALE, ruleId);
  },
});

export const CANCELLATION_TIERS: readonly CancellationTier[] = [
  tierOf(7 * 24, 10_000, 'cancellation.rule.wholeAdvance'),
  tierOf(24, 5_000, 'cancellation.rule.halfAdvance'),
  tierOf(-Infinity, 0, 'cancellation.rule.noRefund'),
];

/** A tier's rule in a language: 'More than 7 days before the start: the whole advance back'. */
export const cancellationRule = (tier: CancellationTier, locale: Locale = DEFAULT_LOCALE): string => commonText(locale, tier.ruleId);

/** 'The platform fee and its GST are not refunded.' in a language. */
export const notRefundedRule = (locale: Locale = DEFAULT_LOCALE): string => commonText(locale, 'cancellation.notRefunded');


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

/** Where a cancellation's refund is, in words (a booking card, the Order Summary), in a language: 'refund requested'. */
export const refundStatusText = (status: RefundStatus, locale: Locale = DEFAULT_LOCALE): string => commonText(locale, `refund.${status}`);

/** "₹5,000.00, refunded": a cancelled booking's refund as its card and Order Summary show it (in `locale`). */
export const refundText = ({ amount, status }: { amount: Paise; status: RefundStatus }, locale: Locale = DEFAULT_LOCALE): string =>
  `${formatINR(amount)}, ${refundStatusText(status, locale)}`;
