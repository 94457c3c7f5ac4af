import * as z from './zod';
import { said } from '../validation-messages';
import { addressIdSchema } from './booking';
import { BOOKING_NOTE_MAX_LENGTH } from '../constants';
import { SLOT_MESSAGES, slotProblems, type IndiaTime } from '../slot-rules';

/**
 * The slot page's form (spec §2/§5 Slot selection): dates, times, note and the service address, as the page
 * holds them, checked by this schema. Spec §5 (Book Now; the same for Add to Cart): a start date is needed,
 * and with no end date the end is the start; both times are needed. Beyond the spec, the end time must be
 * after the start time, and given India's time now every rule the API checks (@utsav/contracts/slot-rules,
 * the same function) is checked here first, with the API's own message. The output is what a booking or
 * a cart item carries of the selection.
 */

/** The form's first two messages in English (the form says them in the page's language: validation.slot.* of the contracts' catalogue). */
export const DATE_RANGE_MESSAGE = 'Please select a valid date range.';
export const TIME_RANGE_MESSAGE = 'Please select a valid time range.';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const chosenDate = z.iso.date({ error: said('validation.slot.dateRange') });
const chosenTime = z.string({ error: said('validation.slot.timeRange') }).regex(TIME, { error: said('validation.slot.timeRange') });

/** Where a slot rule's problem (named by the API's body paths) shows on the form. */
function formPath(path: string): 'range' | 'startTime' | 'endTime' {
  if (path.startsWith('preferredTime.start')) return 'startTime';
  if (path.startsWith('preferredTime.end')) return 'endTime';
  return 'range';
}

/** The slot form's schema; `at` is India's time now (without it, only the form's own checks run). */
export function slotSelectionSchema(at?: IndiaTime) {
  return z
    .object({
      /** the calendar's range: nothing yet, a start, or a start and an end */
      range: z.object({ start: chosenDate, end: chosenDate.nullable() }),
      startTime: chosenTime,
      endTime: chosenTime,
      note: z.string().trim().max(BOOKING_NOTE_MAX_LENGTH, { error: said('validation.note', { max: BOOKING_NOTE_MAX_LENGTH }) }),
      /** one of the user's saved addresses; null until one is chosen */
      addressId: addressIdSchema,
    })
    .superRefine(({ range, startTime, endTime }, ctx) => {
      // a time or a date that is not one has been reported above: nothing to compare
      if (!TIME.test(startTime) || !TIME.test(endTime) || !chosenDate.safeParse(range.start).success) return;
      if (endTime <= startTime) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: SLOT_MESSAGES.endTimeNotAfterStart });
        return;
      }
      if (!at) return;
      for (const problem of slotProblems({ from: range.start, to: range.end ?? range.start }, { start: startTime, end: endTime }, at)) {
        ctx.addIssue({ code: 'custom', path: [formPath(problem.path)], message: problem.message });
      }
    })
    .transform(({ range, startTime, endTime, note, addressId }) => ({
      preferredDateRange: { from: range.start, to: range.end ?? range.start },
      preferredTime: { start: startTime, end: endTime },
      note,
      addressId,
    }));
}

/** What the slot form holds: '' or null for "nothing chosen yet". */
export interface SlotFormValues {
  range: { start: string | null; end: string | null };
  startTime: string;
  endTime: string;
  note: string;
  addressId: string | null;
}
/** A checked selection: what a booking or a cart item carries of it. */
export type SlotChoice = z.output<ReturnType<typeof slotSelectionSchema>>;

/** The form's fields in the order their problems are told (one at a time, the first). */
export const SLOT_FORM_FIELDS = ['range', 'startTime', 'endTime', 'note', 'addressId'] as const satisfies readonly (keyof SlotFormValues)[];
