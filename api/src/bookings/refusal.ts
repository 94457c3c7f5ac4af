import { apiMessageOf } from '../http/api-messages';
import { HttpError } from '../http/http-error';

/**
 * The 409 of a change the booking's state does not allow, with the state machine's English
 * ("Only a requested booking can be accepted (this one is accepted).", @utsav/contracts/booking-state) and its
 * words in the API's catalogue: the rule and the state, each a text of it.
 */
export function transitionRefused(message: string): HttpError {
  const [, rule = '', state = ''] = /^(.*) \(this one is (.*)\)\.$/.exec(message) ?? [];
  const ruleId = apiMessageOf(rule);
  const stateId = apiMessageOf(state);
  const words = ruleId && stateId ? { id: 'booking.refused' as const, values: { refusal: { id: ruleId }, state: { id: stateId } } } : undefined;
  return new HttpError(409, message, { words });
}
