import type { BookingAction, BookingState, TransitionRefusal } from '@utsav/contracts/booking-state';
import type { ApiMessage } from '../http/api-messages';
import { HttpError } from '../http/http-error';

/** Each action's rule, as the API's catalogue words it ("Only a requested booking can be accepted"). */
const RULES: Record<BookingAction, ApiMessage> = {
  accept: 'booking.refusal.accept',
  decline: 'booking.refusal.decline',
  withdraw: 'booking.refusal.withdraw',
  cancel: 'booking.refusal.cancel',
  proposeReschedule: 'booking.refusal.reschedule',
  acceptReschedule: 'booking.refusal.reschedule',
  declineReschedule: 'booking.refusal.reschedule',
  confirmPayment: 'booking.refusal.confirmPayment',
  failPayment: 'booking.refusal.failPayment',
  closeAccount: 'booking.refusal.closeAccount',
};

/** A state as a refusal words it ("accepted", "declined by the provider"). */
function stateWords({ status, failureReason }: BookingState): ApiMessage {
  if (status !== 'failed') return `booking.state.${status}`;
  return failureReason === 'declined' ? 'booking.state.declined' : 'booking.state.paymentFailed';
}

/**
 * The 409 of a change the booking's state does not allow (@utsav/contracts/booking-state's refusal, which is
 * data: the action refused and the state it met), worded by the API's catalogue from those two.
 */
export function transitionRefused(refusal: Pick<TransitionRefusal, 'action' | 'state'>): HttpError {
  return new HttpError(409, 'booking.refused', { values: { refusal: { id: RULES[refusal.action] }, state: { id: stateWords(refusal.state) } } });
}
