// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest, currentCache, type ApiCache, type ResourceKey } from '@utsav/contracts';
import { checkedAnswer } from './checked-answer';
import type {
  Plan,
  PlanEvent,
  PlanEventInput,
  PlanEventUpdate,
  PlanInput,
  PlanUpdate,
  ShortlistComparison,
  ShortlistEntry,
} from '../domain/schemas/plan';
import type { BudgetInput, Checklist, OwnTaskInput, PlanBudget } from '../domain/schemas/plan-budget';
import type { Enquiry, EnquiryInput, QuoteAccept, QuoteAccepted } from '../domain/schemas/enquiry';
import type { PlanShare, PlanShareCreated, PlanShareInput, PlanShareUpdate, SharedPlan } from '../domain/schemas/plan-share';

/**
 * Planning a wedding (issue 37), `@utsav/contracts/plans`: the signed-in consumer's plans, their events and the
 * shortlist. Every answer is checked by its contract schema, loaded with the first answer (checked-answer.ts).
 */
const schemas = () => import('../domain/schemas/plan');
type Schemas = typeof import('../domain/schemas/plan');
const checked = <T>(schemaOf: (module: Schemas) => { parse(data: unknown): T }, answer: Promise<unknown>) => checkedAnswer(schemas(), schemaOf, answer);

const seg = encodeURIComponent;

/** The keys of the planning resources a change made on a page patches (every view of them follows). */
export const planKeys = {
  /** the consumer's plans, newest first */
  plans: (uid: string): ResourceKey => ['plans', uid],
  plan: (planId: string): ResourceKey => ['plan', planId],
  /** the consumer's whole shortlist, newest first (the hearts read it) */
  shortlist: (uid: string): ResourceKey => ['shortlist', uid],
  comparison: (serviceIds: readonly string[], eventId: string | null): ResourceKey => ['shortlist-compare', serviceIds.join(','), eventId],
  /** the consumer's enquiries, newest first, each with its quotes */
  enquiries: (uid: string): ResourceKey => ['enquiries', uid],
  /** the plan's read-only link as its owner sees it (null: not shared) */
  share: (planId: string): ResourceKey => ['plan-share', planId],
  /** a plan as its shared link shows it, to anyone holding the link */
  sharedPlan: (token: string): ResourceKey => ['shared-plan', token],
  /** the plan's budget: the couple's and what its events' bookings, payments and quotes add up to */
  budget: (planId: string): ResourceKey => ['plan-budget', planId],
  /** the plan's checklist: what its events bring, due by their dates, and the couple's own tasks */
  checklist: (planId: string): ResourceKey => ['plan-checklist', planId],
} as const;

/** The names the consumer's plans and shortlist are kept under on this device (saved-answers.ts). */
export const SAVED_PLANS = 'plans';
export const SAVED_SHORTLIST = 'shortlist';

export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return checked((s) => s.planListSchema, apiRequest<unknown>('/plans', { auth: true, signal }));
}

export function getPlan(planId: string, signal?: AbortSignal): Promise<Plan> {
  return checked((s) => s.planSchema, apiRequest<unknown>(`/plans/${seg(planId)}`, { auth: true, signal }));
}

export function createPlan(input: PlanInput): Promise<Plan> {
  return checked((s) => s.planSchema, apiRequest<unknown>('/plans', { method: 'POST', body: input, auth: true }));
}

/** A new range must still hold every event (409 naming it). */
export function updatePlan(planId: string, change: PlanUpdate): Promise<Plan> {
  return checked((s) => s.planSchema, apiRequest<unknown>(`/plans/${seg(planId)}`, { method: 'PATCH', body: change, auth: true }));
}

/** Its events go with it; shortlist entries for them stay, for no event. */
export function deletePlan(planId: string): Promise<void> {
  return apiRequest<void>(`/plans/${seg(planId)}`, { method: 'DELETE', auth: true });
}

export function addPlanEvent(planId: string, input: PlanEventInput): Promise<PlanEvent> {
  return checked((s) => s.planEventSchema, apiRequest<unknown>(`/plans/${seg(planId)}/events`, { method: 'POST', body: input, auth: true }));
}

export function updatePlanEvent(planId: string, eventId: string, change: PlanEventUpdate): Promise<PlanEvent> {
  return checked((s) => s.planEventSchema, apiRequest<unknown>(`/plans/${seg(planId)}/events/${seg(eventId)}`, { method: 'PATCH', body: change, auth: true }));
}

export function deletePlanEvent(planId: string, eventId: string): Promise<void> {
  return apiRequest<void>(`/plans/${seg(planId)}/events/${seg(eventId)}`, { method: 'DELETE', auth: true });
}

export function getShortlist(signal?: AbortSignal): Promise<ShortlistEntry[]> {
  return checked((s) => s.shortlistSchema, apiRequest<unknown>('/shortlist', { auth: true, signal }));
}

/** Saves the service for one of the consumer's events, or for none (null), or moves it there. */
export function saveToShortlist(serviceId: string, eventId: string | null = null): Promise<ShortlistEntry> {
  return checked((s) => s.shortlistEntrySchema, apiRequest<unknown>(`/shortlist/${seg(serviceId)}`, { method: 'PUT', body: { eventId }, auth: true }));
}

export function removeFromShortlist(serviceId: string): Promise<void> {
  return apiRequest<void>(`/shortlist/${seg(serviceId)}`, { method: 'DELETE', auth: true });
}

/** 2–4 shortlisted services side by side; with an event, whether each can take a booking on its date. */
export function compareShortlisted(serviceIds: readonly string[], eventId: string | null, signal?: AbortSignal): Promise<ShortlistComparison> {
  const params = new URLSearchParams({ serviceIds: serviceIds.join(',') });
  if (eventId) params.set('eventId', eventId);
  return checked((s) => s.shortlistComparisonSchema, apiRequest<unknown>(`/shortlist/compare?${params.toString()}`, { auth: true, signal }));
}

/**
 * The shortlist as the server answered a change (an entry saved or moved, or removed: `removed`), in every view
 * of it: the hearts, the shortlist page.
 */
export function showShortlistChange(uid: string, change: { saved: ShortlistEntry } | { removed: string }, cache: ApiCache = currentCache()): void {
  cache.update<ShortlistEntry[]>(planKeys.shortlist(uid), (list) => {
    if ('removed' in change) return list.filter((entry) => entry.serviceId !== change.removed);
    const { saved } = change;
    return list.some((entry) => entry.serviceId === saved.serviceId)
      ? list.map((entry) => (entry.serviceId === saved.serviceId ? saved : entry))
      : [saved, ...list];
  });
}

/** Enquiries and quotes (issue 37, item 3): their schemas load with the first answer, apart from the plans'. */
const enquirySchemas = () => import('../domain/schemas/enquiry');

export function getEnquiries(signal?: AbortSignal): Promise<Enquiry[]> {
  return checkedAnswer(enquirySchemas(), (s) => s.enquiryListSchema, apiRequest<unknown>('/enquiries', { auth: true, signal }));
}

/** Asks 1–5 services at once for a quote for one of the consumer's events: one enquiry each, newest first. */
export function sendEnquiry(input: EnquiryInput): Promise<Enquiry[]> {
  return checkedAnswer(enquirySchemas(), (s) => s.enquiryListSchema, apiRequest<unknown>('/enquiries', { method: 'POST', body: input, auth: true }));
}

export function withdrawEnquiry(enquiryId: string): Promise<Enquiry> {
  return checkedAnswer(enquirySchemas(), (s) => s.enquirySchema, apiRequest<unknown>(`/enquiries/${seg(enquiryId)}/withdraw`, { method: 'POST', auth: true }));
}

export function declineQuote(quoteId: string): Promise<Enquiry> {
  return checkedAnswer(enquirySchemas(), (s) => s.enquirySchema, apiRequest<unknown>(`/quotes/${seg(quoteId)}/decline`, { method: 'POST', auth: true }));
}

/** Accepts a quote: it becomes a booking request at the quoted price (409: expired, superseded, a full day). */
export function acceptQuote(quoteId: string, accept: QuoteAccept): Promise<QuoteAccepted> {
  return checkedAnswer(enquirySchemas(), (s) => s.quoteAcceptedSchema, apiRequest<unknown>(`/quotes/${seg(quoteId)}/accept`, { method: 'POST', body: accept, auth: true }));
}

/** An enquiry as the server answered a change to it, in every view of the consumer's enquiries. */
export function showEnquiryChange(uid: string, changed: Enquiry, cache: ApiCache = currentCache()): void {
  cache.update<Enquiry[]>(planKeys.enquiries(uid), (list) =>
    list.some((enquiry) => enquiry.enquiryId === changed.enquiryId) ? list.map((enquiry) => (enquiry.enquiryId === changed.enquiryId ? changed : enquiry)) : [changed, ...list],
  );
}

/**
 * An enquiry changed by the other side (a quote received, an enquiry declined: the live stream's notification of it):
 * the consumer's enquiries, when a page shows them, are asked again (nothing when none does).
 */
export function showEnquiryNotification(uid: string, cache: ApiCache = currentCache()): void {
  cache.invalidate(planKeys.enquiries(uid));
}

/**
 * Sharing a plan read-only (issue 37, item 5): its schemas load with the first answer. The link's token is answered
 * once, when it is made (the API keeps only its hash): the owner copies or sends it then, or makes a new one.
 */
const shareSchemas = () => import('../domain/schemas/plan-share');

/** The plan's working link (without its token), or null when it is not shared. */
export function getPlanShare(planId: string, signal?: AbortSignal): Promise<PlanShare | null> {
  return checkedAnswer(shareSchemas(), (s) => s.planShareStatusSchema, apiRequest<unknown>(`/plans/${seg(planId)}/share`, { auth: true, signal }));
}

/** A new link: its token, this once. The link before it (if any) stops working. */
export function createPlanShare(planId: string, input: PlanShareInput = {}): Promise<PlanShareCreated> {
  return checkedAnswer(shareSchemas(), (s) => s.planShareCreatedSchema, apiRequest<unknown>(`/plans/${seg(planId)}/share`, { method: 'POST', body: input, auth: true }));
}

/** Whether the link shows the booked vendors' prices (404: the plan has no working link). */
export function updatePlanShare(planId: string, change: PlanShareUpdate): Promise<PlanShare> {
  return checkedAnswer(shareSchemas(), (s) => s.planShareSchema, apiRequest<unknown>(`/plans/${seg(planId)}/share`, { method: 'PATCH', body: change, auth: true }));
}

/** The link stops working at once (404 for anyone who opens it). */
export function revokePlanShare(planId: string): Promise<void> {
  return apiRequest<void>(`/plans/${seg(planId)}/share`, { method: 'DELETE', auth: true });
}

/** A plan as its shared link shows it: no sign-in (404: the link is not, or no longer, a working one). */
export function getSharedPlan(token: string, signal?: AbortSignal): Promise<SharedPlan> {
  return checkedAnswer(shareSchemas(), (s) => s.sharedPlanSchema, apiRequest<unknown>(`/shared-plans/${seg(token)}`, { signal }));
}

/**
 * A plan's budget and checklist (issue 37, item 5): their schemas load with the first answer. Every figure is the
 * server's (booked, paid and quoted added up from the bookings and quotes); every change answers the whole budget
 * or checklist, which the page shows as it is.
 */
const budgetSchemas = () => import('../domain/schemas/plan-budget');

/** The names a plan's budget and checklist are kept under on this device, to be read offline (saved-answers.ts). */
export const savedBudgetName = (planId: string) => `plan-budget:${planId}`;
export const savedChecklistName = (planId: string) => `plan-checklist:${planId}`;

export function getPlanBudget(planId: string, signal?: AbortSignal): Promise<PlanBudget> {
  return checkedAnswer(budgetSchemas(), (s) => s.planBudgetSchema, apiRequest<unknown>(`/plans/${seg(planId)}/budget`, { auth: true, signal }));
}

/** The plan's own budget, in paise (null: none). */
export function setPlanBudget(planId: string, input: BudgetInput): Promise<PlanBudget> {
  return checkedAnswer(budgetSchemas(), (s) => s.planBudgetSchema, apiRequest<unknown>(`/plans/${seg(planId)}/budget`, { method: 'PUT', body: input, auth: true }));
}

/** An event's budget, in paise (null: none). */
export function setEventBudget(planId: string, eventId: string, input: BudgetInput): Promise<PlanBudget> {
  return checkedAnswer(
    budgetSchemas(),
    (s) => s.planBudgetSchema,
    apiRequest<unknown>(`/plans/${seg(planId)}/events/${seg(eventId)}/budget`, { method: 'PUT', body: input, auth: true }),
  );
}

export function getChecklist(planId: string, signal?: AbortSignal): Promise<Checklist> {
  return checkedAnswer(budgetSchemas(), (s) => s.checklistSchema, apiRequest<unknown>(`/plans/${seg(planId)}/checklist`, { auth: true, signal }));
}

/** A task ticked done (true) or not (false): a task the events bring, or one of the couple's own. */
export function markTask(planId: string, taskId: string, done: boolean): Promise<Checklist> {
  return checkedAnswer(
    budgetSchemas(),
    (s) => s.checklistSchema,
    apiRequest<unknown>(`/plans/${seg(planId)}/checklist/${seg(taskId)}/done`, { method: done ? 'PUT' : 'DELETE', auth: true }),
  );
}

/** A task of the couple's own: for one of the plan's events or none, with a due day or none. */
export function addOwnTask(planId: string, input: OwnTaskInput): Promise<Checklist> {
  return checkedAnswer(budgetSchemas(), (s) => s.checklistSchema, apiRequest<unknown>(`/plans/${seg(planId)}/checklist`, { method: 'POST', body: input, auth: true }));
}

/** Only the couple's own tasks can be deleted (409 for one the events bring). */
export function deleteOwnTask(planId: string, taskId: string): Promise<void> {
  return apiRequest<void>(`/plans/${seg(planId)}/checklist/${seg(taskId)}`, { method: 'DELETE', auth: true });
}
