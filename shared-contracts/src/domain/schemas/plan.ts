import * as z from './zod';
import { label, said } from '../validation-messages';
import { optionalLine, requiredLine } from './text-fields';
import { isoDateSchema } from './booking';
import { SERVICE_CATEGORIES } from './catalog-values';
import { imageSchema } from './catalog';

/**
 * Planning a wedding (issue 37, first increment): a consumer's plans, each with its events (haldi, mehendi,
 * sangeet, the wedding, the reception, or another the consumer names), and a shortlist of services, each
 * saved for one of their events or for none yet. Only ever the caller's own (another user's plan is a 404).
 */

export const PLAN_EVENT_KINDS = ['haldi', 'mehendi', 'sangeet', 'wedding', 'reception', 'other'] as const;
export type PlanEventKind = (typeof PLAN_EVENT_KINDS)[number];

export const PLAN_MAX_PER_CONSUMER = 10;
export const PLAN_EVENTS_MAX = 30;
export const SHORTLIST_MAX_ENTRIES = 200;
export const PLAN_TITLE_MAX_LENGTH = 120;
export const PLAN_CITY_MAX_LENGTH = 80;
export const PLAN_EVENT_NAME_MAX_LENGTH = 80;
export const PLAN_GUESTS_MIN = 1;
export const PLAN_GUESTS_MAX = 10_000;
/** how many shortlisted services GET /shortlist/compare takes at once */
export const SHORTLIST_COMPARE_MIN = 2;
export const SHORTLIST_COMPARE_MAX = 4;

const guests = z
  .number({ error: said('validation.wholeNumber', { label: label('validation.label.guests') }) })
  .int({ error: said('validation.wholeNumber', { label: label('validation.label.guests') }) })
  .min(PLAN_GUESTS_MIN, { error: said('validation.between', { label: label('validation.label.guests'), min: PLAN_GUESTS_MIN, max: PLAN_GUESTS_MAX }) })
  .max(PLAN_GUESTS_MAX, { error: said('validation.between', { label: label('validation.label.guests'), min: PLAN_GUESTS_MIN, max: PLAN_GUESTS_MAX }) });

const eventKind = z.enum(PLAN_EVENT_KINDS, { error: said('validation.plan.eventKind') });

const rangeInOrder = <T extends { from?: string; to?: string }>({ from, to }: T) => from === undefined || to === undefined || from <= to;

/** POST /plans. Unknown fields are dropped. */
export const planInputSchema = z
  .object(
    {
      title: requiredLine(label('validation.label.planTitle'), PLAN_TITLE_MAX_LENGTH),
      from: isoDateSchema,
      to: isoDateSchema,
      homeCity: optionalLine(label('validation.label.homeCity'), PLAN_CITY_MAX_LENGTH),
    },
    { error: said('validation.plan.notObject') },
  )
  .refine(rangeInOrder, { path: ['to'], error: said('validation.plan.range') });
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanFields = z.output<typeof planInputSchema>;

/** PATCH /plans/{planId}: any of the fields; a new range must still hold every event (else 409 naming it). */
export const planUpdateSchema = z
  .object(
    {
      title: requiredLine(label('validation.label.planTitle'), PLAN_TITLE_MAX_LENGTH).optional(),
      from: isoDateSchema.optional(),
      to: isoDateSchema.optional(),
      homeCity: optionalLine(label('validation.label.homeCity'), PLAN_CITY_MAX_LENGTH).optional(),
    },
    { error: said('validation.plan.notObject') },
  )
  .refine(rangeInOrder, { path: ['to'], error: said('validation.plan.range') });
export type PlanUpdate = z.output<typeof planUpdateSchema>;

const needsName = ({ kind, name }: { kind?: PlanEventKind; name?: string }) => kind !== 'other' || (name !== undefined && name !== '');

/** POST /plans/{planId}/events: its date must be within the plan's dates (else 400). */
export const planEventInputSchema = z
  .object(
    {
      kind: eventKind,
      name: optionalLine(label('validation.label.eventName'), PLAN_EVENT_NAME_MAX_LENGTH),
      date: isoDateSchema,
      city: optionalLine(label('validation.label.city'), PLAN_CITY_MAX_LENGTH),
      guests,
    },
    { error: said('validation.plan.eventNotObject') },
  )
  .refine(needsName, { path: ['name'], error: said('validation.plan.eventName') });
export type PlanEventInput = z.input<typeof planEventInputSchema>;
export type PlanEventFields = z.output<typeof planEventInputSchema>;

/** PATCH /plans/{planId}/events/{eventId}: any of the fields (an 'other' event still needs its name). */
export const planEventUpdateSchema = z
  .object(
    {
      kind: eventKind.optional(),
      name: optionalLine(label('validation.label.eventName'), PLAN_EVENT_NAME_MAX_LENGTH).optional(),
      date: isoDateSchema.optional(),
      city: optionalLine(label('validation.label.city'), PLAN_CITY_MAX_LENGTH).optional(),
      guests: guests.optional(),
    },
    { error: said('validation.plan.eventNotObject') },
  )
  .refine(({ kind, name }) => kind !== 'other' || name === undefined || name !== '', { path: ['name'], error: said('validation.plan.eventName') });
export type PlanEventUpdate = z.output<typeof planEventUpdateSchema>;

export const planEventSchema = z.object({
  eventId: z.string(),
  kind: z.enum(PLAN_EVENT_KINDS),
  /** '' when not named (the kind names it) */
  name: z.string(),
  date: isoDateSchema,
  /** '' when not given */
  city: z.string(),
  guests: z.number().int().min(PLAN_GUESTS_MIN).max(PLAN_GUESTS_MAX),
});
export type PlanEvent = z.infer<typeof planEventSchema>;

/** A plan, its events by date. */
export const planSchema = z.object({
  planId: z.string(),
  title: z.string(),
  from: isoDateSchema,
  to: isoDateSchema,
  /** '' when not given */
  homeCity: z.string(),
  events: z.array(planEventSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /plans: the caller's plans, newest first. */
export const planListSchema = z.array(planSchema);

/** PUT /shortlist/{serviceId}: saves the service (for one of the caller's events, or none), or moves it. No body: for none. */
export const shortlistPutSchema = z.preprocess(
  (value) => (value === undefined || value === null ? {} : value),
  z.object(
    { eventId: z.string({ error: said('validation.shortlist.eventId') }).max(64, { error: said('validation.shortlist.eventId') }).nullable().optional() },
    { error: said('validation.shortlist.notObject') },
  ),
);
export type ShortlistPut = z.output<typeof shortlistPutSchema>;

/** What the shortlist shows of a service. */
export const shortlistServiceSchema = z.object({
  title: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  city: z.string(),
  /** the starting price (the cheapest package), integer paise */
  priceFrom: z.number().int().nonnegative(),
  /** average rating 1–5, null when there are no reviews */
  rating: z.number().nullable(),
  reviewCount: z.number().int().nonnegative(),
  providerName: z.string(),
  image: imageSchema.nullable(),
});
export type ShortlistService = z.infer<typeof shortlistServiceSchema>;

export const shortlistEntrySchema = z.object({
  serviceId: z.string(),
  /** null: not for any event yet (or its event was deleted) */
  eventId: z.string().nullable(),
  addedAt: z.iso.datetime({ offset: true }),
  service: shortlistServiceSchema,
});
export type ShortlistEntry = z.infer<typeof shortlistEntrySchema>;

/** GET /shortlist: newest first. */
export const shortlistSchema = z.array(shortlistEntrySchema);

/** `?eventId=unassigned` (GET /shortlist, the shortlist page's `?event=`): the entries for no event */
export const UNASSIGNED_EVENT = 'unassigned';

/** GET /shortlist?eventId= : one event's entries, or UNASSIGNED_EVENT for those for none. */
export const shortlistQuerySchema = z.object({ eventId: z.string().max(64).optional() });

/** GET /shortlist/compare?serviceIds=a,b[,c,d][&eventId=] */
export const shortlistCompareQuerySchema = z.object({
  serviceIds: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((id) => id.trim()).filter((id) => id !== '') : value),
    z
      .array(z.string().max(64), { error: said('validation.shortlist.compareCount', { min: SHORTLIST_COMPARE_MIN, max: SHORTLIST_COMPARE_MAX }) })
      .min(SHORTLIST_COMPARE_MIN, { error: said('validation.shortlist.compareCount', { min: SHORTLIST_COMPARE_MIN, max: SHORTLIST_COMPARE_MAX }) })
      .max(SHORTLIST_COMPARE_MAX, { error: said('validation.shortlist.compareCount', { min: SHORTLIST_COMPARE_MIN, max: SHORTLIST_COMPARE_MAX }) })
      .refine((ids) => new Set(ids).size === ids.length, { error: said('validation.shortlist.compareDistinct') }),
  ),
  eventId: z.string().max(64).optional(),
});

export const shortlistComparisonSchema = z.object({
  /** the event compared for (its date), null without ?eventId= */
  event: z.object({ eventId: z.string(), date: isoDateSchema }).nullable(),
  services: z.array(
    shortlistServiceSchema.extend({
      serviceId: z.string(),
      /** the cancellation terms, in the request's language: a rule a line */
      cancellationTerms: z.string(),
      /** whether the provider can take one more booking on the event's date; null without ?eventId= */
      capacity: z.boolean().nullable(),
    }),
  ),
});
export type ShortlistComparison = z.infer<typeof shortlistComparisonSchema>;
