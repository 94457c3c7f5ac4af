import fc from 'fast-check';
import {
  CHECKLIST_TASK_KEYS,
  CHECKLIST_TEMPLATES,
  compareTasks,
  dueDateOf,
  dueMonth,
  isOverdue,
  parseTaskId,
  seededTaskId,
  seededTasks,
  templateOf,
} from '../src/domain/plan-checklist';
import { PLAN_EVENT_KINDS } from '../src/domain/schemas/plan';
import { SERVICE_CATEGORIES } from '../src/domain/schemas/catalog-values';
import { addDays, dayNumber } from '../src/domain/slot-rules';
import en from '../src/domain/validation/locales/en-IN.json';

const RUNS = { numRuns: 500 };
const EVENT_ID = '6f1c2b0e-8a4d-4c55-9e61-2d0f3a7b2001';
const isoDate = fc.integer({ min: dayNumber('2024-01-01'), max: dayNumber('2032-12-31') }).map((day) => addDays('1970-01-01', day));
const kind = fc.constantFrom(...PLAN_EVENT_KINDS);

describe('the table', () => {
  test('every kind of event brings tasks; keys are unique per kind and known; days are whole and within a year', () => {
    for (const eventKind of PLAN_EVENT_KINDS) {
      const templates = CHECKLIST_TEMPLATES[eventKind];
      expect(templates.length).toBeGreaterThan(0);
      expect(new Set(templates.map((template) => template.key)).size).toBe(templates.length);
      for (const template of templates) {
        expect(CHECKLIST_TASK_KEYS).toContain(template.key);
        expect(Number.isInteger(template.daysBefore) && template.daysBefore >= 0 && template.daysBefore <= 365).toBe(true);
        if (template.category !== null) expect(SERVICE_CATEGORIES).toContain(template.category);
      }
    }
  });

  test('the rules a couple knows: the venue six months before a wedding, the photographer three, the makeup trial two weeks', () => {
    expect(templateOf('wedding', 'venue')).toEqual({ key: 'venue', category: 'Venues', daysBefore: 180 });
    expect(templateOf('wedding', 'photographer')).toEqual({ key: 'photographer', category: 'Photography', daysBefore: 90 });
    expect(templateOf('wedding', 'makeupTrial')).toEqual({ key: 'makeupTrial', category: null, daysBefore: 14 });
    expect(templateOf('mehendi', 'mehendiArtist')?.daysBefore).toBe(60);
    expect(templateOf('wedding', 'mehendiArtist')).toBeUndefined();
    expect(templateOf('haldi', 'no-such-task')).toBeUndefined();
  });

  test('every key is used by some kind (none is dead)', () => {
    const used = new Set(PLAN_EVENT_KINDS.flatMap((eventKind) => CHECKLIST_TEMPLATES[eventKind].map((template) => template.key)));
    expect([...used].sort()).toEqual([...CHECKLIST_TASK_KEYS].sort());
  });

  test("the schemas' words the checklist needs are in the validation catalogue", () => {
    expect(en).toHaveProperty(['validation.label.taskTitle']);
    expect(en).toHaveProperty(['validation.label.budget']);
  });
});

describe('due dates', () => {
  test('a worked example: a wedding on 12 December 2026', () => {
    const tasks = seededTasks({ eventId: EVENT_ID, kind: 'wedding', date: '2026-12-12' });
    expect(tasks.find((task) => task.key === 'venue')).toEqual({ taskId: `${EVENT_ID}.venue`, eventId: EVENT_ID, key: 'venue', category: 'Venues', due: '2026-06-15' });
    expect(tasks.find((task) => task.key === 'photographer')?.due).toBe('2026-09-13');
    expect(tasks.find((task) => task.key === 'confirmVendors')?.due).toBe('2026-12-09');
  });

  test('each task is due exactly its days before the event, never after it; an event moved by n days moves every task by n', () => {
    fc.assert(
      fc.property(kind, isoDate, fc.integer({ min: -400, max: 400 }), (eventKind, date, shift) => {
        const tasks = seededTasks({ eventId: EVENT_ID, kind: eventKind, date });
        const moved = seededTasks({ eventId: EVENT_ID, kind: eventKind, date: addDays(date, shift) });
        tasks.forEach((task, index) => {
          const template = CHECKLIST_TEMPLATES[eventKind][index]!;
          expect(dayNumber(date) - dayNumber(task.due)).toBe(template.daysBefore);
          expect(task.due <= date).toBe(true);
          expect(dayNumber(moved[index]!.due) - dayNumber(task.due)).toBe(shift);
          expect(moved[index]!.taskId).toBe(task.taskId);
        });
      }),
      RUNS,
    );
  });

  test('dueDateOf crosses months, years and leap days', () => {
    expect(dueDateOf('2028-03-01', 1)).toBe('2028-02-29');
    expect(dueDateOf('2027-01-10', 14)).toBe('2026-12-27');
    expect(dueDateOf('2026-05-05', 0)).toBe('2026-05-05');
  });
});

describe('task ids', () => {
  test('a seeded id parses back to its event and key; a uuid is an own task; anything else is nothing', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom(...CHECKLIST_TASK_KEYS), (eventId, key) => {
        expect(parseTaskId(seededTaskId(eventId, key))).toEqual({ kind: 'seeded', eventId: eventId.toLowerCase(), key });
        expect(parseTaskId(eventId)).toEqual({ kind: 'own', taskId: eventId.toLowerCase() });
      }),
      RUNS,
    );
    for (const bad of ['', 'venue', '.venue', `${EVENT_ID}.`, `${EVENT_ID}.fireworks`, `${EVENT_ID}.venue.x`, `nope.venue`, `${EVENT_ID}x`, '__proto__', `${EVENT_ID}.constructor`]) {
      expect([bad, parseTaskId(bad)]).toEqual([bad, null]);
    }
  });

  test('arbitrary text never throws and parses only to a known key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parseTaskId(text);
        if (parsed?.kind === 'seeded') expect(CHECKLIST_TASK_KEYS).toContain(parsed.key);
      }),
      RUNS,
    );
  });
});

describe('overdue and order', () => {
  test("overdue: not done and due before India's today; never without a due day", () => {
    expect(isOverdue({ due: '2026-05-01', done: false }, '2026-05-02')).toBe(true);
    expect(isOverdue({ due: '2026-05-02', done: false }, '2026-05-02')).toBe(false);
    expect(isOverdue({ due: '2026-05-01', done: true }, '2026-05-02')).toBe(false);
    expect(isOverdue({ due: null, done: false }, '2026-05-02')).toBe(false);
  });

  const task = fc.record({
    taskId: fc.string({ minLength: 1, maxLength: 8 }),
    due: fc.option(isoDate, { nil: null }),
    key: fc.option(fc.constantFrom(...CHECKLIST_TASK_KEYS), { nil: null }),
    eventId: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
  });

  test('compareTasks is a total order: by due day (none last), the same whatever order the tasks come in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(task, { selector: (one) => one.taskId, maxLength: 20 }), (tasks) => {
        const sorted = [...tasks].sort(compareTasks);
        expect([...tasks].reverse().sort(compareTasks)).toEqual(sorted);
        const dues = sorted.map((one) => one.due);
        const firstNone = dues.indexOf(null);
        if (firstNone >= 0) expect(dues.slice(firstNone).every((due) => due === null)).toBe(true);
        const dated = dues.filter((due): due is string => due !== null);
        expect(dated).toEqual([...dated].sort());
      }),
      RUNS,
    );
  });

  test('on the same day, the tasks in the table order, then the couple own', () => {
    const same = '2026-09-01';
    const sorted = [
      { taskId: 'z', due: same, key: null, eventId: null },
      { taskId: 'y', due: same, key: 'caterer' as const, eventId: 'a' },
      { taskId: 'x', due: same, key: 'venue' as const, eventId: 'a' },
    ].sort(compareTasks);
    expect(sorted.map((one) => one.taskId)).toEqual(['x', 'y', 'z']);
  });

  test('dueMonth', () => {
    expect(dueMonth('2026-09-13')).toBe('2026-09');
    expect(dueMonth(null)).toBeNull();
  });
});
