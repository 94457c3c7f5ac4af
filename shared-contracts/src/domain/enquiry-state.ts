import type { EnquiryStatus, QuoteStatus } from './schemas/enquiry';

/**
 * Enquiries and quotes (issue 37, item 3): their state machines, pure (no database), like booking-state.ts. The API's
 * enquiry-repository.ts applies a plan to the database and every status change goes through these tables.
 *
 *   enquiry:  open ──quote──► quoted ──book──► booked
 *              │ │              │ ▲ quote (a new quote supersedes the open one)
 *              │ │              ├─┘
 *              │ └──────────────┴──► declined (by the provider) | withdrawn (by the consumer) | closed (the system)
 *
 *   quote:    open ──accept──► accepted   (the consumer; it became a booking request)
 *              ├──decline──► declined    (the consumer)
 *              ├──supersede──► superseded (the provider sent a newer quote)
 *              └──withdraw──► withdrawn  (its enquiry was withdrawn, declined or closed)
 *
 * A quote's 'expired' is never stored: an open quote whose validUntil (an India date) has gone by reads as expired
 * (quoteStatusOn), and can then be neither accepted nor declined; it can still be superseded or withdrawn.
 */

export type EnquiryAction = 'quote' | 'book' | 'decline' | 'withdraw' | 'close';
export type QuoteAction = 'accept' | 'decline' | 'supersede' | 'withdraw';

/** The statuses an enquiry is still waiting in (one such enquiry per event and service; they count against the limit). */
export const OPEN_ENQUIRY_STATUSES = ['open', 'quoted'] as const satisfies readonly EnquiryStatus[];

interface Rule<Status> {
  from: readonly Status[];
  to: Status;
  by: 'consumer' | 'provider' | 'system';
}

export const ENQUIRY_TRANSITIONS: Readonly<Record<EnquiryAction, Rule<EnquiryStatus>>> = {
  quote: { from: ['open', 'quoted'], to: 'quoted', by: 'provider' },
  book: { from: ['quoted'], to: 'booked', by: 'consumer' },
  decline: { from: ['open', 'quoted'], to: 'declined', by: 'provider' },
  withdraw: { from: ['open', 'quoted'], to: 'withdrawn', by: 'consumer' },
  close: { from: ['open', 'quoted'], to: 'closed', by: 'system' },
};

/** The stored statuses of a quote ('expired' is read, not stored). */
export type StoredQuoteStatus = Exclude<QuoteStatus, 'expired'>;

export const QUOTE_TRANSITIONS: Readonly<Record<QuoteAction, Rule<StoredQuoteStatus> & { whenExpired: boolean }>> = {
  accept: { from: ['open'], to: 'accepted', by: 'consumer', whenExpired: false },
  decline: { from: ['open'], to: 'declined', by: 'consumer', whenExpired: false },
  supersede: { from: ['open'], to: 'superseded', by: 'provider', whenExpired: true },
  withdraw: { from: ['open'], to: 'withdrawn', by: 'system', whenExpired: true },
};

/** A quote's status as people read it on `today` (an India 'YYYY-MM-DD'): an open one past its validUntil is expired. */
export function quoteStatusOn(stored: StoredQuoteStatus, validUntil: string, today: string): QuoteStatus {
  return stored === 'open' && validUntil < today ? 'expired' : stored;
}

export type Planned<Status, Action> =
  | { ok: true; action: Action; from: Status; to: Status }
  | { ok: false; action: Action; state: Status | QuoteStatus };

export function planEnquiryTransition(current: EnquiryStatus, action: EnquiryAction): Planned<EnquiryStatus, EnquiryAction> {
  const rule = ENQUIRY_TRANSITIONS[action];
  return rule.from.includes(current) ? { ok: true, action, from: current, to: rule.to } : { ok: false, action, state: current };
}

/** `today`: India's date, for expiry. */
export function planQuoteTransition(
  current: StoredQuoteStatus,
  validUntil: string,
  today: string,
  action: QuoteAction,
): Planned<StoredQuoteStatus, QuoteAction> {
  const rule = QUOTE_TRANSITIONS[action];
  const seen = quoteStatusOn(current, validUntil, today);
  if (!rule.from.includes(current) || (seen === 'expired' && !rule.whenExpired)) return { ok: false, action, state: seen };
  return { ok: true, action, from: current, to: rule.to };
}
