import { BOOKING_NOTE_MAX_LENGTH } from './constants';
import type { BookingCreate } from './schemas/booking';

/**
 * What a booking request carries, built one way for Book Now (mfe-booking) and Checkout (mfe-checkout),
 * and the day it is made on — India's, as the API reads it. Pure (no zod, no browser code): the API imports
 * it too, as `@utsav/contracts/booking-request`.
 */

/** The product's time zone: "today" and the booking date are India's. */
export const BOOKING_TIME_ZONE = 'Asia/Kolkata';
/** Its offset from UTC, all year round (India keeps no summer time): a booking's date and time as a moment. */
export const BOOKING_TIME_ZONE_OFFSET = '+05:30';

let indiaDate: Intl.DateTimeFormat | undefined;

/** Today's calendar date in India, 'YYYY-MM-DD' (whatever the device's time zone). */
export function todayInIndia(now: Date = new Date()): string {
  // built once, on first use: an Intl formatter is slow to build (see formatINR), and the API asks per booking
  indiaDate ??= new Intl.DateTimeFormat('en-GB', { timeZone: BOOKING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = indiaDate.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface BookingRequest {
  /** who books: the signed-in consumer (the API books with their saved profile's name and email) */
  consumer: { uid: string; name: string; email: string };
  preferredDateRange: { from: string; to: string };
  preferredTime: { start: string; end: string };
  menu: { menuId: string; menuName: string; serviceId: string };
  /** the saved address the service happens at (the API keeps a copy of it in the booking) */
  addressId: string;
  /** integer paise; informative, the API prices from the menu */
  amount: number;
  /** trimmed and cut to the booking note's limit here */
  note: string;
}

/** Spec §3 Booking create payload. */
export function bookingCreatePayload(request: BookingRequest, now: Date = new Date()): BookingCreate {
  return {
    consumerId: request.consumer.uid,
    consumerName: request.consumer.name,
    consumerEmail: request.consumer.email,
    bookingDate: todayInIndia(now),
    preferredDateRange: request.preferredDateRange,
    preferredTime: request.preferredTime,
    menuId: request.menu.menuId,
    menuName: request.menu.menuName,
    serviceId: request.menu.serviceId,
    addressId: request.addressId,
    amount: request.amount,
    currency: 'INR',
    note: request.note.trim().slice(0, BOOKING_NOTE_MAX_LENGTH),
    createdAt: now.toISOString(),
  };
}

/** A booking's note from its parts (a cart line's own note, Checkout's special requests): blank-line joined, trimmed, cut to the limit. */
export function joinBookingNote(...parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n')
    .slice(0, BOOKING_NOTE_MAX_LENGTH)
    .trim();
}
