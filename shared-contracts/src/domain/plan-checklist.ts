import type { ServiceCategory } from './schemas/catalog-values';
import type { PlanEventKind } from './schemas/plan';
import { addDays } from './slot-rules';

/**
 * A wedding plan's checklist (issue 37, item 5), pure: which tasks each kind of event brings, and how many days
 * before the event each one is due. Nothing of it is stored: a task's due date is worked out from its event's date
 * as it is now (an event moved, its tasks' due dates move with it), and only what the couple did is kept by the
 * API (a task ticked done, their own tasks). The API answers the checklist from this table and the pages name each
 * task by its key (their catalogues say "Book the photographer" in English and Hindi).
 *
 * A task with a `category` is about booking a service of that category (Photography, Catering…): once the event
 * has a booking of that category (not cancelled or declined), the task shows as done by itself.
 */

/** Every task key there is, in the order a page lists tasks due the same day. */
export const CHECKLIST_TASK_KEYS = [
  'venue',
  'planner',
  'photographer',
  'caterer',
  'decorator',
  'makeup',
  'mehendiArtist',
  'music',
  'choreographer',
  'outfits',
  'invitations',
  'haldiSupplies',
  'guestList',
  'makeupTrial',
  'confirmVendors',
] as const;
export type ChecklistTaskKey = (typeof CHECKLIST_TASK_KEYS)[number];

export interface ChecklistTemplate {
  key: ChecklistTaskKey;
  /** the category of service the task books; null: a task no booking can do (send the invitations) */
  category: ServiceCategory | null;
  /** due this many days before the event (0: on the day) */
  daysBefore: number;
}

const task = (key: ChecklistTaskKey, daysBefore: number, category: ServiceCategory | null = null): ChecklistTemplate => ({ key, category, daysBefore });

/** What each kind of event brings: a couple would book the venue about six months before, the photographer three. */
export const CHECKLIST_TEMPLATES: Readonly<Record<PlanEventKind, readonly ChecklistTemplate[]>> = {
  wedding: [
    task('venue', 180, 'Venues'),
    task('planner', 180, 'Wedding Planning'),
    task('photographer', 90, 'Photography'),
    task('caterer', 90, 'Catering'),
    task('outfits', 90),
    task('guestList', 75),
    task('decorator', 60),
    task('makeup', 60, 'Makeup'),
    task('invitations', 45),
    task('makeupTrial', 14),
    task('confirmVendors', 3),
  ],
  reception: [
    task('venue', 180, 'Venues'),
    task('photographer', 90, 'Photography'),
    task('caterer', 90, 'Catering'),
    task('decorator', 60),
    task('makeup', 60, 'Makeup'),
    task('music', 45),
    task('invitations', 45),
    task('confirmVendors', 3),
  ],
  sangeet: [
    task('venue', 120, 'Venues'),
    task('photographer', 90, 'Photography'),
    task('caterer', 90, 'Catering'),
    task('choreographer', 60),
    task('music', 60),
    task('decorator', 45),
    task('makeup', 30, 'Makeup'),
    task('confirmVendors', 3),
  ],
  mehendi: [
    task('mehendiArtist', 60),
    task('photographer', 60, 'Photography'),
    task('caterer', 60, 'Catering'),
    task('decorator', 45),
    task('music', 30),
    task('confirmVendors', 3),
  ],
  haldi: [
    task('photographer', 60, 'Photography'),
    task('caterer', 45, 'Catering'),
    task('decorator', 30),
    task('haldiSupplies', 7),
    task('confirmVendors', 3),
  ],
  other: [task('venue', 90, 'Venues'), task('photographer', 60, 'Photography'), task('caterer', 60, 'Catering'), task('confirmVendors', 3)],
};

/** The template of one kind's task, or undefined when that kind does not bring it. */
export const templateOf = (kind: PlanEventKind, key: string): ChecklistTemplate | undefined => CHECKLIST_TEMPLATES[kind].find((template) => template.key === key);

/** '2026-12-12' less `daysBefore` days: the day a task is due. */
export const dueDateOf = (eventDate: string, daysBefore: number): string => addDays(eventDate, -daysBefore);

/** A seeded task's id: its event's and its key ('<eventId>.photographer'); a task of the couple's own has a uuid. */
export const seededTaskId = (eventId: string, key: ChecklistTaskKey): string => `${eventId}.${key}`;

export type ParsedTaskId = { kind: 'seeded'; eventId: string; key: ChecklistTaskKey } | { kind: 'own'; taskId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isKey = (key: string): key is ChecklistTaskKey => (CHECKLIST_TASK_KEYS as readonly string[]).includes(key);

/** What a task id names (null: neither kind: the API answers 404). */
export function parseTaskId(taskId: string): ParsedTaskId | null {
  if (UUID.test(taskId)) return { kind: 'own', taskId: taskId.toLowerCase() };
  const dot = taskId.indexOf('.');
  if (dot < 0) return null;
  const eventId = taskId.slice(0, dot);
  const key = taskId.slice(dot + 1);
  return UUID.test(eventId) && isKey(key) ? { kind: 'seeded', eventId: eventId.toLowerCase(), key } : null;
}

export interface SeededTask {
  taskId: string;
  eventId: string;
  key: ChecklistTaskKey;
  category: ServiceCategory | null;
  due: string;
}

/** The tasks an event brings, each due so many days before the event's date as it is now. */
export function seededTasks(event: { eventId: string; kind: PlanEventKind; date: string }): SeededTask[] {
  return CHECKLIST_TEMPLATES[event.kind].map(({ key, category, daysBefore }) => ({
    taskId: seededTaskId(event.eventId, key),
    eventId: event.eventId,
    key,
    category,
    due: dueDateOf(event.date, daysBefore),
  }));
}

/** Not done and its due day has gone by in India (`today`: nowInIndia().date). A task with no due day is never overdue. */
export const isOverdue = (task: { due: string | null; done: boolean }, today: string): boolean => !task.done && task.due !== null && task.due < today;

const keyRank = (key: string | null) => (key === null ? CHECKLIST_TASK_KEYS.length : (CHECKLIST_TASK_KEYS as readonly string[]).indexOf(key));

/**
 * The checklist's order: by due day (those with none last), then the seeded tasks in the table's order before the
 * couple's own, then by event and id, so one answer always lists the same way.
 */
export function compareTasks(
  a: { taskId: string; due: string | null; key: string | null; eventId: string | null },
  b: { taskId: string; due: string | null; key: string | null; eventId: string | null },
): number {
  if (a.due !== b.due) {
    if (a.due === null) return 1;
    if (b.due === null) return -1;
    return a.due < b.due ? -1 : 1;
  }
  const rank = keyRank(a.key) - keyRank(b.key);
  if (rank !== 0) return rank;
  const event = (a.eventId ?? '').localeCompare(b.eventId ?? '');
  if (event !== 0) return event;
  return a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0;
}

/** The month a task is listed under ('2026-09'), null for a task with no due day. */
export const dueMonth = (due: string | null): string | null => (due === null ? null : due.slice(0, 7));
