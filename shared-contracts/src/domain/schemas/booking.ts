import * as z from './zod';
import { said } from '../validation-messages';
import { BOOKING_NOTE_MAX_LENGTH } from '../constants';
import { addressSnapshotSchema } from './address';
import { formatDateRange, formatTimeRange } from '../date-format';
import { BOOKING_STATUSES } from './booking-values';

/**
 * Bookings (spec §3 "Booking (read)" and "Booking create payload", §4 states). Amounts are integer
 * paise and always computed by the server (the menu's price, less the booking's share of a coupon). Dates are calendar dates 'YYYY-MM-DD'
 * (the event's local dates, no time zone); times are 'HH:mm' on the 24-hour clock.
 */
export { BOOKING_STATUSES, BOOKING_TABS, type BookingStatus, type BookingTab } from './booking-values';

export const isoDateSchema = z.iso.date({ error: said('validation.date') });
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: said('validation.time') });

export const dateRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export const timeRangeSchema = z.object({ start: timeSchema, end: timeSchema });

/** Why a booking is `failed`: the provider declined it, or its payment failed (only then can payment be retried). */
export const FAILURE_REASONS = ['declined', 'payment_failed'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Spec §9's payment summary of a booking, computed by the server: advance + platformFee + gst = payNow; remaining goes to the provider. */
export const bookingPaymentSchema = z.object({
  advance: z.number().int().nonnegative(),
  platformFee: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  payNow: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** A refund's way back: due (not yet taken by Razorpay), pending (Razorpay is processing it), processed, failed. */
export const REFUND_STATUSES = ['due', 'pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const bookingSchema = z.object({
  bookingId: z.string(),
  serviceId: z.string(),
  menuId: z.string(),
  menuName: z.string(),
  /** the service's title and its provider's name when it was booked (copies: a later rename does not change them) */
  serviceTitle: z.string(),
  providerName: z.string(),
  /** where the service happens: a copy of the saved address it was booked with; null only for bookings older than addresses */
  address: addressSnapshotSchema.nullable(),
  status: z.enum(BOOKING_STATUSES),
  /** set exactly when status is 'failed' */
  failureReason: z.enum(FAILURE_REASONS).optional(),
  /** the day the request was made */
  bookingDate: isoDateSchema,
  preferredDateRange: dateRangeSchema,
  preferredTime: timeRangeSchema,
  note: z.string().optional(),
  currency: z.literal('INR'),
  /** total service value after any discount, integer paise: what the booking is charged on */
  amount: z.number().int().nonnegative(),
  /** the menu's price when it was booked; amount = listAmount − discount */
  listAmount: z.number().int().nonnegative(),
  /** this booking's share of the cart's coupon (0 without one) */
  discount: z.number().int().nonnegative(),
  /** the coupon applied, null when none */
  couponCode: z.string().nullable(),
  /** the payment the server charges once the provider accepts (spec §9, from amount): the Order Summary shows these */
  payment: bookingPaymentSchema,
  /** its GST tax invoice's number, once its advance is paid (GET /bookings/{bid}/invoice gives the PDF) */
  invoiceNumber: z.string().optional(),
  /** the consumer's review of it, once written (a confirmed booking that has taken place; once) */
  review: z.object({ rating: z.number().int().min(1).max(5), text: z.string(), date: isoDateSchema }).optional(),
  /** new dates the consumer proposed, waiting for the provider's answer (at most one at a time) */
  reschedule: z.object({ preferredDateRange: dateRangeSchema, preferredTime: timeRangeSchema }).optional(),
  /** a paid booking the consumer cancelled: the advance it gets back (the cancellation policy) and where that refund is */
  refund: z.object({ amount: z.number().int().positive(), status: z.enum(REFUND_STATUSES) }).optional(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** The saved address a booking or cart item is for: required, one of the signed-in consumer's own. */
/** In English (said in the page's or request's language: validation.address.required of the contracts' catalogue). */
export const ADDRESS_REQUIRED_MESSAGE = 'Choose where the service should happen';
export const addressIdSchema = z
  .string({ error: said('validation.address.required') })
  .trim()
  .min(1, { error: said('validation.address.required') })
  .max(64, { error: said('validation.tooLong', { label: 'addressId' }) });

/**
 * POST /bookings body — the spec's create payload. consumerId must be the signed-in user; consumerName,
 * consumerEmail, amount and currency are accepted for compatibility but ignored (the name and email come
 * from the stored profile, the price from the menu).
 */
export const bookingCreateSchema = z.object({
  consumerId: z.string().min(1, { error: said('validation.required', { label: 'consumerId' }) }),
  consumerName: z.unknown().optional(),
  consumerEmail: z.unknown().optional(),
  bookingDate: isoDateSchema,
  preferredDateRange: dateRangeSchema,
  preferredTime: timeRangeSchema,
  menuId: z.string().min(1, { error: said('validation.required', { label: 'menuId' }) }),
  menuName: z.string().max(200).optional(),
  serviceId: z.string().min(1, { error: said('validation.required', { label: 'serviceId' }) }),
  /** one of the consumer's saved addresses: where the service happens (the booking keeps a copy of it) */
  addressId: addressIdSchema,
  amount: z.number().optional(),
  currency: z.string().optional(),
  note: z.string().max(BOOKING_NOTE_MAX_LENGTH, { error: said('validation.note', { max: BOOKING_NOTE_MAX_LENGTH }) }).default(''),
  createdAt: z.string().optional(),
});
export type BookingCreate = z.input<typeof bookingCreateSchema>;

export const bookingListSchema = z.array(bookingSchema);

/** 'YYYY-MM': a calendar month. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: said('validation.month') });

/** Why a day cannot be booked: the provider is fully booked that day, or takes no bookings then. */
export const UNAVAILABLE_REASONS = ['full', 'blocked'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/**
 * GET /services/{sid}/availability?month=YYYY-MM: the days of that month the service's provider cannot
 * take a booking on (a day not listed can be booked, within the slot rules). A request whose dates
 * include one is refused (409), as is an acceptance that would go over the provider's daily capacity.
 */
export const monthAvailabilitySchema = z.object({
  serviceId: z.string(),
  month: monthSchema,
  /** how many bookings a day the provider takes */
  dailyCapacity: z.number().int().positive(),
  unavailable: z.array(z.object({ date: isoDateSchema, reason: z.enum(UNAVAILABLE_REASONS) })),
});
export type MonthAvailability = z.infer<typeof monthAvailabilitySchema>;

/**
 * GET /bookings/{bid}/cancellation: what cancelling the booking now would give back, computed by the server
 * with the cancellation policy (the cancel dialog shows these figures, never its own). Paise.
 */
export const cancellationTermsSchema = z.object({
  bookingId: z.string(),
  /** the advance paid for it (0 when it was never paid) */
  advancePaid: z.number().int().nonnegative(),
  /** what comes back if it is cancelled now */
  refund: z.number().int().nonnegative(),
  /** the policy's rule that applies now */
  rule: z.string(),
  /** every rule of the policy, in order */
  rules: z.array(z.string()),
  /** what is never refunded */
  notRefunded: z.string(),
});
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;

/** "12 Dec 2026 – 13 Dec 2026, 10:00 AM – 2:00 PM": a booking's slot in words (new dates, the history). */
export const slotText = (slot: { preferredDateRange: { from: string; to: string }; preferredTime: { start: string; end: string } }): string =>
  `${formatDateRange(slot.preferredDateRange)}, ${formatTimeRange(slot.preferredTime)}`;

/** POST /bookings/{bid}/reschedule: the new dates and times the consumer proposes (the slot rules apply). */
export const rescheduleRequestSchema = z.object({ preferredDateRange: dateRangeSchema, preferredTime: timeRangeSchema });
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

/** What happened to a booking, step by step (its timeline): from the stored events and its refund. */
export const BOOKING_EVENT_KINDS = [
  'requested',
  'accepted',
  'declined',
  'withdrawn',
  'paid',
  'paymentFailed',
  'newDatesProposed',
  'rescheduled',
  'newDatesDeclined',
  'cancelled',
  'refunded',
] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];

/** GET /bookings/{bid}/history: oldest first. `detail`: what the step said (new dates, a provider's reason); `amount` for a refund (paise). */
export const bookingHistorySchema = z.array(
  z.object({
    kind: z.enum(BOOKING_EVENT_KINDS),
    /** ISO 8601 */
    at: z.string(),
    by: z.enum(['you', 'provider', 'payment', 'system']),
    detail: z.string().optional(),
    amount: z.number().int().positive().optional(),
  }),
);
export type BookingHistory = z.infer<typeof bookingHistorySchema>;

/** How the timeline names each step. */
export const BOOKING_EVENT_LABELS: Readonly<Record<BookingEventKind, string>> = {
  requested: 'Requested',
  accepted: 'Accepted by the provider',
  declined: 'Declined by the provider',
  withdrawn: 'Request withdrawn',
  paid: 'Advance paid',
  paymentFailed: 'Payment failed',
  newDatesProposed: 'New dates proposed',
  rescheduled: 'Moved to new dates',
  newDatesDeclined: 'New dates declined',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
