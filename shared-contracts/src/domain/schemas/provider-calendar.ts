import * as z from './zod';
import { isoDateSchema, monthSchema } from './booking';

/**
 * A provider's days (issue 36, item 4): GET /provider/{pid}/availability — how many bookings a day it takes and the
 * days (today on) it takes none — and, with `?month=YYYY-MM`, its calendar for that month: per day the bookings
 * on it by status, what they take of its capacity, what is left, and whether it is blocked (with the reason).
 * PUT /provider/{pid}/availability, PUT and DELETE /provider/{pid}/blocked-days/{date} answer the same.
 */

export const calendarDaySchema = z.object({
  date: isoDateSchema,
  /** bookings on this day awaiting the provider's answer (they hold nothing yet) */
  requested: z.number().int().nonnegative(),
  /** accepted, awaiting the consumer's advance */
  accepted: z.number().int().nonnegative(),
  /** paid */
  confirmed: z.number().int().nonnegative(),
  /** bookings holding capacity on this day: accepted, confirmed, and those whose payment failed (they may still pay) */
  held: z.number().int().nonnegative(),
  /** the provider's daily capacity */
  capacity: z.number().int().positive(),
  /** how many more requests this day can take: 0 when blocked or full */
  free: z.number().int().nonnegative(),
  /** the provider takes no booking this day, and why (its own words, possibly empty); null: not blocked */
  blocked: z.object({ reason: z.string() }).nullable(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const providerAvailabilitySchema = z.object({
  providerId: z.string(),
  /** its own capacity, else its kind of service's default */
  dailyCapacity: z.number().int().positive(),
  /** its blocked days from today on, in date order */
  blockedDays: z.array(z.object({ date: isoDateSchema, reason: z.string() })),
  /** with ?month=: that month's calendar, every day of it in order */
  calendar: z.object({ month: monthSchema, days: z.array(calendarDaySchema) }).optional(),
});
export type ProviderAvailability = z.infer<typeof providerAvailabilitySchema>;

/** `?month=` of GET /provider/{pid}/availability. */
export const providerAvailabilityQuerySchema = z.object({ month: monthSchema.optional() });
