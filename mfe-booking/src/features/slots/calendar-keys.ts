import { addDays, addMonths, maxIso, minIso, weekdayOf, type IsoDate } from '../../shared/dates';

/**
 * The day a key moves to in the calendar grid (the APG date grid keys): ←/→ a day, ↑/↓ a week,
 * Home/End the start/end of the week, PageUp/PageDown a month (with Shift, a year). Never before
 * `min` (past days can't be chosen) nor after `max` (the booking window's last day). null: not a navigation key.
 */
export function dayForKey(key: string, day: IsoDate, min: IsoDate, shiftKey = false, max?: IsoDate): IsoDate | null {
  let next: IsoDate;
  switch (key) {
    case 'ArrowLeft':
      next = addDays(day, -1);
      break;
    case 'ArrowRight':
      next = addDays(day, 1);
      break;
    case 'ArrowUp':
      next = addDays(day, -7);
      break;
    case 'ArrowDown':
      next = addDays(day, 7);
      break;
    case 'Home':
      next = addDays(day, -weekdayOf(day));
      break;
    case 'End':
      next = addDays(day, 6 - weekdayOf(day));
      break;
    case 'PageUp':
      next = addMonths(day, shiftKey ? -12 : -1);
      break;
    case 'PageDown':
      next = addMonths(day, shiftKey ? 12 : 1);
      break;
    default:
      return null;
  }
  const clamped = maxIso(next, min);
  return max === undefined ? clamped : minIso(clamped, max);
}
