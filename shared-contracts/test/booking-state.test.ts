import { BOOKING_STATUSES } from '../src/domain/schemas/booking';
import {
  allowedStatusPairs,
  describeState,
  isPayable,
  paymentStanding,
  planTransition,
  TRANSITIONS,
  type BookingAction,
  type BookingState,
} from '../src/domain/booking-state';

const requested: BookingState = { status: 'requested', failureReason: null };
const accepted: BookingState = { status: 'accepted', failureReason: null };
const confirmed: BookingState = { status: 'confirmed', failureReason: null };
const cancelled: BookingState = { status: 'cancelled', failureReason: null };
const declined: BookingState = { status: 'failed', failureReason: 'declined' };
const paymentFailed: BookingState = { status: 'failed', failureReason: 'payment_failed' };
const ALL_STATES = [requested, accepted, confirmed, cancelled, declined, paymentFailed];
const ACTIONS = Object.keys(TRANSITIONS) as BookingAction[];

test('the table allows exactly the transitions of the product', () => {
  const pairs = allowedStatusPairs().map(([from, to]) => `${from} → ${to}`);
  expect(pairs.sort()).toEqual(
    [
      'requested → accepted',
      'requested → failed',
      'accepted → confirmed',
      'accepted → failed',
      'accepted → cancelled',
      'failed → confirmed',
      'requested → cancelled', // withdraw (the consumer) and closeAccount (the system, on account deletion)
      'confirmed → cancelled', // cancel, with the cancellation policy's refund
      'failed → cancelled', // cancel a booking whose payment failed
      // new dates proposed, accepted or declined: the state stays, the history says so
      'accepted → accepted',
      'confirmed → confirmed',
      'failed → failed',
    ].sort(),
  );
  for (const [from, to] of allowedStatusPairs()) {
    expect(BOOKING_STATUSES).toContain(from);
    expect(BOOKING_STATUSES).toContain(to);
  }
});

// every (state, action): the resulting state, or null when refused
const EXPECTED: Record<BookingAction, [BookingState, BookingState | null][]> = {
  accept: [[requested, accepted], [accepted, null], [confirmed, null], [cancelled, null], [declined, null], [paymentFailed, null]],
  decline: [[requested, declined], [accepted, null], [confirmed, null], [cancelled, null], [declined, null], [paymentFailed, null]],
  withdraw: [[requested, cancelled], [accepted, null], [confirmed, null], [cancelled, null], [declined, null], [paymentFailed, null]],
  cancel: [[requested, null], [accepted, cancelled], [confirmed, cancelled], [cancelled, null], [declined, null], [paymentFailed, cancelled]],
  proposeReschedule: [[requested, null], [accepted, accepted], [confirmed, confirmed], [cancelled, null], [declined, null], [paymentFailed, paymentFailed]],
  acceptReschedule: [[requested, null], [accepted, accepted], [confirmed, confirmed], [cancelled, null], [declined, null], [paymentFailed, paymentFailed]],
  declineReschedule: [[requested, null], [accepted, accepted], [confirmed, confirmed], [cancelled, null], [declined, null], [paymentFailed, paymentFailed]],
  confirmPayment: [[requested, null], [accepted, confirmed], [confirmed, null], [cancelled, null], [declined, null], [paymentFailed, confirmed]],
  failPayment: [[requested, null], [accepted, paymentFailed], [confirmed, null], [cancelled, null], [declined, null], [paymentFailed, null]],
  closeAccount: [[requested, cancelled], [accepted, cancelled], [confirmed, null], [cancelled, null], [declined, null], [paymentFailed, null]],
};

describe.each(ACTIONS)('%s', (action) => {
  test.each(EXPECTED[action].map(([from, to]) => [describeState(from), from, to] as const))('from %s', (_label, from, to) => {
    const plan = planTransition(from, action);
    if (to === null) {
      expect(plan).toEqual({ ok: false, action, state: from, message: expect.stringMatching(/^Only .+ \(this one is .+\)\.$/) });
    } else {
      expect(plan).toMatchObject({ ok: true, action, from, to });
    }
  });
});

test('every state is covered for every action', () => {
  for (const action of ACTIONS) expect(EXPECTED[action].map(([from]) => from)).toEqual(ALL_STATES);
});

test('cancelled and declined are final; a confirmed booking can only be cancelled or moved to other dates', () => {
  for (const state of [cancelled, declined]) {
    for (const action of ACTIONS) expect(planTransition(state, action).ok).toBe(false);
  }
  expect(ACTIONS.filter((action) => planTransition(confirmed, action).ok)).toEqual(['cancel', 'proposeReschedule', 'acceptReschedule', 'declineReschedule']);
});

test('requested → cancelled: the consumer withdraws, or the system on account deletion; a request is withdrawn, not cancelled', () => {
  const toCancelledFromRequested = (Object.entries(TRANSITIONS) as [BookingAction, (typeof TRANSITIONS)[BookingAction]][])
    .filter(([, rule]) => rule.to !== 'unchanged' && rule.to.status === 'cancelled' && rule.from.some((from) => from.status === 'requested'))
    .map(([action, rule]) => [action, rule.by]);
  expect(toCancelledFromRequested).toEqual([
    ['withdraw', 'consumer'],
    ['closeAccount', 'system'],
  ]);
  expect(planTransition(requested, 'cancel').ok).toBe(false);
  expect(planTransition(requested, 'withdraw')).toMatchObject({ ok: true, to: cancelled, reason: 'withdrawn by the consumer' });
  expect(planTransition(requested, 'closeAccount')).toEqual({
    ok: true,
    action: 'closeAccount',
    from: requested,
    to: cancelled,
    reason: 'the consumer deleted their account',
  });
  expect(planTransition(confirmed, 'closeAccount')).toEqual({
    ok: false,
    action: 'closeAccount',
    state: confirmed,
    message: 'Only a requested or accepted booking can be cancelled when its account is deleted (this one is confirmed).',
  });
});

test('refusals say what is allowed and what the booking is', () => {
  expect(planTransition(accepted, 'accept')).toEqual({
    ok: false,
    action: 'accept',
    state: accepted,
    message: 'Only a requested booking can be accepted (this one is accepted).',
  });
  expect(planTransition(requested, 'cancel')).toEqual({
    ok: false,
    action: 'cancel',
    state: requested,
    message: 'Only an accepted or confirmed booking can be cancelled (this one is requested).',
  });
  expect(planTransition(declined, 'confirmPayment')).toEqual({
    ok: false,
    action: 'confirmPayment',
    state: declined,
    message: 'Only an accepted booking, or one whose payment failed, can be paid (this one is declined by the provider).',
  });
});

describe('reasons recorded in the history', () => {
  test('the caller’s reason, trimmed, wins', () => {
    expect(planTransition(requested, 'decline', '  Fully booked that week ')).toMatchObject({ reason: 'Fully booked that week' });
  });

  test('otherwise the rule’s default', () => {
    expect(planTransition(requested, 'accept')).toMatchObject({ reason: null });
    expect(planTransition(requested, 'decline', '   ')).toMatchObject({ reason: 'declined by the provider' });
    expect(planTransition(accepted, 'cancel')).toMatchObject({ reason: 'cancelled by the consumer' });
    expect(planTransition(accepted, 'failPayment')).toMatchObject({ reason: 'payment failed' });
    expect(planTransition(accepted, 'confirmPayment')).toMatchObject({ reason: 'payment received' });
  });

  test('a successful payment after a failed one is recorded as a retry', () => {
    expect(planTransition(paymentFailed, 'confirmPayment')).toMatchObject({
      ok: true,
      from: paymentFailed,
      to: confirmed,
      reason: 'payment retry succeeded',
    });
  });
});

test('a failed state always names its reason, and only a failed one does', () => {
  for (const rule of Object.values(TRANSITIONS)) {
    for (const state of [...rule.from, ...(rule.to === 'unchanged' ? [] : [rule.to])]) expect(state.status === 'failed').toBe(state.failureReason !== null);
  }
});

describe('isPayable: the one answer to "can this booking be paid?"', () => {
  test.each([
    [requested, false],
    [accepted, true],
    [confirmed, false],
    [cancelled, false],
    [declined, false],
    [paymentFailed, true],
  ] as const)('%o → %s', (state, payable) => {
    expect(isPayable(state)).toBe(payable);
    // exactly the states a payment may confirm
    expect(planTransition(state, 'confirmPayment').ok).toBe(payable);
  });

  test('takes the contract’s booking, whose failureReason is left out unless failed', () => {
    expect(isPayable({ status: 'accepted' })).toBe(true);
    expect(isPayable({ status: 'failed' })).toBe(false);
    expect(isPayable({ status: 'failed', failureReason: 'payment_failed' })).toBe(true);
  });
});

describe('paymentStanding', () => {
  it('says where each state stands for payment, payable exactly when isPayable says', () => {
    const cases: [Parameters<typeof paymentStanding>[0], string][] = [
      [{ status: 'requested' }, 'awaitingAcceptance'],
      [{ status: 'accepted' }, 'payable'],
      [{ status: 'failed', failureReason: 'payment_failed' }, 'paymentFailed'],
      [{ status: 'confirmed', invoiceNumber: 'UTS/2026-27/000001' }, 'paid'],
      [{ status: 'cancelled', invoiceNumber: 'UTS/2026-27/000001', refund: { amount: 1, status: 'processed' } }, 'cancelledAfterPayment'],
      [{ status: 'cancelled' }, 'cancelled'],
      [{ status: 'failed', failureReason: 'declined' }, 'declined'],
    ];
    for (const [booking, standing] of cases) {
      expect(paymentStanding(booking)).toBe(standing);
      expect(['payable', 'paymentFailed'].includes(standing)).toBe(isPayable(booking));
    }
  });
});
