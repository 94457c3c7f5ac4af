import type { BookingStatus, BudgetItem, ServiceCategory } from '@utsav/contracts/schemas';

/**
 * How a wedding plan's budget adds up (issue 37, item 5), pure: the figures of one event from its bookings and open
 * quotes, and the plan's from its events'. Nothing here is typed by the couple but the budgets.
 *
 * - booked: the amounts of the event's bookings made from its quotes, while they stand (requested, accepted,
 *   confirmed, or with a payment that failed and may be paid again; not cancelled or declined);
 * - paid: what was paid on those bookings through Utsav (the captured payments: the advance, its platform fee and
 *   GST), less what was refunded or is being refunded;
 * - quoted: the open quotes still valid, but not alternatives added up: per service category, only the lowest open
 *   quote counts, and none where the event already has a booking of that category (a photographer booked, other
 *   photographers' quotes are alternatives, not more spending);
 * - remaining: budget − booked (negative when over); null without a budget. overBudget: booked > budget;
 *   overWithQuotes: booked + quoted > budget.
 */

/** A booking or a quote of an event: what it is for, and its amount (paise). */
interface Line {
  id: string;
  serviceId: string;
  serviceTitle: string;
  providerName: string;
  category: ServiceCategory;
  amount: number;
}

export interface BookedLine extends Line {
  status: BookingStatus;
  /** paid less refunds, ≥ 0 */
  paid: number;
}

export interface QuotedLine extends Line {
  validUntil: string;
}

export interface Figures {
  budget: number | null;
  booked: number;
  paid: number;
  quoted: number;
  remaining: number | null;
  overBudget: boolean;
  overWithQuotes: boolean;
}

/** The figures of a budget (null: none) against what is booked, paid and quoted. */
export function figuresOf(budget: number | null, booked: number, paid: number, quoted: number): Figures {
  return {
    budget,
    booked,
    paid,
    quoted,
    remaining: budget === null ? null : budget - booked,
    overBudget: budget !== null && booked > budget,
    overWithQuotes: budget !== null && booked + quoted > budget,
  };
}

/** The quotes that count: per category, the lowest (then the first by id), where nothing of the category is booked. */
export function countedQuotes(bookings: readonly Pick<BookedLine, 'category'>[], quotes: readonly QuotedLine[]): Set<string> {
  const booked = new Set(bookings.map((booking) => booking.category));
  const lowest = new Map<ServiceCategory, QuotedLine>();
  for (const quote of quotes) {
    if (booked.has(quote.category)) continue;
    const current = lowest.get(quote.category);
    if (!current || quote.amount < current.amount || (quote.amount === current.amount && quote.id < current.id)) lowest.set(quote.category, quote);
  }
  return new Set([...lowest.values()].map((quote) => quote.id));
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** One event's figures and the lines behind them: its bookings first, then its open quotes, lowest first. */
export function rollUpEvent(budget: number | null, bookings: readonly BookedLine[], quotes: readonly QuotedLine[]): Figures & { items: BudgetItem[] } {
  const counted = countedQuotes(bookings, quotes);
  const items: BudgetItem[] = [
    ...bookings.map(
      (booking): BudgetItem => ({
        kind: 'booking',
        id: booking.id,
        serviceId: booking.serviceId,
        serviceTitle: booking.serviceTitle,
        providerName: booking.providerName,
        category: booking.category,
        amount: booking.amount,
        paid: booking.paid,
        status: booking.status,
        validUntil: null,
        counted: true,
      }),
    ),
    ...[...quotes]
      .sort((a, b) => a.amount - b.amount || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(
        (quote): BudgetItem => ({
          kind: 'quote',
          id: quote.id,
          serviceId: quote.serviceId,
          serviceTitle: quote.serviceTitle,
          providerName: quote.providerName,
          category: quote.category,
          amount: quote.amount,
          paid: 0,
          status: null,
          validUntil: quote.validUntil,
          counted: counted.has(quote.id),
        }),
      ),
  ];
  const booked = sum(bookings.map((booking) => booking.amount));
  const paid = sum(bookings.map((booking) => booking.paid));
  const quoted = sum(quotes.filter((quote) => counted.has(quote.id)).map((quote) => quote.amount));
  return { ...figuresOf(budget, booked, paid, quoted), items };
}

/** The plan's figures: its events' added up, against its own budget; `allocated` is the events' budgets added up. */
export function rollUpPlan(budget: number | null, events: readonly Figures[]): Figures & { allocated: number } {
  return {
    ...figuresOf(
      budget,
      sum(events.map((event) => event.booked)),
      sum(events.map((event) => event.paid)),
      sum(events.map((event) => event.quoted)),
    ),
    allocated: sum(events.map((event) => event.budget ?? 0)),
  };
}
