import { DEFAULT_LOCALE, formatDateRange, formatShortDate, formatTimeRange, isTime, translateIn, type Locale } from '@utsav/contracts';
import type { CartItemCreate, SlotChoice } from '@utsav/contracts/schemas';
import type { DateRange } from './range';
import '../../i18n';

export interface SlotSelection {
  range: DateRange;
  startTime: string;
  endTime: string;
}

/** The bottom bar's line: '5 Dec – 7 Dec · 9:00 AM – 5:00 PM', or 'Select dates' (in the page's language). */
export function selectionSummary({ range, startTime, endTime }: SlotSelection, locale: Locale = DEFAULT_LOCALE): string {
  if (range.start === null) return translateIn(locale, 'booking', 'bar.selectDates');
  const dates = formatDateRange({ from: range.start, to: range.end }, (date) => formatShortDate(date, locale), locale);
  if (!isTime(startTime) || !isTime(endTime)) return dates;
  return `${dates} · ${formatTimeRange({ start: startTime, end: endTime }, locale)}`;
}

export interface PackageInfo {
  menuId: string;
  menuName: string;
  serviceId: string;
  /** the menu's price, integer paise */
  price: number;
}

/** The cart item of a checked selection (@utsav/contracts/schemas slotSelectionSchema's output). */
export function cartItem(slot: SlotChoice, pkg: PackageInfo): CartItemCreate {
  return {
    addressId: slot.addressId,
    serviceId: pkg.serviceId,
    menuId: pkg.menuId,
    quantity: 1,
    preferredDateRange: slot.preferredDateRange,
    preferredTime: slot.preferredTime,
    note: slot.note,
  };
}
