import type { BookingAction } from '@utsav/contracts/booking-state';
import type { BookingEventKind, BookingHistory, DeclineReason } from '@utsav/contracts/schemas';
import { currentLocale } from '@utsav/contracts/i18n-core';
import type { Locale } from '@utsav/contracts/language';
import type { SqlSession } from '../db';
import { PAYMENT_ACTOR } from './booking-transitions';
import { declineReasonText } from './decline-reasons';

/**
 * A booking's timeline (issue 19, item 7), from what is stored: its events (booking_events, one per change of
 * the state machine, with the action since migration 017) and the refund of a cancellation, once Razorpay has
 * processed it. Who did each step is said in the consumer's terms (never an account id).
 */

interface EventRow {
  from_status: string | null;
  to_status: string;
  action: BookingAction | null;
  actor: string;
  reason: string | null;
  /** a provider's decline with a fixed reason (migration 029); `reason` is then its note */
  decline_reason: DeclineReason | null;
  at: Date | string;
}

const KIND_OF_ACTION: Readonly<Record<BookingAction, BookingEventKind>> = {
  accept: 'accepted',
  decline: 'declined',
  withdraw: 'withdrawn',
  cancel: 'cancelled',
  proposeReschedule: 'newDatesProposed',
  acceptReschedule: 'rescheduled',
  declineReschedule: 'newDatesDeclined',
  confirmPayment: 'paid',
  failPayment: 'paymentFailed',
  closeAccount: 'cancelled',
};

/** Events older than the action column: what their statuses say. */
function kindOfStatuses(from: string | null, to: string): BookingEventKind {
  if (from === null) return 'requested';
  if (to === 'accepted') return 'accepted';
  if (to === 'confirmed') return 'paid';
  if (to === 'cancelled') return from === 'requested' ? 'withdrawn' : 'cancelled';
  return from === 'requested' ? 'declined' : 'paymentFailed';
}

/** Whose step: the consumer's own (their uid, or the marker account deletion left), the payment side, the system, or the provider. */
function byOf(row: EventRow, consumerUid: string): BookingHistory[number]['by'] {
  if (row.actor === consumerUid) return 'you';
  if (row.actor === PAYMENT_ACTOR || row.actor.startsWith(`${PAYMENT_ACTOR}:`)) return 'payment';
  if (row.action === 'closeAccount') return 'system';
  return 'provider';
}

/** What a step's stored reason adds, where it says more than the step's name. */
const DETAILED: ReadonlySet<BookingEventKind> = new Set(['declined', 'newDatesProposed', 'rescheduled', 'newDatesDeclined', 'paymentFailed']);

/** What a step adds: a coded decline in the reader's language (with the note of 'other'); else its stored words (older rows too). */
function detailOf(row: EventRow, kind: BookingEventKind, locale: Locale): string | null {
  if (!DETAILED.has(kind)) return null;
  if (row.decline_reason) return declineReasonText(locale, row.decline_reason, row.reason);
  return row.reason || null;
}

/**
 * The timeline as the booking's consumer reads it (its provider reads the same one: `by` stays in the consumer's
 * terms), in `locale` (the request's language) where a step's words are the API's own (a fixed decline reason).
 */
export async function bookingHistory(session: Pick<SqlSession, 'query'>, bookingId: string, consumerUid: string, locale: Locale = currentLocale()): Promise<BookingHistory> {
  const events = await session.query<EventRow>(
    'SELECT from_status, to_status, action, actor, reason, decline_reason, at FROM booking_events WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );
  const history: BookingHistory = events.map((row) => {
    const kind = row.action ? KIND_OF_ACTION[row.action] : kindOfStatuses(row.from_status, row.to_status);
    const detail = detailOf(row, kind, locale);
    return {
      kind,
      at: new Date(row.at).toISOString(),
      by: row.from_status === null ? 'you' : byOf(row, consumerUid),
      ...(detail ? { detail } : {}),
    };
  });
  const refunds = await session.query<{ amount: number; at: Date | string }>(
    `SELECT amount, updated_at AS at FROM payment_refunds WHERE booking_id = $1 AND reason = 'cancelled_by_consumer' AND status = 'processed'`,
    [bookingId],
  );
  for (const refund of refunds) history.push({ kind: 'refunded', at: new Date(refund.at).toISOString(), by: 'payment', amount: refund.amount });
  return history.sort((a, b) => a.at.localeCompare(b.at));
}
