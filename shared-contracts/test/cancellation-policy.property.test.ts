import fc from 'fast-check';
import { bookingStartsAt, cancellationRefund, CANCELLATION_TIERS } from '../src/domain/cancellation-policy';
import { paymentBreakdown } from '../src/domain/money';

const HOUR = 3_600_000;
const START = bookingStartsAt('2026-12-20', '10:00');

describe('the cancellation policy', () => {
  it('starts a booking at its first date and start time in India', () => {
    expect(new Date(START).toISOString()).toBe('2026-12-20T04:30:00.000Z');
  });

  it.each([
    [8 * 24, 1_000_000, 1_000_000, 'More than 7 days before the start: the whole advance back'],
    [7 * 24 + 0.01, 1_000_000, 1_000_000, 'More than 7 days before the start: the whole advance back'],
    [7 * 24, 1_000_000, 500_000, 'Within 7 days of the start: half the advance back'],
    [25, 1_000_001, 500_001, 'Within 7 days of the start: half the advance back'],
    [24, 1_000_000, 0, 'Within 24 hours of the start: no refund'],
    [1, 1_000_000, 0, 'Within 24 hours of the start: no refund'],
    [-5, 1_000_000, 0, 'Within 24 hours of the start: no refund'],
  ])('%s hours before the start, an advance of %s paise gives back %s (%s)', (hoursBefore, advancePaid, refund, rule) => {
    const answer = cancellationRefund({ advancePaid, startsAt: START, now: START - hoursBefore * HOUR });
    expect(answer.refund).toBe(refund);
    expect(answer.tier.rule).toBe(rule);
  });

  it('never gives back more than the advance, nor any of the platform fee or its GST', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: -1000, max: 10_000 }), (total, hoursBefore) => {
        const payment = paymentBreakdown(total);
        const { refund } = cancellationRefund({ advancePaid: payment.advance, startsAt: START, now: START - hoursBefore * HOUR });
        expect(Number.isInteger(refund)).toBe(true);
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(refund).toBeLessThanOrEqual(payment.advance);
        expect(payment.payNow - refund).toBeGreaterThanOrEqual(payment.platformFee + payment.gst);
      }),
    );
  });

  it('gives back no more the later one cancels', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: -1000, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (advancePaid, earlier, gap) => {
        const early = cancellationRefund({ advancePaid, startsAt: START, now: START - (earlier + gap) * HOUR });
        const late = cancellationRefund({ advancePaid, startsAt: START, now: START - earlier * HOUR });
        expect(late.refund).toBeLessThanOrEqual(early.refund);
      }),
    );
  });

  it('has a tier for every moment, the last one giving nothing', () => {
    expect(CANCELLATION_TIERS[CANCELLATION_TIERS.length - 1]).toMatchObject({ refundBps: 0, moreThanHoursBefore: -Infinity });
  });
});
