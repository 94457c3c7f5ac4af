import fc from 'fast-check';
import { SERVICE_CATEGORIES } from '@utsav/contracts/schemas';
import { countedQuotes, figuresOf, rollUpEvent, rollUpPlan, type BookedLine, type QuotedLine } from '../src/plans/budget-rollup';

/**
 * The budget's arithmetic (budget-rollup.ts), pure: properties over any bookings and quotes, so the rule that
 * alternatives are not added up holds whatever the couple was quoted.
 */

const RUNS = { numRuns: 500 };
const category = fc.constantFrom(...SERVICE_CATEGORIES.slice(0, 5));
const amount = fc.integer({ min: 1, max: 1_000_000_000 });
const id = fc.uuid();

const booking: fc.Arbitrary<BookedLine> = fc.record({
  id,
  serviceId: id,
  serviceTitle: fc.constant('A service'),
  providerName: fc.constant('A provider'),
  category,
  amount,
  status: fc.constantFrom('requested' as const, 'accepted' as const, 'confirmed' as const),
  paid: fc.integer({ min: 0, max: 200_000_000 }),
});
const quote: fc.Arbitrary<QuotedLine> = fc.record({
  id,
  serviceId: id,
  serviceTitle: fc.constant('A service'),
  providerName: fc.constant('A provider'),
  category,
  amount,
  validUntil: fc.constant('2026-12-01'),
});
const budget = fc.option(fc.integer({ min: 0, max: 100_000_000_000 }), { nil: null });
const uniqueQuotes = fc.uniqueArray(quote, { selector: (line) => line.id, maxLength: 12 });

describe('one event', () => {
  test('booked and paid add up the bookings; quoted is at most one quote per category, the lowest, and none of a booked category', () => {
    fc.assert(
      fc.property(budget, fc.array(booking, { maxLength: 6 }), uniqueQuotes, (limit, bookings, quotes) => {
        const rolled = rollUpEvent(limit, bookings, quotes);
        expect(rolled.booked).toBe(bookings.reduce((sum, line) => sum + line.amount, 0));
        expect(rolled.paid).toBe(bookings.reduce((sum, line) => sum + line.paid, 0));
        const counted = quotes.filter((line) => rolled.items.some((item) => item.kind === 'quote' && item.id === line.id && item.counted));
        expect(rolled.quoted).toBe(counted.reduce((sum, line) => sum + line.amount, 0));
        const categories = counted.map((line) => line.category);
        expect(new Set(categories).size).toBe(categories.length);
        for (const line of counted) {
          expect(bookings.some((booked) => booked.category === line.category)).toBe(false);
          expect(quotes.filter((other) => other.category === line.category).every((other) => other.amount >= line.amount)).toBe(true);
        }
        // every category quoted and not booked has its one counted quote
        for (const line of quotes) {
          if (!bookings.some((booked) => booked.category === line.category)) expect(categories).toContain(line.category);
        }
        // every line is listed once: the bookings, then the quotes lowest first
        expect(rolled.items.map((item) => item.id)).toEqual([...bookings.map((line) => line.id), ...[...quotes].sort((a, b) => a.amount - b.amount || (a.id < b.id ? -1 : 1)).map((line) => line.id)]);
      }),
      RUNS,
    );
  });

  test('remaining is budget − booked; over budget exactly when booked exceeds it; with quotes when booked + quoted does', () => {
    fc.assert(
      fc.property(budget, fc.nat({ max: 10 ** 11 }), fc.nat({ max: 10 ** 10 }), fc.nat({ max: 10 ** 11 }), (limit, booked, paid, quoted) => {
        const figures = figuresOf(limit, booked, paid, quoted);
        if (limit === null) {
          expect(figures).toMatchObject({ remaining: null, overBudget: false, overWithQuotes: false });
        } else {
          expect(figures.remaining).toBe(limit - booked);
          expect(figures.overBudget).toBe(booked > limit);
          expect(figures.overWithQuotes).toBe(booked + quoted > limit);
          if (figures.overBudget) expect(figures.overWithQuotes).toBe(true);
        }
      }),
      RUNS,
    );
  });

  test('the order the quotes come in does not change which count', () => {
    fc.assert(
      fc.property(fc.array(booking, { maxLength: 3 }), uniqueQuotes, (bookings, quotes) => {
        expect([...countedQuotes(bookings, [...quotes].reverse())].sort()).toEqual([...countedQuotes(bookings, quotes)].sort());
      }),
      RUNS,
    );
  });

  test('a worked example: two photographers and a caterer quoted, a photographer booked', () => {
    const photo = { serviceId: 's', serviceTitle: 't', providerName: 'p', category: 'Photography' as const, validUntil: '2026-12-01' };
    const quotes = [
      { ...photo, id: 'q1', amount: 60_000_00 },
      { ...photo, id: 'q2', amount: 45_000_00 },
      { ...photo, id: 'q3', category: 'Catering' as const, amount: 1_00_000_00 },
    ];
    expect(rollUpEvent(2_00_000_00, [], quotes)).toMatchObject({ quoted: 1_45_000_00, remaining: 2_00_000_00, overWithQuotes: false });
    const booked = [{ ...photo, id: 'b1', amount: 50_000_00, status: 'confirmed' as const, paid: 5_11_80 }];
    expect(rollUpEvent(1_40_000_00, booked, quotes)).toMatchObject({ booked: 50_000_00, paid: 5_11_80, quoted: 1_00_000_00, remaining: 90_000_00, overBudget: false, overWithQuotes: true });
  });
});

describe('the plan', () => {
  test("adds up its events' figures against its own budget; allocated adds up the events' budgets", () => {
    fc.assert(
      fc.property(budget, fc.array(fc.tuple(budget, fc.nat({ max: 10 ** 10 }), fc.nat({ max: 10 ** 9 }), fc.nat({ max: 10 ** 10 })), { maxLength: 8 }), (limit, events) => {
        const figures = events.map(([eventBudget, booked, paid, quoted]) => figuresOf(eventBudget, booked, paid, quoted));
        const plan = rollUpPlan(limit, figures);
        const total = (pick: (f: (typeof figures)[number]) => number) => figures.reduce((sum, f) => sum + pick(f), 0);
        expect(plan).toEqual({
          ...figuresOf(limit, total((f) => f.booked), total((f) => f.paid), total((f) => f.quoted)),
          allocated: total((f) => f.budget ?? 0),
        });
      }),
      RUNS,
    );
  });
});
