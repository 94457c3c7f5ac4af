import { isPayable, type FailureReason } from '@utsav/contracts/booking-state';
import type { BookingStatus } from '@utsav/contracts/schemas';
import { bookingState } from '../bookings/booking-rows';

/**
 * What a captured payment does, pure (no database): it confirms its booking, or it is owed back. Only a
 * booking the state machine calls payable (`isPayable`: accepted, or failed because a payment failed) is confirmed, and only by
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

export function captureEffect({ booking, amountMatches }: CaptureFacts): CaptureEffect {
  if (booking.status === 'cancelled') return { kind: 'refund', reason: 'booking_cancelled' };
  if (booking.status === 'confirmed') return { kind: 'refund', reason: 'booking_already_paid' };
  if (!isPayable(bookingState(booking))) return { kind: 'refund', reason: 'booking_not_payable' };
  if (!amountMatches) return { kind: 'refund', reason: 'amount_mismatch' };
  return { kind: 'confirm' };
}
