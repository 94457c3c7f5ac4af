import * as z from './zod';
import { said } from '../validation-messages';
import { bookingSchema, FAILURE_REASONS } from './booking';

/**
 * The provider's side (issue 36): what a person who runs a listing sees of the bookings of its services, and the
 * answers it gives. Under `/provider` in the API; the mfe-provider remote shows it.
 */

/**
 * Why a provider declines a request or new dates: one of these (the consumer reads it in their own language), and for
 * `other`, the provider's own words in `note`.
 */
export const DECLINE_REASONS = ['fully_booked', 'not_available', 'outside_area', 'package_unavailable', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_NOTE_MAX_LENGTH = 500;

/** POST /provider/bookings/{bid}/decline and …/reschedule/decline: a fixed reason, and the provider's words for `other`. */
export const providerDeclineSchema = z.object({
  reason: z.enum(DECLINE_REASONS, { error: said('validation.required', { label: 'reason' }) }),
  note: z.string().max(DECLINE_NOTE_MAX_LENGTH, { error: said('validation.note', { max: DECLINE_NOTE_MAX_LENGTH }) }).optional(),
});
export type ProviderDecline = z.input<typeof providerDeclineSchema>;

/** Statuses in which the consumer's phone and email are the provider's to see: the advance is paid. */
export const CONTACT_VISIBLE_STATUSES = ['confirmed'] as const;

/**
 * A booking as its provider sees it: the consumer's Booking, who asked, and their contact (phone, email) only once
 * the booking is confirmed (null before: the provider talks to them through Utsav until they have paid).
 */
export const providerBookingSchema = bookingSchema.extend({
  consumer: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  failureReason: z.enum(FAILURE_REASONS).nullable(),
  /** the fixed reason the provider declined it with, when it did */
  declineReason: z.enum(DECLINE_REASONS).nullable().optional(),
});
export type ProviderBooking = z.infer<typeof providerBookingSchema>;
export const providerBookingListSchema = z.array(providerBookingSchema);

/** GET /provider/listings: the listings the caller runs (none: not a provider, and the shell shows no provider section). */
export const providerListingsSchema = z.object({
  listings: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      services: z.array(z.object({ id: z.string(), title: z.string(), category: z.string(), city: z.string() })),
    }),
  ),
});
export type ProviderListings = z.infer<typeof providerListingsSchema>;

/** POST /provider/claim: the invite code, as typed (any case, dashes or spaces); the answer names the listing. */
export const providerClaimSchema = z.object({ code: z.string({ error: said('validation.required', { label: 'code' }) }).max(40) });
export const providerClaimedSchema = z.object({ providerId: z.string(), name: z.string() });
export type ProviderClaimed = z.infer<typeof providerClaimedSchema>;
