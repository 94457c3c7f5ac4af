import { slotProblems, type DateRange, type IndiaTime, type TimeRange } from '@utsav/contracts/slot-rules';
import { HttpError } from '../http/http-error';

/**
 * The rules of a slot live in @utsav/contracts/slot-rules, shared with the slot page (which disables what
 * they refuse). The API checks them for bookings and cart items at India's time now.
 */
export type { DateRange, TimeRange };

/**
 * Throws a 400 when the slot breaks a rule. The message is the first problem's sentence (what a person
 * reads); `issues` lists all of them by field, like `parse` does. Both in the request's language.
 */
export function assertValidSlot(dates: DateRange, times: TimeRange, at: IndiaTime | string): void {
  const problems = slotProblems(dates, times, at);
  const [first] = problems;
  if (first) throw new HttpError(400, 'http.invalidInput', { values: { issues: first.message }, details: { issues: problems } });
}
