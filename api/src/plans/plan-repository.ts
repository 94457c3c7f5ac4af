import {
  PLAN_EVENTS_MAX,
  PLAN_MAX_PER_CONSUMER,
  type Plan,
  type PlanEvent,
  type PlanEventFields,
  type PlanEventKind,
  type PlanEventUpdate,
  type PlanFields,
  type PlanUpdate,
} from '@utsav/contracts/schemas';
import { formatDate } from '@utsav/contracts/date-format';
import type { Locale } from '@utsav/contracts/language';
import { toIso } from '../bookings/booking-rows';
import type { Database, SqlSession } from '../db';
import { apiText, type ApiMessage } from '../http/api-messages';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';

/** What the plan routes answer about a plan or an event. */
export const PLAN_MESSAGES = {
  notFound: 'plan.notFound',
  tooMany: 'plan.tooMany',
  eventNotFound: 'plan.eventNotFound',
  tooManyEvents: 'plan.tooManyEvents',
  eventOutsideRange: 'plan.eventOutsideRange',
  rangeExcludesEvent: 'plan.rangeExcludesEvent',
  badRange: 'plan.badRange',
  eventNameRequired: 'plan.eventNameRequired',
} as const satisfies Record<string, ApiMessage>;

/** 404: an unknown plan and someone else's are the same answer (ids are not probed). */
export const planNotFound = () => notFound(PLAN_MESSAGES.notFound);
export const eventNotFound = () => notFound(PLAN_MESSAGES.eventNotFound);

export interface PlanRepository {
  /** the consumer's plans, newest first, each with its events by date */
  list(uid: string): Promise<Plan[]>;
  get(uid: string, planId: string): Promise<Plan | null>;
  /** 409 once the consumer has PLAN_MAX_PER_CONSUMER */
  create(uid: string, plan: PlanFields): Promise<Plan>;
  /** null for no such plan of theirs; 400 for a range out of order, 409 when an event would fall outside it */
  update(uid: string, planId: string, change: PlanUpdate): Promise<Plan | null>;
  /** its events go with it; shortlist entries for them stay, for no event */
  remove(uid: string, planId: string): Promise<boolean>;
  /** null for no such plan; 409 at PLAN_EVENTS_MAX; 400 for a date outside the plan's */
  addEvent(uid: string, planId: string, event: PlanEventFields): Promise<PlanEvent | null>;
  /** null for no such plan or event of theirs */
  updateEvent(uid: string, planId: string, eventId: string, change: PlanEventUpdate): Promise<PlanEvent | null>;
  removeEvent(uid: string, planId: string, eventId: string): Promise<boolean>;
}

interface PlanRow {
  id: string;
  title: string;
  date_from: string;
  date_to: string;
  home_city: string;
  created_at: Date | string;
}

interface EventRow {
  id: string;
  plan_id: string;
  kind: string;
  name: string;
  event_date: string;
  city: string;
  guests: number;
}

const PLAN_COLUMNS = `id::text AS id, title, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to, home_city, created_at`;
const EVENT_COLUMNS = `id::text AS id, plan_id::text AS plan_id, kind, name, to_char(event_date, 'YYYY-MM-DD') AS event_date, city, guests`;
const EVENT_ORDER = 'ORDER BY event_date, created_at, id';

const toEvent = (row: EventRow): PlanEvent => ({
  eventId: row.id,
  // written only through the contract's schema (and CHECKed)
  kind: row.kind as PlanEventKind,
  name: row.name,
  date: row.event_date,
  city: row.city,
  guests: row.guests,
});

const toPlan = (row: PlanRow, events: EventRow[]): Plan => ({
  planId: row.id,
  title: row.title,
  from: row.date_from,
  to: row.date_to,
  homeCity: row.home_city,
  events: events.filter((event) => event.plan_id === row.id).map(toEvent),
  createdAt: toIso(row.created_at),
});

/** How an event is named to people: its name, else its kind, in their language. */
export const eventLabel = (event: Pick<EventRow, 'kind' | 'name'>) => (locale: Locale) =>
  event.name !== '' ? event.name : apiText(locale, `plan.kind.${event.kind as PlanEventKind}`);

const dateWords = (date: string) => (locale: Locale) => formatDate(date, locale);

async function lockedPlan(session: SqlSession, uid: string, planId: string): Promise<PlanRow | null> {
  if (!isUuid(planId)) return null;
  const [row] = await session.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE id = $1 AND consumer_uid = $2 FOR UPDATE`, [planId, uid]);
  return row ?? null;
}

function assertInRange(plan: PlanRow, date: string) {
  if (date < plan.date_from || date > plan.date_to) {
    throw badRequest(PLAN_MESSAGES.eventOutsideRange, { from: dateWords(plan.date_from), to: dateWords(plan.date_to) });
  }
}

export function createPlanRepository(db: Database): PlanRepository {
  const eventsOf = (session: Pick<SqlSession, 'query'>, planIds: string[]) =>
    planIds.length === 0 ? Promise.resolve([]) : session.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM plan_events WHERE plan_id = ANY($1::uuid[]) ${EVENT_ORDER}`, [planIds]);

  const read = async (session: Pick<SqlSession, 'query'>, uid: string, planId: string) => {
    if (!isUuid(planId)) return null;
    const [row] = await session.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE id = $1 AND consumer_uid = $2`, [planId, uid]);
    return row ? toPlan(row, await eventsOf(session, [row.id])) : null;
  };

  return {
    async list(uid) {
      const rows = await db.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE consumer_uid = $1 ORDER BY created_at DESC, id DESC`, [uid]);
      const events = await eventsOf(db, rows.map((row) => row.id));
      return rows.map((row) => toPlan(row, events));
    },

    get: (uid, planId) => read(db, uid, planId),

    create(uid, plan) {
      return db.transaction(async (session) => {
        // one consumer's creates take turns, so two at once cannot pass the limit together
        await session.query("SELECT pg_advisory_xact_lock(hashtextextended('plans:' || $1, 0))", [uid]);
        const [count] = await session.query<{ n: number }>('SELECT count(*)::integer AS n FROM plans WHERE consumer_uid = $1', [uid]);
        if ((count?.n ?? 0) >= PLAN_MAX_PER_CONSUMER) throw new HttpError(409, PLAN_MESSAGES.tooMany, { values: { max: PLAN_MAX_PER_CONSUMER } });
        const [row] = await session.query<PlanRow>(
          `INSERT INTO plans (consumer_uid, title, date_from, date_to, home_city) VALUES ($1, $2, $3, $4, $5) RETURNING ${PLAN_COLUMNS}`,
          [uid, plan.title, plan.from, plan.to, plan.homeCity],
        );
        if (!row) throw new Error('INSERT … RETURNING gave no plan');
        return toPlan(row, []);
      });
    },

    update(uid, planId, change) {
      return db.transaction(async (session) => {
        const plan = await lockedPlan(session, uid, planId);
        if (!plan) return null;
        const from = change.from ?? plan.date_from;
        const to = change.to ?? plan.date_to;
        if (from > to) throw badRequest(PLAN_MESSAGES.badRange);
        const [outside] = await session.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM plan_events WHERE plan_id = $1 AND (event_date < $2::date OR event_date > $3::date) ${EVENT_ORDER} LIMIT 1`,
          [planId, from, to],
        );
        if (outside) {
          throw new HttpError(409, PLAN_MESSAGES.rangeExcludesEvent, {
            values: { event: eventLabel(outside), date: dateWords(outside.event_date) },
            details: { eventId: outside.id },
          });
        }
        await session.query('UPDATE plans SET title = $3, date_from = $4, date_to = $5, home_city = $6, updated_at = now() WHERE id = $1 AND consumer_uid = $2', [
          planId,
          uid,
          change.title ?? plan.title,
          from,
          to,
          change.homeCity ?? plan.home_city,
        ]);
        return read(session, uid, planId);
      });
    },

    async remove(uid, planId) {
      if (!isUuid(planId)) return false;
      // plan_events go with it (ON DELETE CASCADE); shortlist entries for them are set to no event (ON DELETE SET NULL)
      const removed = await db.query('DELETE FROM plans WHERE id = $1 AND consumer_uid = $2 RETURNING id', [planId, uid]);
      return removed.length > 0;
    },

    addEvent(uid, planId, event) {
      return db.transaction(async (session) => {
        // the plan's row locked: its range and its count of events hold until this commits
        const plan = await lockedPlan(session, uid, planId);
        if (!plan) return null;
        assertInRange(plan, event.date);
        const [count] = await session.query<{ n: number }>('SELECT count(*)::integer AS n FROM plan_events WHERE plan_id = $1', [planId]);
        if ((count?.n ?? 0) >= PLAN_EVENTS_MAX) throw new HttpError(409, PLAN_MESSAGES.tooManyEvents, { values: { max: PLAN_EVENTS_MAX } });
        const [row] = await session.query<EventRow>(
          `INSERT INTO plan_events (plan_id, kind, name, event_date, city, guests) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${EVENT_COLUMNS}`,
          [planId, event.kind, event.name, event.date, event.city, event.guests],
        );
        if (!row) throw new Error('INSERT … RETURNING gave no event');
        return toEvent(row);
      });
    },

    updateEvent(uid, planId, eventId, change) {
      return db.transaction(async (session) => {
        const plan = await lockedPlan(session, uid, planId);
        if (!plan || !isUuid(eventId)) return null;
        const [current] = await session.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM plan_events WHERE id = $1 AND plan_id = $2`, [eventId, planId]);
        if (!current) return null;
        const next = {
          kind: change.kind ?? (current.kind as PlanEventKind),
          name: change.name ?? current.name,
          date: change.date ?? current.event_date,
          city: change.city ?? current.city,
          guests: change.guests ?? current.guests,
        };
        if (next.kind === 'other' && next.name === '') throw badRequest(PLAN_MESSAGES.eventNameRequired);
        assertInRange(plan, next.date);
        const [row] = await session.query<EventRow>(
          `UPDATE plan_events SET kind = $3, name = $4, event_date = $5, city = $6, guests = $7 WHERE id = $1 AND plan_id = $2 RETURNING ${EVENT_COLUMNS}`,
          [eventId, planId, next.kind, next.name, next.date, next.city, next.guests],
        );
        return row ? toEvent(row) : null;
      });
    },

    async removeEvent(uid, planId, eventId) {
      if (!isUuid(planId) || !isUuid(eventId)) return false;
      // shortlist entries for it stay, for no event (ON DELETE SET NULL)
      const removed = await db.query(
        'DELETE FROM plan_events e USING plans p WHERE e.id = $1 AND e.plan_id = $2 AND p.id = e.plan_id AND p.consumer_uid = $3 RETURNING e.id',
        [eventId, planId, uid],
      );
      return removed.length > 0;
    },
  };
}
