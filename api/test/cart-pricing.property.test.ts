import fc from 'fast-check';
import { paymentBreakdown } from '@utsav/contracts/money';
import { allocateProportionally, lineDiscounts, priceCart } from '../src/cart/cart-pricing';

/**
 * Property tests of the cart's one price computation (src/cart/cart-pricing.ts), against exact BigInt references:
 * the parts always sum to the whole, nothing goes below zero, and each booking's payment is paymentBreakdown of its
 * discounted value.
 */

const RUNS = { numRuns: 1000 };
const MAX_PAISE = 10_000_000_000; // ₹10 crore a line
const price = fc.oneof(fc.integer({ min: 0, max: MAX_PAISE }), fc.integer({ min: 0, max: 1_000 }), fc.constantFrom(0, 1, 2, 99, 100, 2_500_000, 7_500_050));
const lines = fc.array(price, { minLength: 0, maxLength: 20 });
const percentage = fc.integer({ min: 0, max: 100 }).map((value) => ({ code: 'P', discountType: 'percentage' as const, discountValue: value }));
const fixed = fc.oneof(fc.integer({ min: 0, max: 2 * MAX_PAISE }), fc.integer({ min: 0, max: 10_000 })).map((value) => ({ code: 'F', discountType: 'fixed' as const, discountValue: value }));
const offer = fc.oneof(fc.constant(null), percentage, fixed);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('allocateProportionally (largest remainder)', () => {
  test('the parts sum exactly to the discount, each within one paisa of its exact share, none above its weight', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 2 * MAX_PAISE }), (weights, wanted) => {
        const total = sum(weights);
        const discount = Math.min(wanted, total);
        const parts = allocateProportionally(discount, weights);
        expect(parts).toHaveLength(weights.length);
        expect(sum(parts)).toBe(total === 0 ? 0 : discount);
        for (const [index, part] of parts.entries()) {
          expect(Number.isSafeInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(weights[index]!);
          if (total > 0) {
            const exactTimesTotal = BigInt(discount) * BigInt(weights[index]!);
            // floor(exact) ≤ part ≤ floor(exact) + 1
            expect(BigInt(part) * BigInt(total)).toBeGreaterThan(exactTimesTotal - BigInt(total));
            expect(BigInt(part) * BigInt(total)).toBeLessThan(exactTimesTotal + BigInt(total));
          }
        }
      }),
      RUNS,
    );
  });

  test('the spare paise go to the largest remainders, ties to the earlier line', () => {
    expect(allocateProportionally(500_000, [2_500_000, 1_200_000])).toEqual([337_838, 162_162]);
    expect(allocateProportionally(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(allocateProportionally(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocateProportionally(10, [0, 0])).toEqual([0, 0]);
    expect(allocateProportionally(0, [5, 5])).toEqual([0, 0]);
  });
});

describe('priceCart for any lines and any offer', () => {
  test('every figure is a non-negative integer; Σ parts = whole; discount never exceeds a line', () => {
    fc.assert(
      fc.property(lines, offer, (listAmounts, chosen) => {
        const { lines: priced, totals } = priceCart(listAmounts, chosen);
        expect(priced).toHaveLength(listAmounts.length);
        for (const [index, line] of priced.entries()) {
          for (const value of Object.values(line)) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(line.listAmount).toBe(listAmounts[index]);
          expect(line.discount).toBeLessThanOrEqual(line.listAmount);
          expect(line.amount).toBe(line.listAmount - line.discount);
          const { total, ...charged } = paymentBreakdown(line.amount);
          expect(total).toBe(line.amount);
          expect({ advance: line.advance, platformFee: line.platformFee, gst: line.gst, payNow: line.payNow, remaining: line.remaining }).toEqual(charged);
          expect(line.advance + line.remaining).toBe(line.amount);
        }
        expect(totals.subtotal).toBe(sum(listAmounts));
        expect(totals.discount).toBe(sum(priced.map((line) => line.discount)));
        expect(totals.total).toBe(totals.subtotal - totals.discount);
        expect(totals.total).toBe(sum(priced.map((line) => line.amount)));
        expect(totals.dueAfterAcceptance).toBe(sum(priced.map((line) => line.payNow)));
        expect(totals.paidToProviderLater).toBe(sum(priced.map((line) => line.remaining)));
      }),
      RUNS,
    );
  });

  test('a percentage takes round-half-up(percent) of each line; a fixed amount, capped at the subtotal, is taken exactly', () => {
    fc.assert(
      fc.property(lines, fc.oneof(percentage, fixed), (listAmounts, chosen) => {
        const discounts = lineDiscounts(listAmounts, chosen);
        if (chosen.discountType === 'percentage') {
          discounts.forEach((discount, index) =>
            expect(BigInt(discount)).toBe((BigInt(listAmounts[index]!) * BigInt(chosen.discountValue) * 2n + 100n) / 200n),
          );
        } else {
          expect(sum(discounts)).toBe(Math.min(chosen.discountValue, sum(listAmounts)));
        }
      }),
      RUNS,
    );
  });

  test('no offer, no discount; 100% off makes every line free', () => {
    fc.assert(
      fc.property(lines, (listAmounts) => {
        expect(priceCart(listAmounts, null).totals.discount).toBe(0);
        expect(priceCart(listAmounts, { code: 'ALL', discountType: 'percentage', discountValue: 100 }).totals.total).toBe(0);
      }),
      RUNS,
    );
  });
});
