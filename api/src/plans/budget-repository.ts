import type { BookingStatus, EventBudget, PlanBudget, PlanEventKind, ServiceCategory } from '@utsav/contracts/schemas';
import type { Database, Query } from '../db';
import { isUuid } from '../http/uuid';
import { rollUpEvent, rollUpPlan, type BookedLine, type QuotedLine } from './budget-rollup';
import { eventNotFound, planNotFound } from './plan-repository';

/**
 * A wedding plan's budget (issue 37, item 5): the couple's budgets (the plan's and each event's, plans.budget and
 * plan_events.budget) against what the event's bookings and open quotes add up to (budget-rollup.ts), read from
 * the bookings, payments, refunds and quotes themselves each time: nothing is typed twice or kept twice.
 * Only ever the caller's own plan (another's is a 404, as an unknown id).
 */
export interface BudgetRepository {
  /** null: no such plan of theirs. `today` (India) decides which quotes have expired. */
  get(uid: string, planId: string, today: string): Promise<PlanBudget | null>;
  /** the plan's budget set (null: cleared); 404 for no such plan */
  setPlanBudget(uid: string, planId: string, amount: number | null, today: string): Promise<PlanBudget>;
  /** an event's budget set (null: cleared); 404 for no such plan or event */
  setEventBudget(uid: string, planId: string, eventId: string, amount: number | null, today: string): Promise<PlanBudget>;
}

interface EventRow {
  id: string;
  kind: string;
  name: string;
  event_date: string;
  budget: string | null;
}

interface LineRow {
  event_id: string;
  id: string;
  service_id: string;
  service_title: string;
  provider_name: string;
  category: string;
  amount: number;
}

interface BookingLineRow extends LineRow {
  status: BookingStatus;
  paid: string;
}

interface QuoteLineRow extends LineRow {
  valid_until: string;
}

/** What a booking's and a quote's rows share, as a line of their event. */
const lineOf = (row: LineRow) => ({
  eventId: row.event_id,
  id: row.id,
  serviceId: row.service_id,
  serviceTitle: row.service_title,
  providerName: row.provider_name,
  // CHECKed by the catalog
  category: row.category as ServiceCategory,
  amount: row.amount,
});

/** A bigint read as text (node-postgres and PGlite answer int8 differently), as a number of paise. */
const paiseOf = (text: string | null): number | null => {
  if (text === null) return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`a budget figure is not a safe integer: ${text}`);
  return value;
};

/**
 * The bookings made from quotes of the events' enquiries that still stand (a failed payment may be paid again;
 * cancelled and declined do not count), each with what was paid on it less refunds: the captured payments, less
 * the refunds not failed (a refund of a whole payment has no amount until Razorpay processes it: the payment's).
 */
const BOOKINGS_SQL = `
  SELECT e.event_id::text AS event_id, b.id::text AS id, b.service_id::text AS service_id, b.service_title, b.provider_name,
         s.category, b.amount, b.status,
         GREATEST(0,
           COALESCE((SELECT sum(p.amount) FROM payments p WHERE p.booking_id = b.id AND p.status = 'captured'), 0)
           - COALESCE((SELECT sum(COALESCE(r.amount, p.amount)) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
                       WHERE r.booking_id = b.id AND r.status <> 'failed'), 0)
         )::bigint::text AS paid
  FROM bookings b
  JOIN quotes q ON q.id = b.quote_id
  JOIN enquiries e ON e.id = q.enquiry_id
  JOIN services s ON s.id = b.service_id
  WHERE e.event_id = ANY($1::uuid[]) AND e.consumer_uid = $2 AND b.consumer_uid = $2
    AND (b.status IN ('requested', 'accepted', 'confirmed') OR (b.status = 'failed' AND b.failure_reason = 'payment_failed'))
  ORDER BY b.created_at, b.id`;

/** The open quotes still valid on `today` (India) of the events' enquiries waiting for the couple's answer. */
const QUOTES_SQL = `
  SELECT e.event_id::text AS event_id, q.id::text AS id, e.service_id::text AS service_id, s.title AS service_title,
         pr.name AS provider_name, s.category, q.total AS amount, to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until
  FROM quotes q
  JOIN enquiries e ON e.id = q.enquiry_id
  JOIN services s ON s.id = e.service_id
  JOIN providers pr ON pr.id = e.provider_id
  WHERE e.event_id = ANY($1::uuid[]) AND e.consumer_uid = $2 AND e.status = 'quoted' AND q.status = 'open' AND q.valid_until >= $3::date
  ORDER BY q.total, q.id`;

/** The live bookings of the events (as above), for the checklist: which categories each event has booked. */
export async function bookedLines(query: Query, uid: string, eventIds: string[]): Promise<Array<BookedLine & { eventId: string }>> {
  if (eventIds.length === 0) return [];
  const rows = await query<BookingLineRow>(BOOKINGS_SQL, [eventIds, uid]);
  return rows.map((row) => ({ ...lineOf(row), status: row.status, paid: paiseOf(row.paid) ?? 0 }));
}

async function quotedLines(query: Query, uid: string, eventIds: string[], today: string): Promise<Array<QuotedLine & { eventId: string }>> {
  if (eventIds.length === 0) return [];
  const rows = await query<QuoteLineRow>(QUOTES_SQL, [eventIds, uid, today]);
  return rows.map((row) => ({ ...lineOf(row), validUntil: row.valid_until }));
}

export function createBudgetRepository(db: Database): BudgetRepository {
  async function read(query: Query, uid: string, planId: string, today: string): Promise<PlanBudget | null> {
    if (!isUuid(planId)) return null;
    const [plan] = await query<{ id: string; budget: string | null }>('SELECT id::text AS id, budget::text AS budget FROM plans WHERE id = $1 AND consumer_uid = $2', [
      planId,
      uid,
    ]);
    if (!plan) return null;
    const events = await query<EventRow>(
      `SELECT id::text AS id, kind, name, to_char(event_date, 'YYYY-MM-DD') AS event_date, budget::text AS budget
       FROM plan_events WHERE plan_id = $1 ORDER BY event_date, created_at, id`,
      [plan.id],
    );
    const eventIds = events.map((event) => event.id);
    const [bookings, quotes] = [await bookedLines(query, uid, eventIds), await quotedLines(query, uid, eventIds, today)];
    const perEvent = events.map((event): EventBudget => {
      const rolled = rollUpEvent(
        paiseOf(event.budget),
        bookings.filter((line) => line.eventId === event.id),
        quotes.filter((line) => line.eventId === event.id),
      );
      return { eventId: event.id, kind: event.kind as PlanEventKind, name: event.name, date: event.event_date, ...rolled };
    });
    return { planId: plan.id, ...rollUpPlan(paiseOf(plan.budget), perEvent), events: perEvent };
  }

  return {
    get: (uid, planId, today) => read(db.query, uid, planId, today),

    async setPlanBudget(uid, planId, amount, today) {
      if (!isUuid(planId)) throw planNotFound();
      const updated = await db.query('UPDATE plans SET budget = $3, updated_at = now() WHERE id = $1 AND consumer_uid = $2 RETURNING id', [planId, uid, amount]);
      if (updated.length === 0) throw planNotFound();
      return (await read(db.query, uid, planId, today))!;
    },

    async setEventBudget(uid, planId, eventId, amount, today) {
      if (!isUuid(planId)) throw planNotFound();
      const [plan] = await db.query<{ id: string }>('SELECT id::text AS id FROM plans WHERE id = $1 AND consumer_uid = $2', [planId, uid]);
      if (!plan) throw planNotFound();
      if (!isUuid(eventId)) throw eventNotFound();
      const updated = await db.query('UPDATE plan_events SET budget = $3 WHERE id = $1 AND plan_id = $2 RETURNING id', [eventId, planId, amount]);
      if (updated.length === 0) throw eventNotFound();
      return (await read(db.query, uid, planId, today))!;
    },
  };
}
