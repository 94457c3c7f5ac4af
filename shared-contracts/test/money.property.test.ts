import fc from 'fast-check';
import { formatINR, paymentBreakdown } from '../src/domain/money';

/**
 * Property tests of the money helpers (spec §9), checked against reference computations in BigInt, so a
 * float rounding in the code under test cannot hide behind the same float rounding in the test.
 */

const RUNS = { numRuns: 1000 };
const MAX_PAISE = 10_000_000_000; // ₹10 crore

/** round(amount × numerator / denominator), half up, for non-negative BigInts. */
function roundHalfUp(amount: bigint, numerator: bigint, denominator: bigint): bigint {
  return (amount * numerator * 2n + denominator) / (denominator * 2n);
}

/** The spec's payment summary, in exact integer arithmetic. */
function referenceBreakdown(total: number) {
  const t = BigInt(total);
  const advance = roundHalfUp(t, 10n, 100n); // 10% of the amount
  const platformFee = roundHalfUp(advance, 2n, 100n); // 2% of the advance
  const gst = roundHalfUp(platformFee, 18n, 100n); // 18% of the fee
  return { total: t, advance, platformFee, gst, payNow: advance + platformFee + gst, remaining: t - advance };
}

const paise = fc.integer({ min: 0, max: MAX_PAISE });
/** Amounts that land exactly on a rounding half (…5 paise of a share), where float drift would show first. */
const halfwayPaise = fc.oneof(
  paise,
  fc.integer({ min: 0, max: MAX_PAISE / 10 - 1 }).map((n) => n * 10 + 5), // advance 10% of …5 → x.5
  fc.integer({ min: 0, max: MAX_PAISE / 100 - 1 }).map((n) => n * 100 + 25), // advance x.5 and its fee near a half
  fc.constantFrom(0, 1, 4, 5, 6, 9, 10, 15, 25, 249, 250, 251, 2_500, 2_499, 2_501, 27_778, MAX_PAISE, MAX_PAISE - 1, MAX_PAISE - 5),
);

describe('paymentBreakdown (spec §9) for any integer total in [0, 10^10] paise', () => {
  test('every part is an integer, non-negative and equal to the exact reference', () => {
    fc.assert(
      fc.property(halfwayPaise, (total) => {
        const breakdown = paymentBreakdown(total);
        for (const value of Object.values(breakdown)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        const reference = referenceBreakdown(total);
        expect({
          total: BigInt(breakdown.total),
          advance: BigInt(breakdown.advance),
          platformFee: BigInt(breakdown.platformFee),
          gst: BigInt(breakdown.gst),
          payNow: BigInt(breakdown.payNow),
          remaining: BigInt(breakdown.remaining),
        }).toEqual(reference);
      }),
      RUNS,
    );
  });

  test('payNow is exactly advance + fee + GST, and remaining is exactly total − advance', () => {
    fc.assert(
      fc.property(halfwayPaise, (total) => {
        const { advance, platformFee, gst, payNow, remaining } = paymentBreakdown(total);
        expect(BigInt(payNow)).toBe(BigInt(advance) + BigInt(platformFee) + BigInt(gst));
        expect(BigInt(remaining)).toBe(BigInt(total) - BigInt(advance));
        expect(BigInt(advance) + BigInt(remaining)).toBe(BigInt(total));
      }),
      RUNS,
    );
  });

  test('monotonic: a larger total never pays less now, nor leaves less remaining', () => {
    fc.assert(
      fc.property(halfwayPaise, fc.integer({ min: 0, max: 1_000 }), (total, more) => {
        const larger = Math.min(total + more, MAX_PAISE);
        const small = paymentBreakdown(total);
        const big = paymentBreakdown(larger);
        expect(big.payNow).toBeGreaterThanOrEqual(small.payNow);
        expect(big.advance).toBeGreaterThanOrEqual(small.advance);
        expect(big.remaining).toBeGreaterThanOrEqual(small.remaining);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(paise, paise, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(paymentBreakdown(high).payNow).toBeGreaterThanOrEqual(paymentBreakdown(low).payNow);
      }),
      RUNS,
    );
  });
});

describe('formatINR for any non-negative paise amount', () => {
  const INDIAN_FORMAT = /^₹\d{1,2}(,\d{2})*(,\d{3})?\.\d{2}$|^₹\d{1,3}\.\d{2}$/;

  // the platform's own en-IN currency formatter is the reference formatINR must equal
  const intlINR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  const referenceINR = (amount: number): string => intlINR.format(amount / 100);

  test('matches the Indian grouping pattern and equals the exact reference string', () => {
    fc.assert(
      fc.property(halfwayPaise, (amount) => {
        const formatted = formatINR(amount);
        expect(formatted).toMatch(INDIAN_FORMAT);
        expect(formatted).toBe(referenceINR(amount));
      }),
      RUNS,
    );
  });

  test('round-trips: the digits parsed back are the same paise (no float drift in amount / 100)', () => {
    fc.assert(
      fc.property(halfwayPaise, (amount) => {
        const digits = formatINR(amount).replace(/^₹/, '').replace(/[,.]/g, '');
        expect(BigInt(digits)).toBe(BigInt(amount));
      }),
      RUNS,
    );
  });

  test('known landmarks', () => {
    expect(formatINR(0)).toBe('₹0.00');
    expect(formatINR(1)).toBe('₹0.01');
    expect(formatINR(99_999)).toBe('₹999.99');
    expect(formatINR(100_000)).toBe('₹1,000.00');
    expect(formatINR(MAX_PAISE)).toBe('₹10,00,00,000.00');
    expect(formatINR(MAX_PAISE - 1)).toBe('₹9,99,99,999.99');
  });

  test('a negative amount (a refund line) reads as Intl writes it: the sign before the ₹', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PAISE }), (amount) => {
        expect(formatINR(-amount)).toBe(referenceINR(-amount));
      }),
      RUNS,
    );
  });
});
