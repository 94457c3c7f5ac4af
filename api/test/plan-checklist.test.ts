import { CHECKLIST_OWN_TASKS_MAX, checklistSchema, planEventSchema, planSchema, type Checklist } from '@utsav/contracts/schemas';
import { CHECKLIST_TEMPLATES, dueDateOf } from '@utsav/contracts/plan-checklist';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, inDays } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * A plan's checklist (issue 37, item 5) over HTTP against a real database: seeded by its events with due dates from
 * their dates (never stored: an event moved, its tasks move), what the couple ticked, and their own tasks.
 * (A task done by a booking of its category: plan-budget.test.ts, which books one.)
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (user: TestUser, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${server.url}${path}`, { token: user.idToken, ...init });

async function coupleWithEvents() {
  const user = await signInWithPhone();
  const plan = planSchema.parse((await call(user, '/plans', { json: { title: 'Meera & Kabir', from: inDays(95), to: inDays(101), homeCity: 'Pune' } })).body);
  const wedding = planEventSchema.parse((await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'wedding', date: inDays(100), guests: 300 } })).body);
  const mehendi = planEventSchema.parse((await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'mehendi', date: inDays(98), guests: 80 } })).body);
  return { user, planId: plan.planId, wedding, mehendi };
}

async function checklistOf(user: TestUser, planId: string): Promise<Checklist> {
  const response = await call(user, `/plans/${planId}/checklist`);
  expect(response.status).toBe(200);
  return expectContract(checklistSchema, response.body);
}

const task = (checklist: Checklist, taskId: string) => checklist.tasks.find((one) => one.taskId === taskId);

describe('the tasks the events bring', () => {
  test("each event's tasks from the table, due so many days before its date, ordered by due day; overdue by India's date", async () => {
    const { user, planId, wedding, mehendi } = await coupleWithEvents();
    const checklist = await checklistOf(user, planId);
    expect(checklist.planId).toBe(planId);
    expect(checklist.today).toBe(inDays(0));
    expect(checklist.events.map((event) => event.eventId)).toEqual([mehendi.eventId, wedding.eventId]);
    expect(checklist.tasks).toHaveLength(CHECKLIST_TEMPLATES.wedding.length + CHECKLIST_TEMPLATES.mehendi.length);
    // the wedding's photographer: 90 days before, a Photography booking does it
    expect(task(checklist, `${wedding.eventId}.photographer`)).toEqual({
      taskId: `${wedding.eventId}.photographer`,
      key: 'photographer',
      title: '',
      eventId: wedding.eventId,
      category: 'Photography',
      due: inDays(10),
      done: false,
      doneBy: null,
      overdue: false,
    });
    // the venue, 180 days before a wedding 100 days away: overdue already
    expect(task(checklist, `${wedding.eventId}.venue`)).toMatchObject({ due: inDays(-80), overdue: true });
    expect(task(checklist, `${mehendi.eventId}.mehendiArtist`)).toMatchObject({ category: null, due: inDays(38) });
    const dues = checklist.tasks.map((one) => one.due!);
    expect(dues).toEqual([...dues].sort());
  });

  test('an event moved: its due dates move with it (nothing was stored); its kind changed: its tasks change', async () => {
    const { user, planId, wedding } = await coupleWithEvents();
    expect((await call(user, `/plans/${planId}/events/${wedding.eventId}`, { method: 'PATCH', json: { date: inDays(96) } })).status).toBe(200);
    const moved = await checklistOf(user, planId);
    expect(task(moved, `${wedding.eventId}.photographer`)?.due).toBe(dueDateOf(inDays(96), 90));

    // ticked, then the wedding becomes a reception: a key the reception also brings keeps its tick, one it does not is gone
    await call(user, `/plans/${planId}/checklist/${wedding.eventId}.photographer/done`, { method: 'PUT' });
    await call(user, `/plans/${planId}/checklist/${wedding.eventId}.outfits/done`, { method: 'PUT' });
    await call(user, `/plans/${planId}/events/${wedding.eventId}`, { method: 'PATCH', json: { kind: 'reception' } });
    const changed = await checklistOf(user, planId);
    expect(task(changed, `${wedding.eventId}.photographer`)).toMatchObject({ done: true, doneBy: 'couple' });
    expect(task(changed, `${wedding.eventId}.outfits`)).toBeUndefined();
    expect(changed.tasks.filter((one) => one.eventId === wedding.eventId)).toHaveLength(CHECKLIST_TEMPLATES.reception.length);
  });

  test('ticked done and unticked (idempotent); each answer is the whole checklist; an overdue task ticked is no longer overdue', async () => {
    const { user, planId, wedding } = await coupleWithEvents();
    const venue = `${wedding.eventId}.venue`;
    const ticked = await call(user, `/plans/${planId}/checklist/${venue}/done`, { method: 'PUT' });
    expect(ticked.status).toBe(200);
    expect(task(expectContract(checklistSchema, ticked.body), venue)).toMatchObject({ done: true, doneBy: 'couple', overdue: false });
    expect((await call(user, `/plans/${planId}/checklist/${venue}/done`, { method: 'PUT' })).status).toBe(200);
    expect(task(await checklistOf(user, planId), venue)).toMatchObject({ done: true });
    const unticked = await call(user, `/plans/${planId}/checklist/${venue}/done`, { method: 'DELETE' });
    expect(task(expectContract(checklistSchema, unticked.body), venue)).toMatchObject({ done: false, doneBy: null, overdue: true });
    expect((await call(user, `/plans/${planId}/checklist/${venue}/done`, { method: 'DELETE' })).status).toBe(200);
  });

  test("a key the event's kind does not bring, an unknown key or event, a malformed id, another couple's plan: 404", async () => {
    const { user, planId, wedding, mehendi } = await coupleWithEvents();
    const other = await coupleWithEvents();
    for (const taskId of [`${wedding.eventId}.mehendiArtist`, `${wedding.eventId}.fireworks`, `${other.wedding.eventId}.venue`, 'venue', '..', `${wedding.eventId}.`]) {
      const answer = await call(user, `/plans/${planId}/checklist/${encodeURIComponent(taskId)}/done`, { method: 'PUT' });
      expect([taskId, answer.status]).toEqual([taskId, 404]);
    }
    expect(await call(other.user, `/plans/${planId}/checklist`)).toMatchObject({ status: 404, body: { message: 'Plan not found' } });
    expect((await call(other.user, `/plans/${planId}/checklist/${mehendi.eventId}.music/done`, { method: 'PUT' })).status).toBe(404);
    expect((await checklistOf(user, planId)).tasks.every((one) => !one.done)).toBe(true);
    const hindi = await call(user, `/plans/${planId}/checklist/${wedding.eventId}.fireworks/done`, { method: 'PUT', headers: { 'Accept-Language': 'hi-IN' } });
    expect(hindi).toMatchObject({ status: 404, body: { message: 'काम नहीं मिला' } });
  });
});

describe("the couple's own tasks", () => {
  test('added (for an event or none, with a due day or none), changed, ticked and deleted', async () => {
    const { user, planId, mehendi } = await coupleWithEvents();
    const added = await call(user, `/plans/${planId}/checklist`, { json: { title: '  Book the dhol players  ', due: inDays(30), eventId: mehendi.eventId } });
    expect(added.status).toBe(201);
    const own = expectContract(checklistSchema, added.body).tasks.find((one) => one.key === null)!;
    expect(own).toEqual({ taskId: expect.any(String), key: null, title: 'Book the dhol players', eventId: mehendi.eventId, category: null, due: inDays(30), done: false, doneBy: null, overdue: false });
    // one with no due day is listed last
    const noDue = expectContract(checklistSchema, (await call(user, `/plans/${planId}/checklist`, { json: { title: 'Thank-you notes' } })).body);
    expect(noDue.tasks.at(-1)).toMatchObject({ title: 'Thank-you notes', due: null, eventId: null, overdue: false });

    const changed = await call(user, `/plans/${planId}/checklist/${own.taskId}`, { method: 'PATCH', json: { title: 'Book the dhol', due: inDays(-2), eventId: null } });
    expect(changed.status).toBe(200);
    expect(task(expectContract(checklistSchema, changed.body), own.taskId)).toMatchObject({ title: 'Book the dhol', due: inDays(-2), eventId: null, overdue: true });
    const ticked = expectContract(checklistSchema, (await call(user, `/plans/${planId}/checklist/${own.taskId}/done`, { method: 'PUT' })).body);
    expect(task(ticked, own.taskId)).toMatchObject({ done: true, doneBy: 'couple', overdue: false });
    const cleared = expectContract(checklistSchema, (await call(user, `/plans/${planId}/checklist/${own.taskId}`, { method: 'PATCH', json: { due: null } })).body);
    expect(task(cleared, own.taskId)).toMatchObject({ title: 'Book the dhol', due: null, done: true });

    expect((await call(user, `/plans/${planId}/checklist/${own.taskId}`, { method: 'DELETE' })).status).toBe(204);
    expect(task(await checklistOf(user, planId), own.taskId)).toBeUndefined();
    expect((await call(user, `/plans/${planId}/checklist/${own.taskId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(user, `/plans/${planId}/checklist/${own.taskId}/done`, { method: 'PUT' })).status).toBe(404);
  });

  test("a task the events bring cannot be changed or deleted (409); bad bodies 400; another plan's event 404", async () => {
    const { user, planId, wedding } = await coupleWithEvents();
    const other = await coupleWithEvents();
    const seeded = `${wedding.eventId}.venue`;
    expect(await call(user, `/plans/${planId}/checklist/${seeded}`, { method: 'PATCH', json: { title: 'Mine now' } })).toMatchObject({
      status: 409,
      body: { message: 'A task your events bring cannot be changed or deleted: tick it done instead.' },
    });
    expect((await call(user, `/plans/${planId}/checklist/${seeded}`, { method: 'DELETE' })).status).toBe(409);
    for (const body of [{}, { title: '   ' }, { title: 'x'.repeat(121) }, { title: 'Ok', due: '31-12-2026' }, { title: 'Ok', eventId: 5 }, []]) {
      const refused = await call(user, `/plans/${planId}/checklist`, { json: body });
      expect([JSON.stringify(body), refused.status]).toEqual([JSON.stringify(body), 400]);
      expect(typeof refused.body.message).toBe('string');
    }
    // control characters only: blank once cleaned
    expect((await call(user, `/plans/${planId}/checklist`, { json: { title: '\u0001\u0002' } })).status).toBe(400);
    expect(await call(user, `/plans/${planId}/checklist`, { json: { title: 'Ok', eventId: other.wedding.eventId } })).toMatchObject({ status: 404, body: { message: 'Event not found' } });
    expect((await call(other.user, `/plans/${planId}/checklist`, { json: { title: 'Hijacked' } })).status).toBe(404);
    expect((await checklistOf(user, planId)).tasks.some((one) => one.key === null)).toBe(false);
  });

  test(`at most ${CHECKLIST_OWN_TASKS_MAX} own tasks a plan (409); the event deleted, its own tasks stay for no event; the plan deleted, all go`, async () => {
    const { user, planId, mehendi } = await coupleWithEvents();
    await server.database.query(
      `INSERT INTO plan_tasks (plan_id, title) SELECT $1, 'Task ' || n FROM generate_series(1, $2::integer - 1) AS n`,
      [planId, CHECKLIST_OWN_TASKS_MAX],
    );
    const last = await call(user, `/plans/${planId}/checklist`, { json: { title: 'Pack for the honeymoon', eventId: mehendi.eventId } });
    expect(last.status).toBe(201);
    const over = await call(user, `/plans/${planId}/checklist`, { json: { title: 'One more' } });
    expect(over).toMatchObject({ status: 409, body: { message: `A plan can have at most ${CHECKLIST_OWN_TASKS_MAX} tasks of your own. Delete one to add another.` } });

    expect((await call(user, `/plans/${planId}/events/${mehendi.eventId}`, { method: 'DELETE' })).status).toBe(204);
    const after = await checklistOf(user, planId);
    expect(after.tasks.find((one) => one.title === 'Pack for the honeymoon')).toMatchObject({ eventId: null });
    expect(after.tasks.some((one) => one.eventId === mehendi.eventId)).toBe(false);

    expect((await call(user, `/plans/${planId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await server.database.query('SELECT id FROM plan_tasks WHERE plan_id = $1', [planId])).length).toBe(0);
    expect((await call(user, `/plans/${planId}/checklist`)).status).toBe(404);
  });
});
