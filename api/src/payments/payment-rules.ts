import type { BookingStatus } from '@utsav/contracts/schemas';
import type { FailureReason } from '../bookings/booking-state';

/**
 * What a captured payment does, pure (no database): it confirms its booking, or it is owed back. Only a
 * booking waiting for its payment (accepted, or failed because a payment failed) is confirmed, and only by
 * a payment of exactly its order's amount; every other capture is refunded through the Refunds API.
 * payment-ledger.ts applies the answer.
 */

/** Why a captured payment is refunded (payment_refunds.reason). */
export type RefundReason = 'booking_cancelled' | 'booking_already_paid' | 'booking_not_payable' | 'amount_mismatch';

export type CaptureEffect = { kind: 'confirm' } | { kind: 'refund'; reason: RefundReason };

export interface CaptureFacts {
  booking: { status: BookingStatus; failure_reason: FailureReason | null };
  /** the payment's amount and currency are the order's */
  amountMatches: boolean;
}

/** Can a payment confirm a booking in this state? (the state machine's confirmPayment sources) */
export const awaitsPayment = ({ status, failure_reason }: CaptureFacts['booking']) =>
  status === 'accepted' || (status === 'failed' && failure_reason === 'payment_failed');

export function captureEffect({ booking, amountMatches }: CaptureFacts): CaptureEffect {
  if (booking.status === 'cancelled') return { kind: 'refund', reason: 'booking_cancelled' };
  if (booking.status === 'confirmed') return { kind: 'refund', reason: 'booking_already_paid' };
  if (!awaitsPayment(booking)) return { kind: 'refund', reason: 'booking_not_payable' };
  if (!amountMatches) return { kind: 'refund', reason: 'amount_mismatch' };
  return { kind: 'confirm' };
}
