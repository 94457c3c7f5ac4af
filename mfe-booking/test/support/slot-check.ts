import { slotSelectionSchema } from '@utsav/contracts/schemas';
import type { IndiaTime } from '@utsav/contracts/slot-rules';
import type { SlotSelection } from '../../src/features/slots/selection';

export type SlotCheck =
  | { ok: true; slot: { preferredDateRange: { from: string; to: string }; preferredTime: { start: string; end: string } } }
  | { ok: false; message: string };

/** The slot form's schema over a selection (an address chosen, no note): its slot, or its first message. */
export function checkSelection({ range, startTime, endTime }: SlotSelection, at?: IndiaTime): SlotCheck {
  const result = slotSelectionSchema(at).safeParse({ range, startTime, endTime, note: '', addressId: 'a1' });
  if (!result.success) return { ok: false, message: result.error.issues[0]!.message };
  return { ok: true, slot: { preferredDateRange: result.data.preferredDateRange, preferredTime: result.data.preferredTime } };
}
