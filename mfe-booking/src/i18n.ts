import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/** Slot selection's and My Bookings' own strings (the calendar, the selection bar, the booking cards and their dialogs). */
registerMessages('booking', { en, hi: () => import(/* webpackChunkName: "booking-hi-IN" */ './locales/hi-IN.json') });

export type BookingMessage = keyof typeof en;
export const useBookingT = () => useT<BookingMessage>('booking');
