import { BOOKING_ADVANCE_BPS, GST_ON_FEE_BPS, PLATFORM_FEE_BPS } from './constants';

/** Money is integer paise inside the system; rupees appear only at the edges. */
export type Paise = number;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** ₹1,00,000.00 — Indian digit grouping, always two decimals. */
export function formatINR(amount: Paise): string {
  return inr.format(amount / 100);
}

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(amount: Paise): number {
  return amount / 100;
}

/** A share of an integer amount, in basis points, rounded half up to whole paise. */
export function percentOf(amount: Paise, bps: number): Paise {
  return Math.round((amount * bps) / 10_000);
}

export interface PaymentBreakdown {
  total: Paise;
  advance: Paise;
  platformFee: Paise;
  gst: Paise;
  payNow: Paise;
  remaining: Paise;
}

/** The spec's payment summary (§2 Order Summary, §9); the server charges exactly this. */
export function paymentBreakdown(total: Paise): PaymentBreakdown {
  const advance = percentOf(total, BOOKING_ADVANCE_BPS);
  const platformFee = percentOf(advance, PLATFORM_FEE_BPS);
  const gst = percentOf(platformFee, GST_ON_FEE_BPS);
  return { total, advance, platformFee, gst, payNow: advance + platformFee + gst, remaining: total - advance };
}
