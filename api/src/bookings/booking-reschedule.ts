import { slotText as slotWords } from '@utsav/contracts/schemas';
import type { Database, SqlSession } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { HttpError } from '../http/http-error';
import { assertAvailable } from './availability';
import type { BookingRow } from './booking-rows';
import { applyTransition, type Actor, type DeclineWith } from './booking-transitions';
import type { DateRange, TimeRange } from './slot-rules';

/**
 * Change of plans: new dates (issue 19, item 2; migration 017). The consumer proposes them for a booking that
 * holds its provider's days; the provider accepts (the booking moves, with its advance and everything else) or
 * declines (it stays as it was). Each step goes through the state machine (proposeReschedule,
 * acceptReschedule, declineReschedule: the status stays, the history says what happened) in the same
 * transaction as the proposal's row, and accepting checks the provider has room on the new dates with its row
 * locked, as an acceptance does (availability.ts).
 */

export const RESCHEDULE_MESSAGES = {
  alreadyProposed: 'reschedule.alreadyProposed',
  sameDates: 'reschedule.sameDates',
  nothingProposed: 'reschedule.nothingProposed',
} as const;

export interface Slot {
  dates: DateRange;
  times: TimeRange;
}

/** How the history names a slot (the contracts' words, as the booking card shows new dates). */
const slotText = ({ dates, times }: Slot) => slotWords({ preferredDateRange: dates, preferredTime: times });

const conflict = (code: ApiMessage) => new HttpError(409, code);

/** The consumer proposes `slot` for `booking` (as read; the caller has checked the slot rules and who asks). */
export async function proposeReschedule(session: SqlSession, booking: BookingRow, slot: Slot, actor: Actor): Promise<void> {
  const same =
    slot.dates.from === booking.date_from && slot.dates.to === booking.date_to && slot.times.start === booking.time_start && slot.times.end === booking.time_end;
  if (same) throw new HttpError(400, RESCHEDULE_MESSAGES.sameDates);
  // the state machine first: a booking that cannot move says why
  await applyTransition(session, { bookingId: booking.id, action: 'proposeReschedule', actor, reason: `new dates proposed: ${slotText(slot)}` });
  // a day the provider is full or away on is refused now, as a new request's would be (its own days do not count)
  await assertAvailable(session, { providerId: booking.provider_id, from: slot.dates.from, to: slot.dates.to, bookingId: booking.id, lock: false });
  const inserted = await session.query<{ id: string }>(
    `INSERT INTO booking_reschedules (booking_id, date_from, date_to, time_start, time_end, old_date_from, old_date_to, old_time_start, old_time_end)
     SELECT $1, $2, $3, $4, $5, b.date_from, b.date_to, b.time_start, b.time_end FROM bookings b WHERE b.id = $1
     ON CONFLICT (booking_id) WHERE status = 'proposed' DO NOTHING
     RETURNING id::text AS id`,
    [booking.id, slot.dates.from, slot.dates.to, slot.times.start, slot.times.end],
  );
  if (inserted.length === 0) throw conflict(RESCHEDULE_MESSAGES.alreadyProposed);
}

interface Proposal {
  id: string;
  booking_id: string;
  provider_id: string;
  date_from: string;
  date_to: string;
  time_start: string;
  time_end: string;
}

/** The proposal waiting for an answer on the booking, locked for the answer. */
async function openProposal(session: SqlSession, bookingId: string): Promise<Proposal> {
  const [proposal] = await session.query<Proposal>(
    `SELECT r.id::text AS id, r.booking_id::text AS booking_id, b.provider_id::text AS provider_id,
            to_char(r.date_from, 'YYYY-MM-DD') AS date_from, to_char(r.date_to, 'YYYY-MM-DD') AS date_to,
            to_char(r.time_start, 'HH24:MI') AS time_start, to_char(r.time_end, 'HH24:MI') AS time_end
     FROM booking_reschedules r JOIN bookings b ON b.id = r.booking_id
     WHERE r.booking_id = $1 AND r.status = 'proposed' FOR UPDATE OF r`,
    [bookingId],
  );
  if (!proposal) throw conflict(RESCHEDULE_MESSAGES.nothingProposed);
  return proposal;
}

/**
 * The provider's answer to the proposal waiting on the booking: accept moves the booking to the proposed
 * dates (409 if the provider has no room left on them: the proposal stays, to be declined), decline leaves it.
 * A decline says why in words (`reason`: the stand-in's), or with a fixed reason and a note (`reason` is then ignored).
 */
export async function answerReschedule(
  session: SqlSession,
  bookingId: string,
  answer: 'accept' | 'decline',
  actor: Actor,
  reason?: string,
  decline?: DeclineWith,
): Promise<void> {
  const proposal = await openProposal(session, bookingId);
  const slot: Slot = { dates: { from: proposal.date_from, to: proposal.date_to }, times: { start: proposal.time_start, end: proposal.time_end } };
  if (answer === 'accept') {
    await assertAvailable(session, { providerId: proposal.provider_id, from: slot.dates.from, to: slot.dates.to, bookingId, lock: true });
    // the booking moves first, then the transition records it: its notification states the booking as it is
    // after the change, the new dates (issue 39, item 6); a refused transition rolls the move back with it
    await session.query('UPDATE bookings SET date_from = $2, date_to = $3, time_start = $4, time_end = $5, updated_at = now() WHERE id = $1', [
      bookingId,
      slot.dates.from,
      slot.dates.to,
      slot.times.start,
      slot.times.end,
    ]);
    await applyTransition(session, { bookingId, action: 'acceptReschedule', actor, reason: `moved to ${slotText(slot)}` });
  } else {
    await applyTransition(session, { bookingId, action: 'declineReschedule', actor, reason: reason?.trim() || `new dates declined: ${slotText(slot)}`, decline });
  }
  const words = decline ? decline.note : reason;
  await session.query(`UPDATE booking_reschedules SET status = $2, reason = $3, answered_at = now() WHERE id = $1`, [
    proposal.id,
    answer === 'accept' ? 'accepted' : 'declined',
    answer === 'accept' ? reason?.trim() || null : words?.trim() || null,
  ]);
}

/** Proposals at least `ageMs` old whose provider has no account (the provider stand-in answers them). */
export async function unansweredReschedules(db: Database, ageMs: number, limit: number): Promise<string[]> {
  const rows = await db.query<{ booking_id: string }>(
    `SELECT r.booking_id::text AS booking_id FROM booking_reschedules r
     JOIN bookings b ON b.id = r.booking_id JOIN providers p ON p.id = b.provider_id
     WHERE r.status = 'proposed' AND p.owner_uid IS NULL AND r.created_at <= now() - $1::integer * interval '1 millisecond'
     ORDER BY r.created_at LIMIT $2`,
    [ageMs, limit],
  );
  return rows.map((row) => row.booking_id);
}
