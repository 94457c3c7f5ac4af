import type { BookingStatus, BookingTab, FailureReason } from './schemas/booking';

/**
 * The booking state machine, pure (no database): which status changes exist, who makes them and what
 * each one needs. In the contracts so the pages and the API answer from one table (e.g. `isPayable`);
 * the API's `booking-transitions.ts` applies a plan to the database, and every status change of the
 * API goes through `planTransition`.
 *
 *   requested ──accept──► accepted ──confirmPayment──► confirmed
 *    │     │               │  │                           ▲   │
 *    │  decline       cancel  failPayment                 │   cancel (the cancellation policy's refund)
 *    │     ▼               ▼  ▼                           │   ▼
 *    │  failed (declined)  cancelled  failed (payment_failed) ─┘ confirmPayment (a successful retry)
 *    │                     ▲  ▲                │
 *    └──withdraw───────────┘  └────cancel──────┘
 *
 * cancelled and a declined failure are final. One more, made only by the system: when a consumer
 * deletes their account, a requested or accepted booking is cancelled (closeAccount).
 */

export const INITIAL_STATUS = 'requested' satisfies BookingStatus;

/** Why a failed booking failed (the contracts' FAILURE_REASONS). Only a payment failure can still be paid. */
export type { FailureReason };

/** What the database keeps about a booking's state. failureReason is set exactly when status is 'failed'. */
export interface BookingState {
  status: BookingStatus;
  failureReason: FailureReason | null;
}

/** Every status change there is, by who makes it: the consumer, the provider or the payment side. */
export type BookingAction =
  | 'accept'
  | 'decline'
  | 'withdraw'
  | 'cancel'
  | 'proposeReschedule'
  | 'acceptReschedule'
  | 'declineReschedule'
  | 'confirmPayment'
  | 'failPayment'
  | 'closeAccount';

export interface TransitionRule {
  /** the states it starts from; a failed state names its reason */
  from: readonly BookingState[];
  /** 'unchanged': a change that keeps the state (new dates proposed, accepted or declined), still in the history */
  to: BookingState | 'unchanged';
  /** 'system': no person asks for it through a route (account deletion) */
  by: 'consumer' | 'provider' | 'payment' | 'system';
  /** for the 409 answer: what may be changed this way */
  refusal: string;
  /** recorded in booking_events when the caller gives no reason */
  defaultReason: string | null;
}

const state = (status: BookingStatus, failureReason: FailureReason | null = null): BookingState => ({ status, failureReason });

/** The states that hold the provider's days (holdsCapacity): accepted, paid, or with a payment that failed. */
const HOLDING: readonly BookingState[] = [state('accepted'), state('confirmed'), state('failed', 'payment_failed')];

/** The table of allowed transitions. Anything not listed here is refused (409). */
export const TRANSITIONS: Readonly<Record<BookingAction, TransitionRule>> = {
  accept: {
    from: [state('requested')],
    to: state('accepted'),
    by: 'provider',
    refusal: 'Only a requested booking can be accepted',
    defaultReason: null,
  },
  decline: {
    from: [state('requested')],
    to: state('failed', 'declined'),
    by: 'provider',
    refusal: 'Only a requested booking can be declined',
    defaultReason: 'declined by the provider',
  },
  withdraw: {
    from: [state('requested')],
    to: state('cancelled'),
    by: 'consumer',
    refusal: 'Only a request the provider has not answered yet can be withdrawn',
    defaultReason: 'withdrawn by the consumer',
  },
  // a paid (confirmed) booking gets back what the cancellation policy gives (cancellation-policy.ts)
  cancel: {
    from: HOLDING,
    to: state('cancelled'),
    by: 'consumer',
    refusal: 'Only an accepted or confirmed booking can be cancelled',
    defaultReason: 'cancelled by the consumer',
  },
  // change of plans: the consumer proposes new dates for a booking that holds its provider's days; the provider
  // accepts (the booking moves, its advance with it) or declines (it stays as it was). booking-reschedule.ts
  proposeReschedule: {
    from: HOLDING,
    to: 'unchanged',
    by: 'consumer',
    refusal: 'Only an accepted or confirmed booking can be moved to other dates',
    defaultReason: 'new dates proposed',
  },
  acceptReschedule: {
    from: HOLDING,
    to: 'unchanged',
    by: 'provider',
    refusal: 'Only an accepted or confirmed booking can be moved to other dates',
    defaultReason: 'new dates accepted',
  },
  declineReschedule: {
    from: HOLDING,
    to: 'unchanged',
    by: 'provider',
    refusal: 'Only an accepted or confirmed booking can be moved to other dates',
    defaultReason: 'new dates declined',
  },
  confirmPayment: {
    from: [state('accepted'), state('failed', 'payment_failed')],
    to: state('confirmed'),
    by: 'payment',
    refusal: 'Only an accepted booking, or one whose payment failed, can be paid',
    defaultReason: 'payment received',
  },
  failPayment: {
    from: [state('accepted')],
    to: state('failed', 'payment_failed'),
    by: 'payment',
    refusal: 'Only an accepted booking can have a failed payment',
    defaultReason: 'payment failed',
  },
  closeAccount: {
    from: [state('requested'), state('accepted')],
    to: state('cancelled'),
    by: 'system',
    refusal: 'Only a requested or accepted booking can be cancelled when its account is deleted',
    defaultReason: 'the consumer deleted their account',
  },
};

/** Every (from → to) status pair the table allows, for documentation and tests. */
export function allowedStatusPairs(): [BookingStatus, BookingStatus][] {
  const pairs = new Map<string, [BookingStatus, BookingStatus]>();
  for (const rule of Object.values(TRANSITIONS)) {
    for (const from of rule.from) {
      const to = rule.to === 'unchanged' ? from.status : rule.to.status;
      pairs.set(`${from.status}>${to}`, [from.status, to]);
    }
  }
  return [...pairs.values()];
}

/** Whether the table lets `action` start from `current` (a failed source names the reason it needs). */
function allows(action: BookingAction, current: BookingState): boolean {
  return TRANSITIONS[action].from.some(
    (from) => from.status === current.status && (from.failureReason === null || from.failureReason === current.failureReason),
  );
}

/**
 * Does a booking in this state take one of its provider's bookings on each day of its dates (the
 * availability rule, api/src/bookings/availability.ts)? Once accepted, until it is cancelled: accepted,
 * confirmed, and failed because its payment failed (it can still be paid). A request holds nothing yet.
 * Migration 015's index predicate says the same.
 */
export function holdsCapacity({ status, failureReason }: { status: BookingStatus; failureReason?: FailureReason | null }): boolean {
  return HOLDING.some((held) => held.status === status && held.failureReason === (failureReason ?? null));
}

/** Can the consumer withdraw this request (the provider has not answered yet)? */
export const isWithdrawable = ({ status, failureReason }: { status: BookingStatus; failureReason?: FailureReason | null }): boolean =>
  allows('withdraw', { status, failureReason: failureReason ?? null });

/** Can the consumer propose other dates for this booking (it holds its provider's days)? */
export const isReschedulable = ({ status, failureReason }: { status: BookingStatus; failureReason?: FailureReason | null }): boolean =>
  allows('proposeReschedule', { status, failureReason: failureReason ?? null });

/** Can the consumer cancel this booking (accepted, paid, or with a failed payment)? Paid ones get the policy's refund. */
export const isCancellable = ({ status, failureReason }: { status: BookingStatus; failureReason?: FailureReason | null }): boolean =>
  allows('cancel', { status, failureReason: failureReason ?? null });

/**
 * Can this booking be paid now? Exactly when a payment may confirm it (confirmPayment's sources: accepted,
 * or failed because a payment failed). The page's Pay button and the API's payment service both ask this.
 */
export function isPayable({ status, failureReason }: { status: BookingStatus; failureReason?: FailureReason | null }): boolean {
  return allows('confirmPayment', { status, failureReason: failureReason ?? null });
}

export type TransitionPlan =
  | { ok: true; action: BookingAction; from: BookingState; to: BookingState; reason: string | null }
  | TransitionRefusal;

/** A change the state does not allow, as data (the action refused and the state it met) and as the 409's English. */
export interface TransitionRefusal {
  ok: false;
  action: BookingAction;
  state: BookingState;
  /** e.g. "Only a requested booking can be accepted (this one is accepted)." */
  message: string;
}

/** How a state reads in a refusal: "accepted", "failed (declined by the provider)". */
export function describeState({ status, failureReason }: BookingState): string {
  if (status !== 'failed') return status;
  return failureReason === 'declined' ? 'declined by the provider' : 'failed: its payment failed';
}

/**
 * Whether `action` may change a booking in `current`, and to what. A refusal names the action and the state
 * (a language other than English says them from these), and carries the English of the 409 answer.
 */
export function planTransition(current: BookingState, action: BookingAction, reason?: string | null): TransitionPlan {
  const rule = TRANSITIONS[action];
  if (!allows(action, current)) return { ok: false, action, state: current, message: `${rule.refusal} (this one is ${describeState(current)}).` };
  let recorded = reason?.trim() || rule.defaultReason;
  // a successful retry after a failed payment: say so in the history
  if (action === 'confirmPayment' && current.status === 'failed' && !reason?.trim()) recorded = 'payment retry succeeded';
  return { ok: true, action, from: current, to: rule.to === 'unchanged' ? current : rule.to, reason: recorded };
}

/** Has the booking's last day gone by (India's `today`, 'YYYY-MM-DD')? Then it is not cancelled or moved any more. */
export const hasEnded = (booking: { preferredDateRange: { to: string } }, today: string): boolean => booking.preferredDateRange.to < today;

interface LifecycleView {
  status: BookingStatus;
  failureReason?: FailureReason | null;
  preferredDateRange: { to: string };
}

/** Is it over (cancelled, declined, or paid and taken place)? Then it can be booked again. */
export const isFinished = (booking: LifecycleView, today: string): boolean =>
  booking.status === 'cancelled' || booking.failureReason === 'declined' || isReviewable(booking, today);

/** Can its consumer review it: paid, and its last day gone by (the API also allows it only once). */
export const isReviewable = (booking: LifecycleView, today: string): boolean => booking.status === 'confirmed' && hasEnded(booking, today);

/**
 * Where a booking stands for its consumer's payment — what its Order Summary says and whether it offers
 * Pay (payable exactly as isPayable says):
 * - 'awaitingAcceptance': requested, the provider has not answered; nothing to pay yet
 * - 'payable': accepted, its advance to pay now
 * - 'paymentFailed': its last payment failed; it can be paid again
 * - 'paid': confirmed, its advance paid
 * - 'cancelledAfterPayment': cancelled once paid (its refund follows the cancellation policy)
 * - 'cancelled': withdrawn or cancelled before any payment
 * - 'declined': the provider declined the request
 */
export type PaymentStanding = 'awaitingAcceptance' | 'payable' | 'paymentFailed' | 'paid' | 'cancelledAfterPayment' | 'cancelled' | 'declined';

interface StandingView {
  status: BookingStatus;
  failureReason?: FailureReason | null;
  /** set once its advance is paid */
  invoiceNumber?: string;
  /** a paid booking that was cancelled: what it gets back */
  refund?: unknown;
}

/** The one answer to "can this booking be paid, and if not, why" for the pages (see PaymentStanding). */
export function paymentStanding(booking: StandingView): PaymentStanding {
  if (isPayable(booking)) return booking.status === 'failed' ? 'paymentFailed' : 'payable';
  switch (booking.status) {
    case 'requested':
      return 'awaitingAcceptance';
    case 'confirmed':
      return 'paid';
    case 'cancelled':
      return booking.invoiceNumber || booking.refund ? 'cancelledAfterPayment' : 'cancelled';
    default:
      return 'declined';
  }
}

/**
 * Which My Bookings tab lists a booking in this state (BOOKING_TABS): each status its own, so a withdrawn or
 * cancelled one is under Cancelled (not Failed) and a failed one, declined or unpaid, under Failed. After any
 * change (withdraw, cancel, new dates, payment) the page shows the booking in this tab.
 */
export function bookingTab(status: BookingStatus): BookingTab {
  switch (status) {
    case 'requested':
    case 'accepted':
    case 'confirmed':
    case 'failed':
    case 'cancelled':
      return status;
  }
}
