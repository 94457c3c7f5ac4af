import * as z from './zod';
import { said } from '../validation-messages';
import { isoDateSchema } from './booking';
import { SERVICE_CATEGORIES } from './catalog-values';
import { PLAN_EVENT_KINDS } from './plan';

/**
 * A plan shared read-only (issue 37, item 5): its owner makes a link that family members open without signing in.
 * The link's token is 256 random bits, shown to the owner once, when it is made (the API keeps only its SHA-256):
 * to send it again the owner copies it from where they sent it, or makes a new one (the old one stops working).
 * One working link per plan; revoked, it is a 404 at once. Prices show only when the owner says so.
 */

/** The token in a shared plan's link: 32 random bytes, base64url (43 characters). Anything else is no link of ours. */
export const PLAN_SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const showPrices = z.boolean({ error: said('validation.boolean', { label: 'showPrices' }) });

/** POST /plans/{planId}/share: a new link (the one before it stops working). No body: prices hidden. */
export const planShareInputSchema = z.preprocess(
  (value) => (value === undefined || value === null ? {} : value),
  z.object({ showPrices: showPrices.default(false) }, { error: said('validation.quote.notObject') }),
);
export type PlanShareInput = z.input<typeof planShareInputSchema>;

/** PATCH /plans/{planId}/share: whether the link shows the booked vendors' prices. */
export const planShareUpdateSchema = z.object({ showPrices }, { error: said('validation.quote.notObject') });
export type PlanShareUpdate = z.output<typeof planShareUpdateSchema>;

/** The plan's working link, as its owner sees it (without the token, which is shown once). */
export const planShareSchema = z.object({
  showPrices: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PlanShare = z.infer<typeof planShareSchema>;

/** GET /plans/{planId}/share: the working link, or null when the plan is not shared. */
export const planShareStatusSchema = planShareSchema.nullable();

/** POST /plans/{planId}/share (201): the new link's token, this once. */
export const planShareCreatedSchema = planShareSchema.extend({ token: z.string().regex(PLAN_SHARE_TOKEN) });
export type PlanShareCreated = z.infer<typeof planShareCreatedSchema>;

/** A vendor booked for an event (an accepted quote's booking, accepted by the provider or paid). */
export const sharedVendorSchema = z.object({
  title: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  providerName: z.string(),
  /** the booked price, integer paise; null unless the owner shows prices */
  amount: z.number().int().nonnegative().nullable(),
});
export type SharedVendor = z.infer<typeof sharedVendorSchema>;

export const sharedEventSchema = z.object({
  kind: z.enum(PLAN_EVENT_KINDS),
  /** '' when not named (the kind names it) */
  name: z.string(),
  date: isoDateSchema,
  /** '' when not given */
  city: z.string(),
  vendors: z.array(sharedVendorSchema),
});
export type SharedEvent = z.infer<typeof sharedEventSchema>;

/**
 * GET /shared-plans/{token}: what a shared link shows, to anyone holding it. Never the couple's phone, email,
 * address or account, nor any id; guest counts stay with the couple.
 */
export const sharedPlanSchema = z.object({
  title: z.string(),
  from: isoDateSchema,
  to: isoDateSchema,
  /** '' when not given */
  homeCity: z.string(),
  showPrices: z.boolean(),
  /** by date */
  events: z.array(sharedEventSchema),
});
export type SharedPlan = z.infer<typeof sharedPlanSchema>;
