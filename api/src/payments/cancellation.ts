import { bookingStartsAt, CANCELLATION_TIERS, cancellationRefund, cancellationRule, notRefundedRule } from '@utsav/contracts/cancellation-policy';
import { DEFAULT_LOCALE, type Locale } from '@utsav/contracts/language';
import { paymentBreakdown } from '@utsav/contracts/money';
import type { CancellationTerms } from '@utsav/contracts/schemas';
import type { BookingRow } from '../bookings/booking-rows';
import { applyTransition, type Actor } from '../bookings/booking-transitions';
import type { SqlSession } from '../db';

/**
 * What cancelling a booking at `now` gives back (issue 19, item 2): the cancellation policy's share of the
 * advance, which was paid only if the booking is confirmed. The cancel dialog shows exactly these figures, and
 * the policy's words in `locale` (the request's).
 */
export function cancellationTerms(booking: BookingRow, now: Date, locale: Locale = DEFAULT_LOCALE): CancellationTerms {
  const advancePaid = booking.status === 'confirmed' ? paymentBreakdown(booking.amount).advance : 0;
  const { tier, refund } = cancellationRefund({ advancePaid, startsAt: bookingStartsAt(booking.date_from, booking.time_start), now: now.getTime() });
  return {
    bookingId: booking.id,
    advancePaid,
    refund,
    rule: cancellationRule(tier, locale),
    rules: CANCELLATION_TIERS.map((candidate) => cancellationRule(candidate, locale)),
    notRefunded: notRefundedRule(locale),
  };
}

/**
 * Cancels the booking and, for a paid one, writes the policy's refund down as due on the payment that paid for
 * it, in the same transaction. The booking's row is locked and read again first, so the refund follows the
 * state the cancellation is made from (a payment captured just before, which takes the same lock, counts).
 * Returns that payment's id when a refund is due: the caller asks Razorpay for it once this has committed
 * (settleRefund).
 */
export async function cancelWithRefund(session: SqlSession, booking: BookingRow, actor: Actor, now: Date): Promise<string | null> {
  const [current] = await session.query<Pick<BookingRow, 'status' | 'amount' | 'date_from' | 'time_start'>>(
    `SELECT status, amount, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(time_start, 'HH24:MI') AS time_start
     FROM bookings WHERE id = $1 FOR UPDATE`,
    [booking.id],
  );
  const { refund } = cancellationTerms({ ...booking, ...current }, now);
  await applyTransition(session, { bookingId: booking.id, action: 'cancel', actor });
  if (refund === 0) return null;
  const [payment] = await session.query<{ id: string }>(
    `SELECT p.id FROM payments p
     WHERE p.booking_id = $1 AND p.status = 'captured' AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id)
     ORDER BY p.created_at LIMIT 1`,
    [booking.id],
  );
  // confirmed means a captured payment paid for it; without one there is nothing to give back
  if (!payment) return null;
  await session.query(`INSERT INTO payment_refunds (payment_id, booking_id, reason, amount) VALUES ($1, $2, 'cancelled_by_consumer', $3)`, [
    payment.id,
    booking.id,
    refund,
  ]);
  return payment.id;
}
