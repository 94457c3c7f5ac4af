import {
  CHECKLIST_OWN_TASKS_MAX,
  type Checklist,
  type ChecklistTask,
  type OwnTaskFields,
  type OwnTaskUpdate,
  type PlanEventKind,
} from '@utsav/contracts/schemas';
import { compareTasks, isOverdue, parseTaskId, seededTasks, templateOf } from '@utsav/contracts/plan-checklist';
import type { Database, Query, SqlSession } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { HttpError, notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { bookedLines } from './budget-repository';
import { eventNotFound, planNotFound } from './plan-repository';

/**
 * A wedding plan's checklist (issue 37, item 5). The tasks each event brings come from the contracts' table
 * (@utsav/contracts/plan-checklist), due so many days before the event's date as it is now: nothing of them is
 * stored but the couple's ticks (plan_task_marks). A task of a category the event has a booking of (budget-repository's
 * bookings: not cancelled or declined) is done by itself. The couple's own tasks are rows of plan_tasks.
 * Only ever the caller's own plan (another's is a 404, as an unknown id).
 */

export const CHECKLIST_MESSAGES = {
  taskNotFound: 'checklist.taskNotFound',
  tooMany: 'checklist.tooMany',
  notOwn: 'checklist.notOwn',
} as const satisfies Record<string, ApiMessage>;

export const taskNotFound = () => notFound(CHECKLIST_MESSAGES.taskNotFound);

export interface ChecklistRepository {
  /** null: no such plan of theirs; overdue judged on `today` (India) */
  get(uid: string, planId: string, today: string): Promise<Checklist | null>;
  /** a task ticked done (or not): 404 for no such plan or task */
  mark(uid: string, planId: string, taskId: string, done: boolean, today: string): Promise<Checklist>;
  /** 404 for no such plan, or an event not the plan's; 409 at CHECKLIST_OWN_TASKS_MAX */
  addOwn(uid: string, planId: string, fields: OwnTaskFields, today: string): Promise<{ checklist: Checklist; taskId: string }>;
  /** 404 for no such plan or own task; 409 for a task the events bring */
  updateOwn(uid: string, planId: string, taskId: string, change: OwnTaskUpdate, today: string): Promise<Checklist>;
  removeOwn(uid: string, planId: string, taskId: string): Promise<void>;
}

interface EventRow {
  id: string;
  kind: string;
  name: string;
  event_date: string;
}

interface OwnRow {
  id: string;
  event_id: string | null;
  title: string;
  due_date: string | null;
  done: boolean;
}

async function ownPlan(query: Query, uid: string, planId: string, lock = false): Promise<string> {
  if (!isUuid(planId)) throw planNotFound();
  const [plan] = await query<{ id: string }>(`SELECT id::text AS id FROM plans WHERE id = $1 AND consumer_uid = $2${lock ? ' FOR UPDATE' : ''}`, [planId, uid]);
  if (!plan) throw planNotFound();
  return plan.id;
}

/** 404 unless `eventId` is one of the plan's events (null: none, fine). */
async function assertPlanEvent(query: Query, planId: string, eventId: string | null | undefined): Promise<void> {
  if (eventId === null || eventId === undefined) return;
  if (!isUuid(eventId)) throw eventNotFound();
  const [event] = await query<{ id: string }>('SELECT id FROM plan_events WHERE id = $1 AND plan_id = $2', [eventId, planId]);
  if (!event) throw eventNotFound();
}

/** The own task of the plan a task id names, else 404 (409 for a task the events bring: it is not the couple's to change). */
function ownTaskId(taskId: string): string {
  const parsed = parseTaskId(taskId);
  if (!parsed) throw taskNotFound();
  if (parsed.kind === 'seeded') throw new HttpError(409, CHECKLIST_MESSAGES.notOwn);
  return parsed.taskId;
}

export function createChecklistRepository(db: Database): ChecklistRepository {
  async function read(query: Query, uid: string, planId: string, today: string): Promise<Checklist> {
    const events = await query<EventRow>(`SELECT id::text AS id, kind, name, to_char(event_date, 'YYYY-MM-DD') AS event_date FROM plan_events WHERE plan_id = $1 ORDER BY event_date, created_at, id`, [planId]);
    const eventIds = events.map((event) => event.id);
    const marks =
      eventIds.length === 0 ? [] : await query<{ event_id: string; task_key: string }>('SELECT event_id::text AS event_id, task_key FROM plan_task_marks WHERE event_id = ANY($1::uuid[])', [eventIds]);
    const booked = await bookedLines(query, uid, eventIds);
    const own = await query<OwnRow>(
      `SELECT id::text AS id, event_id::text AS event_id, title, to_char(due_date, 'YYYY-MM-DD') AS due_date, done_at IS NOT NULL AS done
       FROM plan_tasks WHERE plan_id = $1 ORDER BY created_at, id`,
      [planId],
    );
    const ticked = new Set(marks.map((mark) => `${mark.event_id}.${mark.task_key}`));
    const bookedCategories = new Set(booked.map((line) => `${line.eventId}|${line.category}`));
    const tasks: ChecklistTask[] = [];
    for (const event of events) {
      for (const seeded of seededTasks({ eventId: event.id, kind: event.kind as PlanEventKind, date: event.event_date })) {
        const byBooking = seeded.category !== null && bookedCategories.has(`${event.id}|${seeded.category}`);
        const done = byBooking || ticked.has(seeded.taskId);
        tasks.push({
          taskId: seeded.taskId,
          key: seeded.key,
          title: '',
          eventId: event.id,
          category: seeded.category,
          due: seeded.due,
          done,
          doneBy: byBooking ? 'booking' : done ? 'couple' : null,
          overdue: isOverdue({ due: seeded.due, done }, today),
        });
      }
    }
    for (const row of own) {
      tasks.push({
        taskId: row.id,
        key: null,
        title: row.title,
        eventId: row.event_id,
        category: null,
        due: row.due_date,
        done: row.done,
        doneBy: row.done ? 'couple' : null,
        overdue: isOverdue({ due: row.due_date, done: row.done }, today),
      });
    }
    tasks.sort(compareTasks);
    return {
      planId,
      today,
      events: events.map((event) => ({ eventId: event.id, kind: event.kind as PlanEventKind, name: event.name, date: event.event_date })),
      tasks,
    };
  }

  return {
    async get(uid, planId, today) {
      if (!isUuid(planId)) return null;
      const [plan] = await db.query<{ id: string }>('SELECT id::text AS id FROM plans WHERE id = $1 AND consumer_uid = $2', [planId, uid]);
      return plan ? read(db.query, uid, plan.id, today) : null;
    },

    async mark(uid, planId, taskId, done, today) {
      const plan = await ownPlan(db.query, uid, planId);
      const parsed = parseTaskId(taskId);
      if (!parsed) throw taskNotFound();
      if (parsed.kind === 'seeded') {
        const [event] = await db.query<{ kind: string }>('SELECT kind FROM plan_events WHERE id = $1 AND plan_id = $2', [parsed.eventId, plan]);
        // a key the event's kind does not bring is no task of this plan's
        if (!event || !templateOf(event.kind as PlanEventKind, parsed.key)) throw taskNotFound();
        if (done) {
          await db.query('INSERT INTO plan_task_marks (event_id, task_key) VALUES ($1, $2) ON CONFLICT (event_id, task_key) DO NOTHING', [parsed.eventId, parsed.key]);
        } else {
          await db.query('DELETE FROM plan_task_marks WHERE event_id = $1 AND task_key = $2', [parsed.eventId, parsed.key]);
        }
      } else {
        // ticked twice: the first tick's time stays
        const updated = await db.query(
          'UPDATE plan_tasks SET done_at = CASE WHEN $3 THEN COALESCE(done_at, now()) ELSE NULL END WHERE id = $1 AND plan_id = $2 RETURNING id',
          [parsed.taskId, plan, done],
        );
        if (updated.length === 0) throw taskNotFound();
      }
      return read(db.query, uid, plan, today);
    },

    addOwn(uid, planId, fields, today) {
      return db.transaction(async (session: SqlSession) => {
        // the plan's row locked: two adds at once cannot pass the limit together
        const plan = await ownPlan(session.query, uid, planId, true);
        await assertPlanEvent(session.query, plan, fields.eventId);
        const [count] = await session.query<{ n: number }>('SELECT count(*)::integer AS n FROM plan_tasks WHERE plan_id = $1', [plan]);
        if ((count?.n ?? 0) >= CHECKLIST_OWN_TASKS_MAX) throw new HttpError(409, CHECKLIST_MESSAGES.tooMany, { values: { max: CHECKLIST_OWN_TASKS_MAX } });
        const [row] = await session.query<{ id: string }>('INSERT INTO plan_tasks (plan_id, event_id, title, due_date) VALUES ($1, $2, $3, $4) RETURNING id::text AS id', [
          plan,
          fields.eventId ?? null,
          fields.title,
          fields.due ?? null,
        ]);
        if (!row) throw new Error('INSERT … RETURNING gave no task');
        return { checklist: await read(session.query, uid, plan, today), taskId: row.id };
      });
    },

    updateOwn(uid, planId, taskId, change, today) {
      return db.transaction(async (session: SqlSession) => {
        const plan = await ownPlan(session.query, uid, planId, true);
        const id = ownTaskId(taskId);
        await assertPlanEvent(session.query, plan, change.eventId);
        const [current] = await session.query<OwnRow>(
          `SELECT id::text AS id, event_id::text AS event_id, title, to_char(due_date, 'YYYY-MM-DD') AS due_date, done_at IS NOT NULL AS done
           FROM plan_tasks WHERE id = $1 AND plan_id = $2 FOR UPDATE`,
          [id, plan],
        );
        if (!current) throw taskNotFound();
        await session.query('UPDATE plan_tasks SET title = $2, due_date = $3, event_id = $4 WHERE id = $1', [
          id,
          change.title ?? current.title,
          change.due === undefined ? current.due_date : change.due,
          change.eventId === undefined ? current.event_id : change.eventId,
        ]);
        return read(session.query, uid, plan, today);
      });
    },

    async removeOwn(uid, planId, taskId) {
      const plan = await ownPlan(db.query, uid, planId);
      const id = ownTaskId(taskId);
      const removed = await db.query('DELETE FROM plan_tasks WHERE id = $1 AND plan_id = $2 RETURNING id', [id, plan]);
      if (removed.length === 0) throw taskNotFound();
    },
  };
}
