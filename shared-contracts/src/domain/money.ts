import { BOOKING_ADVANCE_BPS, GST_ON_FEE_BPS, PLATFORM_FEE_BPS } from './constants';
import { commonText } from './common-messages';
import { DEFAULT_LOCALE, type Locale } from './language';

/** Money is integer paise inside the system; rupees appear only at the edges. */
export type Paise = number;

/**
 * ₹1,00,000.00 — Indian digit grouping (the last three digits, then pairs), always two decimals;
 * a minus sign before the ₹. Written out rather than through Intl.NumberFormat('en-IN'), whose first
 * construction costs tens of milliseconds of a page's start-up (ICU data); the tests hold it to
 * Intl's output.
 */
export function formatINR(amount: Paise): string {
  const paise = Math.round(Math.abs(amount));
  const rupees = Math.floor(paise / 100).toString();
  const fraction = (paise % 100).toString().padStart(2, '0');
  const lakhs = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = lakhs ? `${lakhs},${rupees.slice(-3)}` : rupees;
  return `${amount < 0 && paise > 0 ? '-' : ''}₹${grouped}.${fraction}`;
}

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

/** What a person may type as an amount of rupees: digits (commas between them, Indian or Western), up to two decimals, an optional ₹. */
const RUPEE_TEXT = /^₹?\s*(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount of rupees as typed ('12,500.50', '₹1,00,000', '99.5') → integer paise (1250050, 10000000, 9950), or null
 * when it is not one (blank, negative, more than two decimals, letters). Worked out on the digits, never through a
 * float: what was typed is exactly what is sent.
 */
export function parseRupees(text: string): Paise | null {
  const match = RUPEE_TEXT.exec(text.trim());
  if (!match) return null;
  const rupees = Number(match[1]!.replace(/,/g, ''));
  const paise = Number((match[2] ?? '').padEnd(2, '0'));
  const amount = rupees * 100 + paise;
  return Number.isSafeInteger(amount) ? amount : null;
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

/** A rate in basis points as the pages print it: 200 → '2%'. */
export const percentLabel = (bps: number): string => `${bps / 100}%`;

/** The Order Summary's row names in a language, built from the rates above so a rate change shows everywhere. */
export const bookingAdvanceLabel = (locale: Locale = DEFAULT_LOCALE): string =>
  commonText(locale, 'money.bookingAdvance', { percent: percentLabel(BOOKING_ADVANCE_BPS) });
export const platformFeeLabel = (locale: Locale = DEFAULT_LOCALE): string => commonText(locale, 'money.platformFee', { percent: percentLabel(PLATFORM_FEE_BPS) });
export const gstOnFeeLabel = (locale: Locale = DEFAULT_LOCALE): string => commonText(locale, 'money.gstOnFee', { percent: percentLabel(GST_ON_FEE_BPS) });

/** The spec's payment summary (§2 Order Summary, §9); the server charges exactly this. */
export function paymentBreakdown(total: Paise): PaymentBreakdown {
  const advance = percentOf(total, BOOKING_ADVANCE_BPS);
  const platformFee = percentOf(advance, PLATFORM_FEE_BPS);
  const gst = percentOf(platformFee, GST_ON_FEE_BPS);
  return { total, advance, platformFee, gst, payNow: advance + platformFee + gst, remaining: total - advance };
}
