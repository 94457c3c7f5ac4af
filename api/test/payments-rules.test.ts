import { captureEffect, type CaptureFacts } from '../src/payments/payment-rules';

// unit test of the pure table: which capture confirms its booking and which is refunded
const booking = (status: CaptureFacts['booking']['status'], failure_reason: CaptureFacts['booking']['failure_reason'] = null) => ({ status, failure_reason });

test.each([
  [booking('accepted'), true, { kind: 'confirm' }],
  [booking('failed', 'payment_failed'), true, { kind: 'confirm' }],
  [booking('accepted'), false, { kind: 'refund', reason: 'amount_mismatch' }],
  [booking('cancelled'), true, { kind: 'refund', reason: 'booking_cancelled' }],
  [booking('cancelled'), false, { kind: 'refund', reason: 'booking_cancelled' }],
  [booking('confirmed'), true, { kind: 'refund', reason: 'booking_already_paid' }],
  [booking('requested'), true, { kind: 'refund', reason: 'booking_not_payable' }],
  [booking('failed', 'declined'), true, { kind: 'refund', reason: 'booking_not_payable' }],
] as const)('a capture on a %o booking (amount matches: %s) → %o', (state, amountMatches, effect) => {
  expect(captureEffect({ booking: state, amountMatches })).toEqual(effect);
});
