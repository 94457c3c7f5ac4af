import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/**
 * Wedding plans' words (plans, the shortlist, Compare), a catalogue of their own: about 1.2 KB gzip that
 * Slot selection and My Bookings, the remote's other pages, need none of (bench first-load: My Bookings
 * carried them before it took taps). Only the planning pages import this module, so only their chunks carry it.
 */
registerMessages('booking-plans', { en, hi: () => import(/* webpackChunkName: "booking-plans-hi-IN" */ './locales/hi-IN.json') });

export type PlansMessage = keyof typeof en;
export const usePlansT = () => useT<PlansMessage>('booking-plans');
