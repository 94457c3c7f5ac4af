import * as z from './zod';
import { label, said } from '../validation-messages';
import { optionalLine } from './text-fields';
import { SERVICE_CATEGORIES } from './catalog-values';

/**
 * Conversations (issue 37, item 4): each enquiry and each booking has a thread between the consumer and the person who
 * runs the listing. Text and photos (the upload path's photos), read receipts, live through the event stream. Contact
 * details are masked until the booking is confirmed (contact-mask.ts); either side may report a message of the other.
 */

export const THREAD_KINDS = ['enquiry', 'booking'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];
export const THREAD_ROLES = ['consumer', 'provider'] as const;
export type ThreadRole = (typeof THREAD_ROLES)[number];

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_PHOTOS_MAX = 4;
/** messages one GET answers (the newest; older ones page by `before`) */
export const THREAD_PAGE_SIZE = 50;
export const MESSAGE_REPORT_REASONS = ['spam', 'abuse', 'outside_payment', 'other'] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];
export const MESSAGE_REPORT_NOTE_MAX_LENGTH = 500;

const photosIssue = said('validation.message.photos', { max: MESSAGE_PHOTOS_MAX });

/**
 * POST /threads/:kind/:threadId/messages. `photos`: the urls the upload path answered (the sender's own uploads).
 * `clientKey`: a uuid the page makes for this message, so a send tried again is still one message.
 */
export const messageInputSchema = z
  .object(
    {
      body: optionalLine(label('validation.label.message'), MESSAGE_MAX_LENGTH),
      photos: z
        .array(z.string({ error: photosIssue }).max(500, { error: photosIssue }), { error: photosIssue })
        .max(MESSAGE_PHOTOS_MAX, { error: photosIssue })
        .default([]),
      clientKey: z.uuid({ error: said('validation.message.clientKey') }),
    },
    { error: said('validation.message.notObject') },
  )
  .refine((message) => message.body.length > 0 || message.photos.length > 0, { error: said('validation.message.empty'), path: ['body'] });
export type MessageInput = z.input<typeof messageInputSchema>;
export type MessageFields = z.output<typeof messageInputSchema>;

/** POST /threads/:kind/:threadId/read: everything up to and including this message has been seen. */
export const threadReadSchema = z.object({ upTo: z.string({ error: said('validation.message.upTo') }).max(64, { error: said('validation.message.upTo') }) });

/** POST /messages/:messageId/report */
export const messageReportSchema = z.object({
  reason: z.enum(MESSAGE_REPORT_REASONS, { error: said('validation.message.reason') }),
  note: optionalLine(label('validation.label.reportNote'), MESSAGE_REPORT_NOTE_MAX_LENGTH),
});
export type MessageReport = z.input<typeof messageReportSchema>;

export const messageSchema = z.object({
  messageId: z.string(),
  /** who sent it: the consumer or the person who runs the listing */
  from: z.enum(THREAD_ROLES),
  /** as typed, or with its phone numbers and emails masked (`masked`) until the booking is confirmed */
  body: z.string(),
  masked: z.boolean(),
  photos: z.array(z.string()),
  createdAt: z.string(),
  /** the sender's key (the page that sent it finds its own message by it) */
  clientKey: z.string(),
  /** the reader has reported it */
  reported: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** What a thread is about, as both sides read it. */
export const threadSubjectSchema = z.object({
  kind: z.enum(THREAD_KINDS),
  threadId: z.string(),
  /** the caller's side */
  role: z.enum(THREAD_ROLES),
  serviceTitle: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  providerName: z.string(),
  /** the consumer's first name (the provider's side sees no more before a booking is confirmed) */
  consumerFirstName: z.string(),
  /** the event's or the booking's first day */
  date: z.string(),
  /** phone numbers and emails show: the booking is confirmed */
  contactsShown: z.boolean(),
});
export type ThreadSubject = z.infer<typeof threadSubjectSchema>;

/** GET /threads/:kind/:threadId: the subject, a page of messages (oldest first) and the other side's read mark. */
export const threadSchema = z.object({
  subject: threadSubjectSchema,
  messages: z.array(messageSchema),
  /** older messages: ask with ?before=<this> (null: this is the start) */
  before: z.string().nullable(),
  /** the other side has read everything sent up to and including this message (null: nothing yet) */
  readByOther: z.string().nullable(),
});
export type Thread = z.infer<typeof threadSchema>;

/** GET /threads: the caller's conversations (as consumer, or as provider: ?role=), the newest message first. */
export const threadSummarySchema = z.object({
  subject: threadSubjectSchema,
  last: messageSchema,
  unread: z.number().int().nonnegative(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;
export const threadListSchema = z.array(threadSummarySchema);
export const threadListQuerySchema = z.object({ role: z.enum(THREAD_ROLES).default('consumer') });

/** The live stream's `thread` event: a thread the user is in has a new message or a new read mark. */
export const liveThreadSchema = z.object({ kind: z.enum(THREAD_KINDS), threadId: z.string(), role: z.enum(THREAD_ROLES) });
export type LiveThread = z.infer<typeof liveThreadSchema>;
