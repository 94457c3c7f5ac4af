import type { Database, SqlSession } from '../db';
import { transitionRefused } from './refusal';
import type { ApiMessage } from '../http/api-messages';
import { HttpError, notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { BOOKING_NOT_FOUND } from './booking-messages';
import { BOOKING_COLUMNS, bookingState, type BookingRow } from './booking-rows';
import { holdsCapacity, planTransition, type BookingAction, type BookingState, type FailureReason } from '@utsav/contracts/booking-state';
import { assertAvailable } from './availability';
import { recordBookingChange } from '../notifications/outbox';
import type { BookingStatus, DeclineReason } from '@utsav/contracts/schemas';

/** Who made a change: a Firebase uid, or one of the system actors. */
export type Actor = string;
export const PAYMENT_ACTOR = 'payment';
export const ACCOUNT_DELETION_ACTOR = 'account-deletion';

export interface TransitionRequest {
  bookingId: string;
  action: BookingAction;
  actor: Actor;
  /** kept in booking_events; the rule's default reason when absent */
  reason?: string | null;
  /**
   * A provider's decline (of a request, or of new dates) with one of the fixed reasons (migration 029): the event
   * keeps the code and, as its `reason`, the provider's note (none: NULL) instead of `reason`.
   */
  decline?: DeclineWith;
}

/** Why a provider declined: the fixed reason, and its own words (plain text already). */
export interface DeclineWith {
  reason: DeclineReason;
  note?: string | null;
}

const conflict = (code: ApiMessage) => new HttpError(409, code);

const UPDATE_SQL = `
  UPDATE bookings b SET status = $2, failure_reason = $3, updated_at = now()
  WHERE b.id = $1 AND b.status = $4 AND b.failure_reason IS NOT DISTINCT FROM $5
  RETURNING ${BOOKING_COLUMNS}`;

/**
 * The one way a booking's status changes. Plans the change with the state machine (409 `{ message }`
 * if the table does not allow it), then applies it with optimistic concurrency — the UPDATE only
 * matches while the booking is still in the state that was planned from, so of two concurrent
 * changes one wins and the other is a 409 — and records it in booking_events, in the caller's
 * transaction, with the consumer's notification (notifications/outbox.ts); a cancellation closes the booking's open payment order in the same transaction.
 * Authorisation (who may ask) is the caller's job. Returns the updated booking.
 */
export async function applyTransition(session: SqlSession, request: TransitionRequest): Promise<BookingRow> {
  const { state: current, providerId, from, to } = await readState(session, request.bookingId);
  const plan = planTransition(current, request.action, request.reason);
  if (!plan.ok) throw transitionRefused(plan);
  // from here it takes one of its provider's bookings on each of its days: there must be room (availability.ts)
  if (!holdsCapacity(plan.from) && holdsCapacity(plan.to)) {
    await assertAvailable(session, { providerId, from, to, bookingId: request.bookingId, lock: true });
  }

  const [updated] = await session.query<BookingRow>(UPDATE_SQL, [
    request.bookingId,
    plan.to.status,
    plan.to.failureReason,
    plan.from.status,
    plan.from.failureReason,
  ]);
  if (!updated) {
    // changed since it was read: explain with the state it is in now
    const { state: now } = await readState(session, request.bookingId);
    const replanned = planTransition(now, request.action);
    throw replanned.ok ? conflict('booking.changedMeanwhile') : transitionRefused(replanned);
  }
  await session.query(
    'INSERT INTO booking_events (booking_id, from_status, to_status, actor, reason, action, decline_reason) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [
      request.bookingId,
      plan.from.status,
      plan.to.status,
      request.actor,
      request.decline ? request.decline.note?.trim() || null : plan.reason,
      plan.action,
      request.decline?.reason ?? null,
    ],
  );
  // the consumer's and the listing owner's live streams, and a notification when the change is one they hear about
  await recordBookingChange(session.query, { bookingId: request.bookingId, consumerUid: updated.consumer_uid, action: plan.action, decline: request.decline });
  if (plan.to.status === 'cancelled') {
    // its open payment order is closed with it: no later payment on it confirms anything (it is refunded)
    await session.query(`UPDATE payment_orders SET status = 'closed', updated_at = now() WHERE booking_id = $1 AND status = 'created'`, [request.bookingId]);
    // and new dates it was waiting for are no longer asked for
    await session.query(`UPDATE booking_reschedules SET status = 'closed', answered_at = now() WHERE booking_id = $1 AND status = 'proposed'`, [request.bookingId]);
  }
  return updated;
}

/** applyTransition in a transaction of its own. */
export function transitionBooking(db: Database, request: TransitionRequest): Promise<BookingRow> {
  return db.transaction((session) => applyTransition(session, request));
}

async function readState(session: SqlSession, bookingId: string): Promise<{ state: BookingState; providerId: string; from: string; to: string }> {
  if (!isUuid(bookingId)) throw notFound(BOOKING_NOT_FOUND);
  const [row] = await session.query<{ status: BookingStatus; failure_reason: FailureReason | null; provider_id: string; date_from: string; date_to: string }>(
    `SELECT status, failure_reason, provider_id::text AS provider_id,
            to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to
     FROM bookings WHERE id = $1`,
    [bookingId],
  );
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return { state: bookingState(row), providerId: row.provider_id, from: row.date_from, to: row.date_to };
}

// ---- the payment side: the only ways a payment changes a booking ----

/** A payment succeeded: accepted → confirmed, or failed (payment) → confirmed for a successful retry. */
export function confirmBookingPayment(
  db: Database,
  bookingId: string,
  options: { actor?: Actor; reason?: string } = {},
): Promise<BookingRow> {
  return transitionBooking(db, { bookingId, action: 'confirmPayment', actor: options.actor ?? PAYMENT_ACTOR, reason: options.reason });
}

/** A payment failed: accepted → failed (payment_failed); the consumer may pay again. */
export function failBookingPayment(
  db: Database,
  bookingId: string,
  options: { actor?: Actor; reason?: string } = {},
): Promise<BookingRow> {
  return transitionBooking(db, { bookingId, action: 'failPayment', actor: options.actor ?? PAYMENT_ACTOR, reason: options.reason });
}
