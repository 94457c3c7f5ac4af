import { formatTime12, SLOT_END_HOURS, SLOT_START_HOURS } from '@utsav/contracts';
import { hourToTime } from '@utsav/contracts/slot-rules';

export { formatTime12, hourToTime };

/** Times are 'HH:mm' on the 24-hour clock, as the booking contract has them. */
export type Time = string;

export interface TimeOption {
  value: Time;
  /** in English ('9:00 AM'); a page words the time in its language: formatTime12(value, locale) */
  label: string;
}

const toOption = (hour: number): TimeOption => ({ value: hourToTime(hour), label: formatTime12(hourToTime(hour)) });

/** Spec §5: hourly 08:00–17:00 to start, 09:00–18:00 to end, 10 each. */
export const START_TIME_OPTIONS: readonly TimeOption[] = SLOT_START_HOURS.map(toOption);
export const END_TIME_OPTIONS: readonly TimeOption[] = SLOT_END_HOURS.map(toOption);
