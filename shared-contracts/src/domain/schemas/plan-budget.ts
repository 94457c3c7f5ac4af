import * as z from './zod';
import { label, said } from '../validation-messages';
import { requiredLine } from './text-fields';
import { isoDateSchema } from './booking';
import { SERVICE_CATEGORIES } from './catalog-values';
import { BOOKING_STATUSES } from './booking-values';
import { PLAN_EVENT_KINDS } from './plan';
import { CHECKLIST_TASK_KEYS } from '../plan-checklist';

/**
 * A wedding plan's budget and checklist (issue 37, item 5). The couple sets a budget for the plan and for each
 * event; what is booked, paid and quoted is never typed: the API adds it up from the event's bookings (made from
 * quotes) and its open quotes. The checklist is seeded by the events (@utsav/contracts/plan-checklist: due dates
 * from the events' dates); the API keeps only what the couple did: tasks ticked done and their own tasks.
 */

/** A budget (the plan's or an event's) is at most ₹100 crore, in paise. */
export const PLAN_BUDGET_MAX = 100_000_000_000;
/** the couple's own tasks a plan may have (more: 409) */
export const CHECKLIST_OWN_TASKS_MAX = 100;
export const CHECKLIST_TASK_TITLE_MAX_LENGTH = 120;

const budgetAmount = z
  .number({ error: said('validation.paise.wholeNumber', { label: label('validation.label.budget') }) })
  .int({ error: said('validation.paise.wholeNumber', { label: label('validation.label.budget') }) })
  .min(0, { error: said('validation.paise.between', { label: label('validation.label.budget'), max: PLAN_BUDGET_MAX }) })
  .max(PLAN_BUDGET_MAX, { error: said('validation.paise.between', { label: label('validation.label.budget'), max: PLAN_BUDGET_MAX }) });

/** PUT /plans/{planId}/budget and PUT /plans/{planId}/events/{eventId}/budget: paise, or null for no budget. */
export const budgetInputSchema = z.object({ amount: budgetAmount.nullable() }, { error: said('validation.budget.notObject') });
export type BudgetInput = z.input<typeof budgetInputSchema>;

const paise = z.number().int().nonnegative();

/** What makes up an event's figures: a booking made from one of its quotes, or an open quote. */
export const budgetItemSchema = z.object({
  kind: z.enum(['booking', 'quote']),
  /** the booking's id, or the quote's */
  id: z.string(),
  serviceId: z.string(),
  serviceTitle: z.string(),
  providerName: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  /** the booking's amount or the quote's total */
  amount: paise,
  /** what was paid on the booking less refunds (0 for a quote) */
  paid: paise,
  /** the booking's status (null for a quote) */
  status: z.enum(BOOKING_STATUSES).nullable(),
  /** a quote's last day (null for a booking) */
  validUntil: isoDateSchema.nullable(),
  /**
   * whether it counts in the figures: a booking always; an open quote only when it is the lowest of its category
   * for the event and nothing of that category is booked for it (alternatives are not added up)
   */
  counted: z.boolean(),
});
export type BudgetItem = z.infer<typeof budgetItemSchema>;

const figures = {
  /** the couple's budget; null: none set */
  budget: paise.nullable(),
  /** the amounts of the bookings (requested, accepted, paid; not cancelled or declined) */
  booked: paise,
  /** what was paid on those bookings through Utsav (the advance, its fee and GST), less refunds */
  paid: paise,
  /** the open quotes counted (the lowest per category not yet booked) */
  quoted: paise,
  /** budget − booked (negative: over budget); null without a budget */
  remaining: z.number().int().nullable(),
  /** booked is more than the budget */
  overBudget: z.boolean(),
  /** booked + quoted is more than the budget (the quotes, if accepted, would take it over) */
  overWithQuotes: z.boolean(),
};

export const eventBudgetSchema = z.object({
  eventId: z.string(),
  kind: z.enum(PLAN_EVENT_KINDS),
  name: z.string(),
  date: isoDateSchema,
  ...figures,
  items: z.array(budgetItemSchema),
});
export type EventBudget = z.infer<typeof eventBudgetSchema>;

/** GET /plans/{planId}/budget: the plan's figures (its events' added up, against its own budget) and each event's, by date. */
export const planBudgetSchema = z.object({
  planId: z.string(),
  ...figures,
  /** the events' budgets added up (what of the plan's budget is given to events) */
  allocated: paise,
  events: z.array(eventBudgetSchema),
});
export type PlanBudget = z.infer<typeof planBudgetSchema>;

/** POST /plans/{planId}/checklist: a task of the couple's own, for one of the plan's events or none. */
export const ownTaskInputSchema = z.object(
  {
    title: requiredLine(label('validation.label.taskTitle'), CHECKLIST_TASK_TITLE_MAX_LENGTH),
    due: isoDateSchema.nullable().optional(),
    eventId: z.string({ error: said('validation.checklist.eventId') }).max(64, { error: said('validation.checklist.eventId') }).nullable().optional(),
  },
  { error: said('validation.checklist.notObject') },
);
export type OwnTaskInput = z.input<typeof ownTaskInputSchema>;
export type OwnTaskFields = z.output<typeof ownTaskInputSchema>;

/** PATCH /plans/{planId}/checklist/{taskId}: any of an own task's fields (null clears the due day or the event). */
export const ownTaskUpdateSchema = z.object(
  {
    title: requiredLine(label('validation.label.taskTitle'), CHECKLIST_TASK_TITLE_MAX_LENGTH).optional(),
    due: isoDateSchema.nullable().optional(),
    eventId: z.string({ error: said('validation.checklist.eventId') }).max(64, { error: said('validation.checklist.eventId') }).nullable().optional(),
  },
  { error: said('validation.checklist.notObject') },
);
export type OwnTaskUpdate = z.output<typeof ownTaskUpdateSchema>;

export const checklistTaskSchema = z.object({
  /** '<eventId>.<key>' for a task the event brought, a uuid for the couple's own */
  taskId: z.string(),
  /** the task's key (a page names it in its language); null for the couple's own */
  key: z.enum(CHECKLIST_TASK_KEYS).nullable(),
  /** the couple's words for their own task; '' for a seeded one */
  title: z.string(),
  /** null: an own task for no event */
  eventId: z.string().nullable(),
  /** the category of service the task books (null: none) */
  category: z.enum(SERVICE_CATEGORIES).nullable(),
  /** its due day (from the event's date now, or the couple's); null: none */
  due: isoDateSchema.nullable(),
  done: z.boolean(),
  /** 'booking': done by itself, the event has a booking of its category */
  doneBy: z.enum(['couple', 'booking']).nullable(),
  /** not done and its due day has gone by (India's date) */
  overdue: z.boolean(),
});
export type ChecklistTask = z.infer<typeof checklistTaskSchema>;

/** GET /plans/{planId}/checklist: every task by due day (none last), with India's date it was judged on. */
export const checklistSchema = z.object({
  planId: z.string(),
  today: isoDateSchema,
  events: z.array(z.object({ eventId: z.string(), kind: z.enum(PLAN_EVENT_KINDS), name: z.string(), date: isoDateSchema })),
  tasks: z.array(checklistTaskSchema),
});
export type Checklist = z.infer<typeof checklistSchema>;
