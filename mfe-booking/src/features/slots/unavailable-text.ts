import type { UnavailableReason } from '@utsav/contracts/schemas';
import type { BookingMessage } from '../../i18n';

/** A calendar day the provider cannot take, as its button names it: '{date}, fully booked'. */
export const UNAVAILABLE_DAY: Record<UnavailableReason, BookingMessage> = {
  full: 'calendar.day.full',
  blocked: 'calendar.day.blocked',
};

/** A chosen range that ran across such a day: '{date} is fully booked: choose dates that leave it out.' */
export const RANGE_BLOCKED: Record<UnavailableReason, BookingMessage> = {
  full: 'slots.rangeBlocked.full',
  blocked: 'slots.rangeBlocked.blocked',
};
