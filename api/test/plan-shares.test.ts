import { planSchema, planEventSchema, planShareCreatedSchema, planShareSchema, sharedPlanSchema } from '@utsav/contracts/schemas';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, FIXTURE_ADDRESS, FIXTURE_CONSUMER, fixtureAddressId, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let catalog: CatalogFixture;
/** runs provider A's listing */
let provider: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  provider = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, provider.uid);
});
afterAll(() => server.close());

const HINDI = { 'Accept-Language': 'hi-IN' };
const FROM = inDays(60);
const TO = inDays(64);
const SANGEET_DAY = inDays(61);
const WEDDING_DAY = inDays(62);
const QUOTE = { lineItems: [{ label: 'Two photographers, 6 hours', amount: 4_500_000 }, { label: 'Album', amount: 1_250_050 }], validUntil: inDays(20) };
const QUOTED_TOTAL = 5_750_050;

const call = (user: TestUser, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${server.url}${path}`, { token: user.idToken, ...init });
/** as a family member opens the link: no sign-in */
const open = (token: string, headers: Record<string, string> = {}) => request(`${server.url}/shared-plans/${token}`, { headers });

/** An onboarded couple with a plan of two events (a sangeet and the wedding), and nothing booked yet. */
async function coupleWithPlan(title = "Asha & Rohan's wedding") {
  const user = await signInWithPhone();
  await onboardConsumer(server.database, user);
  const plan = planSchema.parse((await call(user, '/plans', { json: { title, from: FROM, to: TO, homeCity: 'Jaipur' } })).body);
  const event = async (json: Record<string, unknown>) => planEventSchema.parse((await call(user, `/plans/${plan.planId}/events`, { json })).body);
  const wedding = await event({ kind: 'wedding', date: WEDDING_DAY, city: 'Udaipur', guests: 400 });
  const sangeet = await event({ kind: 'other', name: 'Sangeet night', date: SANGEET_DAY, city: 'Jaipur', guests: 250 });
  return { user, planId: plan.planId, wedding, sangeet };
}

/** Asks provider A for a quote for the event, which it quotes; the couple accepts (a booking request). */
async function bookProviderA(user: TestUser, eventId: string) {
  const asked = await call(user, '/enquiries', { json: { eventId, serviceIds: [catalog.providerA.serviceId], message: 'Photos for the wedding?' } });
  expect(asked.status).toBe(201);
  const enquiryId = (asked.body as unknown as Array<{ enquiryId: string }>)[0]!.enquiryId;
  const quoted = await call(provider, `/provider/enquiries/${enquiryId}/quote`, { json: QUOTE });
  expect(quoted.status).toBe(201);
  const quoteId = (quoted.body.quotes as Array<{ quoteId: string }>)[0]!.quoteId;
  const accepted = await call(user, `/quotes/${quoteId}/accept`, { json: { addressId: fixtureAddressId(user), preferredTime: { start: '16:00', end: '18:00' } } });
  expect(accepted.status).toBe(201);
  return (accepted.body.booking as { bookingId: string }).bookingId;
}

async function share(user: TestUser, planId: string, json?: unknown) {
  const response = await call(user, `/plans/${planId}/share`, { method: 'POST', json });
  expect(response.status).toBe(201);
  return expectContract(planShareCreatedSchema, response.body);
}

describe('sharing a plan read-only: /plans/:planId/share and /shared-plans/:token', () => {
  test('the owner makes a link; anyone with it reads the plan, its events and the vendors booked, without prices; nothing of the couple', async () => {
    const { user, planId, wedding } = await coupleWithPlan();
    // not shared yet
    expect(await call(user, `/plans/${planId}/share`)).toMatchObject({ status: 200, body: null });

    const created = await share(user, planId);
    expect(created).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), showPrices: false, createdAt: expect.any(String) });
    // only its hash is kept
    const [stored] = await server.database.query<{ token_hash: string }>('SELECT token_hash FROM plan_shares WHERE plan_id = $1', [planId]);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await server.database.query('SELECT * FROM plan_shares'))).not.toContain(created.token);
    expect(expectContract(planShareSchema, (await call(user, `/plans/${planId}/share`)).body)).toEqual({ showPrices: false, createdAt: created.createdAt });

    // booked: a request the provider has not accepted is not a vendor booked yet
    const bookingId = await bookProviderA(user, wedding.eventId);
    const requested = expectContract(sharedPlanSchema, (await open(created.token)).body);
    expect(requested.events.map((event) => event.vendors)).toEqual([[], []]);
    expect((await call(provider, `/provider/bookings/${bookingId}/accept`, { method: 'POST' })).status).toBe(200);

    const answer = await open(created.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const shared = expectContract(sharedPlanSchema, answer.body);
    expect(shared).toEqual({
      title: "Asha & Rohan's wedding",
      from: FROM,
      to: TO,
      homeCity: 'Jaipur',
      showPrices: false,
      // by date; guests stay with the couple
      events: [
        { kind: 'other', name: 'Sangeet night', date: SANGEET_DAY, city: 'Jaipur', vendors: [] },
        { kind: 'wedding', name: '', date: WEDDING_DAY, city: 'Udaipur', vendors: [{ title: 'Lens Studio Photography', category: 'Photography', providerName: 'Lens Studio', amount: null }] },
      ],
    });
    const text = JSON.stringify(answer.body);
    for (const secret of [user.uid, user.phone, FIXTURE_CONSUMER.email, FIXTURE_CONSUMER.name, FIXTURE_ADDRESS.line1, planId, wedding.eventId, bookingId, String(QUOTED_TOTAL), '400', '250']) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
  });

  test('prices show only when the owner says so, and stop showing when they say not', async () => {
    const { user, planId, wedding } = await coupleWithPlan();
    const bookingId = await bookProviderA(user, wedding.eventId);
    await call(provider, `/provider/bookings/${bookingId}/accept`, { method: 'POST' });
    const { token } = await share(user, planId, { showPrices: true });
    const withPrices = expectContract(sharedPlanSchema, (await open(token)).body);
    expect(withPrices.showPrices).toBe(true);
    expect(withPrices.events[1]!.vendors).toEqual([expect.objectContaining({ amount: QUOTED_TOTAL })]);

    const hidden = await call(user, `/plans/${planId}/share`, { method: 'PATCH', json: { showPrices: false } });
    expect(hidden.status).toBe(200);
    expect(expectContract(planShareSchema, hidden.body).showPrices).toBe(false);
    const without = await open(token);
    expect(expectContract(sharedPlanSchema, without.body).events[1]!.vendors).toEqual([expect.objectContaining({ amount: null })]);
    expect(JSON.stringify(without.body)).not.toContain(String(QUOTED_TOTAL));

    // the same link all along
    expect((await call(user, `/plans/${planId}/share`, { method: 'PATCH', json: { showPrices: true } })).status).toBe(200);
    expect(expectContract(sharedPlanSchema, (await open(token)).body).events[1]!.vendors[0]!.amount).toBe(QUOTED_TOTAL);
  });

  test('revoked, the link is a 404 at once; a new link replaces the old one, which stops working; the plan deleted, its link goes', async () => {
    const { user, planId } = await coupleWithPlan();
    const first = await share(user, planId);
    expect((await open(first.token)).status).toBe(200);

    const second = await share(user, planId, { showPrices: true });
    expect(second.token).not.toBe(first.token);
    const gone = await open(first.token);
    expect(gone).toMatchObject({ status: 404, body: { code: 'planShare.gone', message: 'This link no longer works. Ask the couple for a new one.' } });
    expect(gone.headers.get('cache-control')).toBe('private, no-store');
    expect(gone.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await open(first.token, HINDI)).body.message).toBe('यह लिंक अब काम नहीं करता। नए लिंक के लिए जोड़े से पूछें।');
    expect((await open(second.token)).status).toBe(200);
    const [active] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM plan_shares WHERE plan_id = $1 AND revoked_at IS NULL', [planId]);
    expect(active!.n).toBe(1);

    expect((await call(user, `/plans/${planId}/share`, { method: 'DELETE' })).status).toBe(204);
    expect((await open(second.token)).status).toBe(404);
    expect(await call(user, `/plans/${planId}/share`)).toMatchObject({ status: 200, body: null });
    // nothing left to revoke or change
    expect(await call(user, `/plans/${planId}/share`, { method: 'DELETE' })).toMatchObject({ status: 404, body: { code: 'planShare.none', message: 'This plan has no shared link.' } });
    expect(await call(user, `/plans/${planId}/share`, { method: 'PATCH', json: { showPrices: true } })).toMatchObject({ status: 404, body: { code: 'planShare.none' } });

    const third = await share(user, planId);
    expect((await call(user, `/plans/${planId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await open(third.token)).status).toBe(404);
    const [left] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM plan_shares WHERE plan_id = $1', [planId]);
    expect(left!.n).toBe(0);
  });

  test("another user's plan is a 404 for every owner route, and they learn nothing; the owner's link keeps working", async () => {
    const { user, planId } = await coupleWithPlan();
    const { token } = await share(user, planId);
    const intruder = await signInWithPhone();
    for (const [method, json] of [['GET'], ['POST', {}], ['PATCH', { showPrices: true }], ['DELETE']] as const) {
      const answer = await call(intruder, `/plans/${planId}/share`, { method, json });
      expect([method, answer.status, answer.body.code]).toEqual([method, 404, 'plan.notFound']);
      expect(JSON.stringify(answer.body)).not.toContain(token);
    }
    expect(expectContract(sharedPlanSchema, (await open(token)).body).showPrices).toBe(false);
    // an unknown plan, a malformed id: the same
    expect((await call(user, '/plans/00000000-0000-4000-8000-000000000000/share', { method: 'POST' })).status).toBe(404);
    expect((await call(user, '/plans/not-a-plan/share')).status).toBe(404);
    // signed out: 401
    expect((await request(`${server.url}/plans/${planId}/share`, { method: 'POST', json: {} })).status).toBe(401);
  });

  test('guessed, mistyped or mangled tokens are the one 404 (or 400/414 for what is no path at all); bad bodies are a 400', async () => {
    const { user, planId } = await coupleWithPlan();
    const { token } = await share(user, planId);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [flipped, 'A'.repeat(43), token.slice(0, 42), `${token}A`, token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(), '%00', "' OR 1=1 --"]) {
      const answer = await open(encodeURIComponent(guess));
      expect([guess, answer.status, answer.body.code]).toEqual([guess, 404, 'planShare.gone']);
    }
    expect([400, 404, 414]).toContain((await open('x'.repeat(300))).status);

    const bad = await call(user, `/plans/${planId}/share`, { method: 'PATCH', json: { showPrices: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('showPrices: showPrices must be true or false');
    expect((await call(user, `/plans/${planId}/share`, { method: 'PATCH', json: {} })).status).toBe(400);
    expect((await call(user, `/plans/${planId}/share`, { method: 'POST', json: [true] })).status).toBe(400);
    // unknown fields are dropped: no token or plan can be planted
    const planted = await call(user, `/plans/${planId}/share`, { method: 'POST', json: { showPrices: true, token: 'A'.repeat(43), planId: 'x' } });
    expect(planted.status).toBe(201);
    expect(planted.body.token).not.toBe('A'.repeat(43));
    expect((await open('A'.repeat(43))).status).toBe(404);
  });

  test('a shared link is a public read: limited per IP like the catalog', async () => {
    const { user, planId } = await coupleWithPlan();
    const { token } = await share(user, planId);
    const limited = await server.startInstance({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: 3 });
    for (let i = 0; i < 3; i++) expect((await request(`${limited.url}/shared-plans/${token}`)).status).toBe(200);
    const over = await request(`${limited.url}/shared-plans/${token}`);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    // guesses spend the same budget
    expect((await request(`${limited.url}/shared-plans/${'B'.repeat(43)}`)).status).toBe(429);
  });
});
