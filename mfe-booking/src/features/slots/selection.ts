import { BOOKING_NOTE_MAX_LENGTH, formatDateRange, formatShortDate, formatTimeRange, isTime } from '@utsav/contracts';
import type { CartItemCreate } from '@utsav/contracts/schemas';
import { SLOT_MESSAGES, slotProblems, type IndiaTime } from '@utsav/contracts/slot-rules';
import type { IsoDate } from '../../shared/dates';
import { isAfter } from '../../shared/times';
import type { DateRange } from './range';

export const DATE_RANGE_MESSAGE = 'Please select a valid date range.';
export const TIME_RANGE_MESSAGE = 'Please select a valid time range.';
export const END_AFTER_START_MESSAGE = SLOT_MESSAGES.endTimeNotAfterStart;

export interface SlotSelection {
  range: DateRange;
  startTime: string;
  endTime: string;
}

/** What the create payload (@utsav/contracts/booking-request) and the cart item carry of the selection. */
export interface ValidSlot {
  preferredDateRange: { from: IsoDate; to: IsoDate };
  preferredTime: { start: string; end: string };
}

export type SlotCheck = { ok: true; slot: ValidSlot } | { ok: false; message: string };

/**
 * Spec §5 (Book Now; the same for Add to Cart): a start date is needed, and with no end date the
 * end is the start; both times are needed. Beyond the spec, the end time must be after the start
 * time (the bookings API refuses it otherwise). Given India's time now (`at`), every rule the API
 * checks (@utsav/contracts/slot-rules) is checked here first, with the API's own message.
 */
export function checkSelection({ range, startTime, endTime }: SlotSelection, at?: IndiaTime): SlotCheck {
  if (range.start === null) return { ok: false, message: DATE_RANGE_MESSAGE };
  if (!isTime(startTime) || !isTime(endTime)) return { ok: false, message: TIME_RANGE_MESSAGE };
  if (!isAfter(endTime, startTime)) return { ok: false, message: END_AFTER_START_MESSAGE };
  const slot = {
    preferredDateRange: { from: range.start, to: range.end ?? range.start },
    preferredTime: { start: startTime, end: endTime },
  };
  const [problem] = at ? slotProblems(slot.preferredDateRange, slot.preferredTime, at) : [];
  if (problem) return { ok: false, message: problem.message };
  return { ok: true, slot };
}

/** The bottom bar's line: '5 Dec – 7 Dec · 9:00 AM – 5:00 PM', or 'Select dates'. */
export function selectionSummary({ range, startTime, endTime }: SlotSelection): string {
  if (range.start === null) return 'Select dates';
  const dates = formatDateRange({ from: range.start, to: range.end }, formatShortDate);
  if (!isTime(startTime) || !isTime(endTime)) return dates;
  return `${dates} · ${formatTimeRange({ start: startTime, end: endTime })}`;
}

export function cleanNote(note: string): string {
  return note.trim().slice(0, BOOKING_NOTE_MAX_LENGTH);
}

export interface PackageInfo {
  menuId: string;
  menuName: string;
  serviceId: string;
  /** the menu's price, integer paise */
  price: number;
}

export function cartItem(slot: ValidSlot, pkg: PackageInfo, note: string, addressId: string): CartItemCreate {
  return {
    addressId,
    serviceId: pkg.serviceId,
    menuId: pkg.menuId,
    quantity: 1,
    preferredDateRange: slot.preferredDateRange,
    preferredTime: slot.preferredTime,
    note: cleanNote(note),
  };
}
