import { PLAN_EVENTS_MAX, PLAN_MAX_PER_CONSUMER, planEventSchema, planListSchema, planSchema, shortlistSchema } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, inDays, insertCatalogFixture, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let catalog: CatalogFixture;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
});
afterAll(() => server.close());

const HINDI = { 'Accept-Language': 'hi-IN' };
const FROM = inDays(60);
const TO = inDays(64);
const PLAN = { title: "Asha & Rohan's wedding", from: FROM, to: TO, homeCity: 'Jaipur' };

const call = (user: TestUser, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${server.url}${path}`, { token: user.idToken, ...init });

async function newPlan(user: TestUser, change: Record<string, unknown> = {}) {
  const response = await call(user, '/plans', { json: { ...PLAN, ...change } });
  expect(response.status).toBe(201);
  return planSchema.parse(response.body);
}

async function newEvent(user: TestUser, planId: string, change: Record<string, unknown> = {}) {
  const response = await call(user, `/plans/${planId}/events`, { json: { kind: 'sangeet', date: inDays(61), city: 'Jaipur', guests: 250, ...change } });
  expect(response.status).toBe(201);
  return planEventSchema.parse(response.body);
}

describe('wedding plans: /plans', () => {
  test('create, list (newest first), read, update and delete; text is trimmed, unknown fields dropped', async () => {
    const user = await signInWithPhone();
    expect(expectContract(planListSchema, (await call(user, '/plans')).body)).toEqual([]);

    const created = await call(user, '/plans', { json: { ...PLAN, title: `  ${PLAN.title} `, planId: 'planted', consumerUid: 'someone' } });
    expect(created.status).toBe(201);
    const plan = expectContract(planSchema, created.body);
    expect(plan).toEqual({ planId: expect.stringMatching(/^[0-9a-f-]{36}$/), ...PLAN, events: [], createdAt: expect.any(String) });

    const second = await newPlan(user, { title: 'Didi ki shaadi', homeCity: undefined });
    expect(second.homeCity).toBe('');
    const listed = expectContract(planListSchema, (await call(user, '/plans')).body);
    expect(listed.map((entry) => entry.planId)).toEqual([second.planId, plan.planId]);

    const haldi = await newEvent(user, plan.planId, { kind: 'haldi', date: FROM, guests: 40 });
    expect(haldi).toEqual({ eventId: expect.any(String), kind: 'haldi', name: '', date: FROM, city: 'Jaipur', guests: 40 });
    const tilak = await newEvent(user, plan.planId, { kind: 'other', name: ' Tilak ', date: TO, city: undefined, guests: 10 });
    expect(tilak).toMatchObject({ kind: 'other', name: 'Tilak', city: '' });
    const sangeet = await newEvent(user, plan.planId);

    const read = expectContract(planSchema, (await call(user, `/plans/${plan.planId}`)).body);
    // by date
    expect(read.events.map((event) => event.eventId)).toEqual([haldi.eventId, sangeet.eventId, tilak.eventId]);

    const renamed = await call(user, `/plans/${plan.planId}`, { method: 'PATCH', json: { title: 'Asha weds Rohan', homeCity: 'Udaipur' } });
    expect(renamed.status).toBe(200);
    expect(expectContract(planSchema, renamed.body)).toMatchObject({ title: 'Asha weds Rohan', homeCity: 'Udaipur', from: FROM, to: TO });
    expect((renamed.body.events as unknown[]).length).toBe(3);

    const moved = await call(user, `/plans/${plan.planId}/events/${sangeet.eventId}`, { method: 'PATCH', json: { guests: 300, date: inDays(62) } });
    expect(moved.status).toBe(200);
    expect(expectContract(planEventSchema, moved.body)).toEqual({ ...sangeet, guests: 300, date: inDays(62) });

    expect((await call(user, `/plans/${plan.planId}/events/${tilak.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(user, `/plans/${plan.planId}/events/${tilak.eventId}`, { method: 'DELETE' })).status).toBe(404);

    expect((await call(user, `/plans/${plan.planId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(user, `/plans/${plan.planId}`)).status).toBe(404);
    const [left] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM plan_events WHERE plan_id = $1', [plan.planId]);
    expect(left!.n).toBe(0);
    expect(expectContract(planListSchema, (await call(user, '/plans')).body).map((entry) => entry.planId)).toEqual([second.planId]);
  });

  test('validation: 400 with messages in English and in Hindi', async () => {
    const user = await signInWithPhone();
    const bad = { title: '  ', from: '2026-13-01', to: FROM, homeCity: 'x'.repeat(81) };
    const english = await call(user, '/plans', { json: bad });
    expect(english.status).toBe(400);
    expect(english.body.issues).toEqual([
      { path: 'title', message: 'Plan name is required' },
      { path: 'from', message: 'Dates must look like 2026-12-31' },
      { path: 'homeCity', message: 'Home city must be at most 80 characters' },
    ]);
    const hindi = await call(user, '/plans', { json: bad, headers: HINDI });
    expect(hindi.status).toBe(400);
    expect(hindi.body.issues).toEqual([
      { path: 'title', message: 'योजना का नाम ज़रूरी है' },
      { path: 'from', message: 'तारीख़ें 2026-12-31 जैसी होनी चाहिए' },
      { path: 'homeCity', message: 'अपना शहर: ज़्यादा से ज़्यादा 80 अक्षर हो सकते हैं' },
    ]);

    const backwards = await call(user, '/plans', { json: { ...PLAN, from: TO, to: FROM } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe("to: The plan's last day cannot be before its first day");
    const tooLong = await call(user, '/plans', { json: { ...PLAN, title: 'x'.repeat(121) } });
    expect(tooLong.body.message).toBe('title: Plan name must be at most 120 characters');

    const plan = await newPlan(user);
    const event = await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'other', date: FROM, guests: 0 }, headers: HINDI });
    expect(event.status).toBe(400);
    expect(event.body.issues).toEqual([
      { path: 'guests', message: 'मेहमानों की संख्या 1 से 10000 के बीच होनी चाहिए' },
      { path: 'name', message: 'कार्यक्रम को एक नाम दें (जैसे "तिलक")' },
    ]);
    const kind = await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'party', date: FROM, guests: 10.5 } });
    expect(kind.body.issues).toEqual([
      { path: 'kind', message: 'Choose haldi, mehendi, sangeet, wedding, reception or other' },
      { path: 'guests', message: 'Number of guests must be a whole number' },
    ]);
    // an 'other' event renamed to nothing, or a named event changed to 'other' without one
    const wedding = await newEvent(user, plan.planId, { kind: 'wedding' });
    const unnamed = await call(user, `/plans/${plan.planId}/events/${wedding.eventId}`, { method: 'PATCH', json: { kind: 'other' } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('Give the event a name (for example "Tilak").');
    const patchBackwards = await call(user, `/plans/${plan.planId}`, { method: 'PATCH', json: { from: inDays(70) } });
    expect(patchBackwards.status).toBe(400);
    expect(patchBackwards.body.code).toBe('plan.badRange');
  });

  test("an event's date must be within the plan's; a new range that leaves an event out is a 409 naming it", async () => {
    const user = await signInWithPhone();
    const plan = await newPlan(user);
    const early = await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'mehendi', date: inDays(59), guests: 80 } });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('plan.eventOutsideRange');
    expect(early.body.message).toMatch(/^The event's date must be within the plan's dates \(.+ to .+\)\.$/);
    const hindi = await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'mehendi', date: inDays(65), guests: 80 }, headers: HINDI });
    expect(hindi.body.message).toMatch(/^कार्यक्रम की तारीख़ योजना की तारीख़ों/);

    const reception = await newEvent(user, plan.planId, { kind: 'reception', date: TO });
    const movedOut = await call(user, `/plans/${plan.planId}/events/${reception.eventId}`, { method: 'PATCH', json: { date: inDays(65) } });
    expect(movedOut.status).toBe(400);
    expect(movedOut.body.code).toBe('plan.eventOutsideRange');

    const shorter = await call(user, `/plans/${plan.planId}`, { method: 'PATCH', json: { to: inDays(63) } });
    expect(shorter.status).toBe(409);
    expect(shorter.body).toMatchObject({ code: 'plan.rangeExcludesEvent', eventId: reception.eventId });
    expect(shorter.body.message).toMatch(/^"Reception" on .+ would fall outside the new dates\. Move or delete that event first\.$/);
    const shorterHindi = await call(user, `/plans/${plan.planId}`, { method: 'PATCH', json: { to: inDays(63) }, headers: HINDI });
    expect(shorterHindi.body.message).toMatch(/^"रिसेप्शन" \(.+\) नई तारीख़ों से बाहर हो जाएगा।/);
    expect((await call(user, `/plans/${plan.planId}`)).body.to).toBe(TO);

    // a longer range is fine, and so is a shorter one that still holds every event
    expect((await call(user, `/plans/${plan.planId}`, { method: 'PATCH', json: { from: inDays(62), to: inDays(70) } })).status).toBe(200);
  });

  test("another user's plan and events are a 404, never a 403, and are left as they were", async () => {
    const owner = await signInWithPhone();
    const intruder = await signInWithPhone();
    const plan = await newPlan(owner);
    const event = await newEvent(owner, plan.planId);
    const base = `/plans/${plan.planId}`;
    const attempts = [
      call(intruder, base),
      call(intruder, base, { method: 'PATCH', json: { title: 'Hijacked' } }),
      call(intruder, base, { method: 'DELETE' }),
      call(intruder, `${base}/events`, { json: { kind: 'haldi', date: FROM, guests: 1 } }),
      call(intruder, `${base}/events/${event.eventId}`, { method: 'PATCH', json: { guests: 1 } }),
      call(intruder, `${base}/events/${event.eventId}`, { method: 'DELETE' }),
      call(intruder, `/plans/${randomUUID()}`),
      call(intruder, '/plans/not-a-uuid'),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toMatch(/^plan\.(notFound|eventNotFound)$/);
    }
    expect((await call(intruder, '/plans')).body).toEqual([]);
    expect(expectContract(planSchema, (await call(owner, base)).body)).toEqual({ ...plan, events: [event] });
    // an event of another plan (the owner's own) is not found under this one
    const other = await newPlan(owner);
    expect((await call(owner, `/plans/${other.planId}/events/${event.eventId}`, { method: 'PATCH', json: { guests: 2 } })).status).toBe(404);
  });

  test(`limits: ${PLAN_MAX_PER_CONSUMER} plans, ${PLAN_EVENTS_MAX} events a plan (409 with a message)`, async () => {
    const user = await signInWithPhone();
    for (let i = 0; i < PLAN_MAX_PER_CONSUMER; i++) await newPlan(user, { title: `Plan ${i}` });
    const eleventh = await call(user, '/plans', { json: PLAN });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe('You can keep at most 10 plans. Delete one to start another.');
    expect((await call(user, '/plans', { json: PLAN, headers: HINDI })).body.message).toBe('आप ज़्यादा से ज़्यादा 10 योजनाएँ रख सकते हैं। नई शुरू करने के लिए एक हटाएँ।');

    const [plan] = planListSchema.parse((await call(user, '/plans')).body);
    await server.database.query(
      `INSERT INTO plan_events (plan_id, kind, event_date, guests) SELECT $1, 'wedding', $2::date, 100 FROM generate_series(1, $3)`,
      [plan!.planId, FROM, PLAN_EVENTS_MAX - 1],
    );
    await newEvent(user, plan!.planId);
    const over = await call(user, `/plans/${plan!.planId}/events`, { json: { kind: 'haldi', date: FROM, guests: 5 } });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('A plan can have at most 30 events. Delete one to add another.');
  });

  test('deleting a plan leaves its shortlisted services, for no event', async () => {
    const user = await signInWithPhone();
    const plan = await newPlan(user);
    const event = await newEvent(user, plan.planId);
    expect((await call(user, `/shortlist/${catalog.providerA.serviceId}`, { method: 'PUT', json: { eventId: event.eventId } })).status).toBe(200);
    expect((await call(user, `/plans/${plan.planId}`, { method: 'DELETE' })).status).toBe(204);
    const entries = expectContract(shortlistSchema, (await call(user, '/shortlist')).body);
    expect(entries).toEqual([expect.objectContaining({ serviceId: catalog.providerA.serviceId, eventId: null })]);
  });

  test('deleting the account deletes its plans, their events and its shortlist', async () => {
    const user = await signInWithPhone();
    const plan = await newPlan(user);
    const event = await newEvent(user, plan.planId);
    expect((await call(user, `/shortlist/${catalog.providerB.serviceId}`, { method: 'PUT', json: { eventId: event.eventId } })).status).toBe(200);
    expect((await call(user, `/users/consumer/${user.uid}`, { method: 'DELETE' })).status).toBeLessThan(300);
    const [left] = await server.database.query<{ plans: number; events: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM plans WHERE consumer_uid = $1) AS plans, (SELECT count(*)::int FROM plan_events WHERE plan_id = $2) AS events,
              (SELECT count(*)::int FROM shortlist_entries WHERE consumer_uid = $1) AS entries`,
      [user.uid, plan.planId],
    );
    expect(left).toEqual({ plans: 0, events: 0, entries: 0 });
  });

  test('signed in only', async () => {
    expect((await request(`${server.url}/plans`)).status).toBe(401);
    expect((await request(`${server.url}/plans`, { json: PLAN })).status).toBe(401);
  });
});
