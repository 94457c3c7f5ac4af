import * as z from './zod';
import { label, said } from '../validation-messages';
import { optionalLine, requiredLine } from './text-fields';
import { bookingSchema, isoDateSchema, timeRangeSchema } from './booking';
import { BOOKING_NOTE_MAX_LENGTH } from '../constants';
import { SERVICE_CATEGORIES } from './catalog-values';
import { PLAN_EVENT_KINDS, PLAN_GUESTS_MAX, PLAN_GUESTS_MIN } from './plan';

/**
 * Enquiries and quotes (issue 37, item 3). A consumer asks 1–5 services at once for a quote for one of their plan's
 * events (one enquiry per service, each to that service's provider); the person who runs the listing answers with a
 * quote (line items, a total the server adds up, a validity date, the advance the house's policy asks), or declines.
 * The consumer accepts a quote (it becomes a booking request at the quoted price, through the one booking path) or
 * declines it. The states: enquiry-state.ts.
 */

export const ENQUIRY_STATUSES = ['open', 'quoted', 'booked', 'declined', 'withdrawn', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const QUOTE_STATUSES = ['open', 'accepted', 'declined', 'expired', 'superseded', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** services one POST /enquiries asks at once */
export const ENQUIRY_SERVICES_MIN = 1;
export const ENQUIRY_SERVICES_MAX = 5;
/** open or quoted enquiries a consumer may have at once (more: 409) */
export const ENQUIRY_OPEN_MAX = 50;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 1000;
export const QUOTE_LINE_ITEMS_MAX = 20;
export const QUOTE_LINE_LABEL_MAX_LENGTH = 120;
/** a quote's total (and so any line) at most ₹1,00,00,000 (one crore), in paise */
export const QUOTE_TOTAL_MAX = 1_000_000_000;
export const QUOTE_NOTE_MAX_LENGTH = 1000;
/** how far ahead a quote may be valid, in days from today (India) */
export const QUOTE_VALID_DAYS_MAX = 90;
export const ENQUIRY_DECLINE_REASON_MAX_LENGTH = 500;

const serviceIdsIssue = said('validation.enquiry.serviceIds', { min: ENQUIRY_SERVICES_MIN, max: ENQUIRY_SERVICES_MAX });

/** POST /enquiries. Unknown fields are dropped. */
export const enquiryInputSchema = z.object(
  {
    eventId: z.string({ error: said('validation.enquiry.eventId') }).min(1, { error: said('validation.enquiry.eventId') }).max(64, { error: said('validation.enquiry.eventId') }),
    serviceIds: z
      .array(z.string({ error: serviceIdsIssue }).max(64, { error: serviceIdsIssue }), { error: serviceIdsIssue })
      .min(ENQUIRY_SERVICES_MIN, { error: serviceIdsIssue })
      .max(ENQUIRY_SERVICES_MAX, { error: serviceIdsIssue })
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, { error: said('validation.enquiry.serviceDistinct') }),
    message: requiredLine(label('validation.label.enquiryMessage'), ENQUIRY_MESSAGE_MAX_LENGTH),
  },
  { error: said('validation.enquiry.notObject') },
);
export type EnquiryInput = z.input<typeof enquiryInputSchema>;
export type EnquiryFields = z.output<typeof enquiryInputSchema>;

const lineAmountIssue = said('validation.between', { label: label('validation.label.lineAmount'), min: 1, max: QUOTE_TOTAL_MAX });
const lineItemsIssue = said('validation.quote.lineItems', { max: QUOTE_LINE_ITEMS_MAX });

export const quoteLineItemInputSchema = z.object(
  {
    label: requiredLine(label('validation.label.lineItem'), QUOTE_LINE_LABEL_MAX_LENGTH),
    amount: z
      .number({ error: said('validation.paise.wholeNumber', { label: label('validation.label.lineAmount') }) })
      .int({ error: said('validation.paise.wholeNumber', { label: label('validation.label.lineAmount') }) })
      .min(1, { error: lineAmountIssue })
      .max(QUOTE_TOTAL_MAX, { error: lineAmountIssue }),
  },
  { error: lineItemsIssue },
);

/**
 * POST /provider/enquiries/{enquiryId}/quote. The total is never sent: the server adds up the line items (and
 * applies the advance policy); a `total` in the body is dropped. validUntil: today to QUOTE_VALID_DAYS_MAX days
 * ahead (India), which the API checks (400).
 */
export const quoteInputSchema = z.object(
  {
    lineItems: z
      .array(quoteLineItemInputSchema, { error: lineItemsIssue })
      .min(1, { error: lineItemsIssue })
      .max(QUOTE_LINE_ITEMS_MAX, { error: lineItemsIssue })
      .refine((items) => items.reduce((sum, item) => sum + item.amount, 0) <= QUOTE_TOTAL_MAX, { error: said('validation.quote.total', { max: QUOTE_TOTAL_MAX }) }),
    validUntil: isoDateSchema,
    note: optionalLine(label('validation.label.quoteNote'), QUOTE_NOTE_MAX_LENGTH),
  },
  { error: said('validation.quote.notObject') },
);
export type QuoteInput = z.input<typeof quoteInputSchema>;
export type QuoteFields = z.output<typeof quoteInputSchema>;

/** POST /provider/enquiries/{enquiryId}/decline: why, in the provider's words. */
export const enquiryDeclineSchema = z.object(
  { reason: requiredLine(label('validation.label.declineReason'), ENQUIRY_DECLINE_REASON_MAX_LENGTH) },
  { error: said('validation.quote.notObject') },
);
export type EnquiryDecline = z.output<typeof enquiryDeclineSchema>;

/**
 * POST /quotes/{quoteId}/accept: where and when on the event's day (the date is the event's). It becomes a booking
 * request at the quoted price, checked like any booking (slot rules, the provider's capacity that day).
 */
export const quoteAcceptSchema = z.object(
  {
    addressId: z.string({ error: said('validation.address.required') }).min(1, { error: said('validation.address.required') }).max(64, { error: said('validation.address.required') }),
    preferredTime: timeRangeSchema,
    note: z.string().max(BOOKING_NOTE_MAX_LENGTH, { error: said('validation.note', { max: BOOKING_NOTE_MAX_LENGTH }) }).default(''),
  },
  { error: said('validation.quote.notObject') },
);
export type QuoteAccept = z.output<typeof quoteAcceptSchema>;

export const quoteLineItemSchema = z.object({ label: z.string(), amount: z.number().int().positive() });

export const quoteSchema = z.object({
  quoteId: z.string(),
  enquiryId: z.string(),
  lineItems: z.array(quoteLineItemSchema),
  /** the sum of the line items, integer paise (computed by the server) */
  total: z.number().int().positive(),
  /** what the house's advance policy asks of the total (money.ts paymentBreakdown), integer paise */
  advance: z.number().int().nonnegative(),
  validUntil: isoDateSchema,
  /** '' when none */
  note: z.string(),
  /** 'expired': open, and its validUntil has gone by (India) */
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The event as the provider was asked about it: copied when the enquiry was made (later edits of the event do not change it). */
export const enquiryEventSchema = z.object({
  /** null once the consumer has deleted the event (the enquiry keeps its copy) */
  eventId: z.string().nullable(),
  kind: z.enum(PLAN_EVENT_KINDS),
  /** '' when not named (the kind names it) */
  name: z.string(),
  date: isoDateSchema,
  /** '' when not given */
  city: z.string(),
  guests: z.number().int().min(PLAN_GUESTS_MIN).max(PLAN_GUESTS_MAX),
});

export const enquiryServiceSchema = z.object({
  serviceId: z.string(),
  title: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  city: z.string(),
  providerName: z.string(),
});

export const enquirySchema = z.object({
  enquiryId: z.string(),
  event: enquiryEventSchema,
  service: enquiryServiceSchema,
  message: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  /** the provider's words when it declined; null otherwise */
  declineReason: z.string().nullable(),
  /** newest first */
  quotes: z.array(quoteSchema),
  /** the booking request an accepted quote became; null until then */
  bookingId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** POST /quotes/{quoteId}/accept's answer: the booking request the quote became, and its enquiry (now booked). */
export const quoteAcceptedSchema = z.object({ booking: bookingSchema, enquiry: enquirySchema });
export type QuoteAccepted = z.infer<typeof quoteAcceptedSchema>;

/** GET /enquiries, and POST /enquiries's answer (one per service asked), newest first. */
export const enquiryListSchema = z.array(enquirySchema);

/** An enquiry as the person who runs its listing reads it: who asked by first name only (no contact before a booking). */
export const providerEnquirySchema = enquirySchema.extend({ consumer: z.object({ firstName: z.string() }) });
export type ProviderEnquiry = z.infer<typeof providerEnquirySchema>;
export const providerEnquiryListSchema = z.array(providerEnquirySchema);

/** GET /provider/enquiries?status= */
export const providerEnquiryQuerySchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: said('validation.oneOf', { label: 'status', list: ENQUIRY_STATUSES.join(', ') }) }).optional(),
});
