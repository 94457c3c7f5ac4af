import { SHORTLIST_MAX_ENTRIES, planEventSchema, planSchema, shortlistComparisonSchema, shortlistEntrySchema, shortlistSchema } from '@utsav/contracts/schemas';
import { randomUUID } from 'node:crypto';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingPayload, expectContract, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let catalog: CatalogFixture;
/** a third service, of provider A, with a main image */
let pictured: string;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  const [service] = await server.database.query<{ id: string }>(
    `INSERT INTO services (provider_id, title, description, category, city, state, average_rating, review_count)
     VALUES ($1, 'Mehendi by Lens Studio', 'Bridal mehendi', 'Makeup', 'Udaipur', 'Rajasthan', 4.5, 12) RETURNING id::text AS id`,
    [catalog.providerA.id],
  );
  pictured = service!.id;
  await server.database.query(`INSERT INTO service_images (service_id, role, position, width, height, alt) VALUES ($1, 'main', 0, 800, 600, 'Mehendi')`, [pictured]);
});
afterAll(() => server.close());

const HINDI = { 'Accept-Language': 'hi-IN' };
const call = (user: TestUser, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${server.url}${path}`, { token: user.idToken, ...init });
const save = (user: TestUser, serviceId: string, json: unknown = {}) => call(user, `/shortlist/${serviceId}`, { method: 'PUT', json });

async function planWithEvents(user: TestUser) {
  const plan = planSchema.parse((await call(user, '/plans', { json: { title: 'Asha & Rohan', from: inDays(60), to: inDays(64) } })).body);
  const event = async (kind: string, date: string) => planEventSchema.parse((await call(user, `/plans/${plan.planId}/events`, { json: { kind, date, guests: 100 } })).body);
  return { plan, sangeet: await event('sangeet', inDays(61)), wedding: await event('wedding', inDays(62)) };
}

describe('the shortlist: /shortlist', () => {
  test('save, move, unassign, filter by event and remove; the summary shows the service', async () => {
    const user = await signInWithPhone();
    const { plan, sangeet, wedding } = await planWithEvents(user);
    expect(expectContract(shortlistSchema, (await call(user, '/shortlist')).body)).toEqual([]);

    const saved = await save(user, catalog.providerA.serviceId, { eventId: sangeet.eventId });
    expect(saved.status).toBe(200);
    const entry = expectContract(shortlistEntrySchema, saved.body);
    expect(entry).toEqual({
      serviceId: catalog.providerA.serviceId,
      eventId: sangeet.eventId,
      addedAt: expect.any(String),
      service: { title: 'Lens Studio Photography', category: 'Photography', city: 'Jaipur', priceFrom: 2_500_000, rating: null, reviewCount: 0, providerName: 'Lens Studio', image: null },
    });
    // idempotent: the same PUT again changes nothing
    expect((await save(user, catalog.providerA.serviceId, { eventId: sangeet.eventId })).body).toEqual(entry);

    const withImage = expectContract(shortlistEntrySchema, (await save(user, pictured, { eventId: null })).body);
    expect(withImage.service).toMatchObject({ rating: 4.5, reviewCount: 12, image: { url: expect.stringMatching(/^\/media\/services\//), width: 800, height: 600, alt: 'Mehendi' } });
    // no body at all: saved for no event
    expect((await call(user, `/shortlist/${catalog.providerB.serviceId}`, { method: 'PUT' })).status).toBe(200);

    // moved to the wedding: it keeps when it was added
    const moved = expectContract(shortlistEntrySchema, (await save(user, catalog.providerA.serviceId, { eventId: wedding.eventId })).body);
    expect(moved).toEqual({ ...entry, eventId: wedding.eventId });

    const ids = async (query = '') => expectContract(shortlistSchema, (await call(user, `/shortlist${query}`)).body).map((each) => each.serviceId);
    expect(await ids()).toEqual([catalog.providerB.serviceId, pictured, catalog.providerA.serviceId]);
    expect(await ids(`?eventId=${wedding.eventId}`)).toEqual([catalog.providerA.serviceId]);
    expect(await ids(`?eventId=${sangeet.eventId}`)).toEqual([]);
    expect(await ids('?eventId=unassigned')).toEqual([catalog.providerB.serviceId, pictured]);

    // its event deleted: the entry stays, for no event
    expect((await call(user, `/plans/${plan.planId}/events/${wedding.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await ids('?eventId=unassigned')).toEqual([catalog.providerB.serviceId, pictured, catalog.providerA.serviceId]);
    expect((await call(user, `/shortlist?eventId=${wedding.eventId}`)).status).toBe(404);

    expect((await call(user, `/shortlist/${pictured}`, { method: 'DELETE' })).status).toBe(204);
    const again = await call(user, `/shortlist/${pictured}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('That service is not in your shortlist');
    expect(await ids()).toEqual([catalog.providerB.serviceId, catalog.providerA.serviceId]);
  });

  test("an unknown service, or an event that is not the caller's, is a 404; a bad eventId a 400", async () => {
    const owner = await signInWithPhone();
    const intruder = await signInWithPhone();
    const { sangeet } = await planWithEvents(owner);
    const stolen = await save(intruder, catalog.providerA.serviceId, { eventId: sangeet.eventId });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('plan.eventNotFound');
    expect((await call(intruder, `/shortlist?eventId=${sangeet.eventId}`)).status).toBe(404);
    expect((await save(intruder, randomUUID())).body.code).toBe('catalog.serviceNotFound');
    expect((await save(intruder, 'not-a-service')).status).toBe(404);
    const bad = await save(intruder, catalog.providerA.serviceId, { eventId: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("eventId: eventId must be one of your events' ids, or null");
    expect((await save(intruder, catalog.providerA.serviceId, 'x')).status).toBe(400);
    expect((await call(intruder, '/shortlist')).body).toEqual([]);
    // the owner's shortlist is theirs alone
    await save(owner, catalog.providerA.serviceId, { eventId: sangeet.eventId });
    expect((await call(intruder, '/shortlist')).body).toEqual([]);
    expect((await call(intruder, `/shortlist/${catalog.providerA.serviceId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(owner, '/shortlist')).body).toHaveLength(1);
  });

  test(`at most ${SHORTLIST_MAX_ENTRIES} entries (409 with a message); moving one already saved still works`, async () => {
    const user = await signInWithPhone();
    const services = await server.database.query<{ id: string }>(
      `INSERT INTO services (provider_id, title, description, category, city, state)
       SELECT $1, 'Service ' || n, 'Filler', 'Catering', 'Pune', 'Maharashtra' FROM generate_series(1, $2) n RETURNING id::text AS id`,
      [catalog.providerB.id, SHORTLIST_MAX_ENTRIES],
    );
    await server.database.query('INSERT INTO shortlist_entries (consumer_uid, service_id) SELECT $1, unnest($2::uuid[])', [user.uid, services.map((s) => s.id)]);
    const full = await save(user, catalog.providerA.serviceId);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Your shortlist is full (200 services). Remove one to save another.');
    expect((await call(user, `/shortlist/${catalog.providerA.serviceId}`, { method: 'PUT', json: {}, headers: HINDI })).body.message).toBe(
      'आपकी शॉर्टलिस्ट भर गई है (200 सेवाएँ)। नई सेवा सहेजने के लिए एक हटाएँ।',
    );
    const { sangeet } = await planWithEvents(user);
    expect((await save(user, services[0]!.id, { eventId: sangeet.eventId })).status).toBe(200);
  });
});

describe('comparing shortlisted services: GET /shortlist/compare', () => {
  test('1 or 5 services, or one twice, is a 400 with a message (English and Hindi)', async () => {
    const user = await signInWithPhone();
    const one = await call(user, `/shortlist/compare?serviceIds=${catalog.providerA.serviceId}`);
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('serviceIds: Choose 2 to 4 shortlisted services to compare');
    const five = await call(user, `/shortlist/compare?serviceIds=${[1, 2, 3, 4, 5].map(() => randomUUID()).join(',')}`, { headers: HINDI });
    expect(five.status).toBe(400);
    expect(five.body.message).toBe('serviceIds: तुलना के लिए शॉर्टलिस्ट की 2 से 4 सेवाएँ चुनें');
    expect((await call(user, '/shortlist/compare')).status).toBe(400);
    const twice = await call(user, `/shortlist/compare?serviceIds=${pictured},${pictured}`);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('serviceIds: Choose each service to compare only once');
  });

  test('side by side, in the order asked; a service not in the shortlist is a 404', async () => {
    const user = await signInWithPhone();
    await save(user, catalog.providerA.serviceId);
    await save(user, pictured);
    const answer = await call(user, `/shortlist/compare?serviceIds=${pictured},${catalog.providerA.serviceId}`);
    expect(answer.status).toBe(200);
    const comparison = expectContract(shortlistComparisonSchema, answer.body);
    expect(comparison.event).toBeNull();
    expect(comparison.services).toEqual([
      expect.objectContaining({ serviceId: pictured, title: 'Mehendi by Lens Studio', category: 'Makeup', city: 'Udaipur', priceFrom: 0, rating: 4.5, reviewCount: 12, capacity: null }),
      expect.objectContaining({ serviceId: catalog.providerA.serviceId, priceFrom: 2_500_000, providerName: 'Lens Studio', capacity: null }),
    ]);
    expect(comparison.services[0]!.cancellationTerms).toMatch(/7 days/);
    // a rule a line, for the page to show as lines
    expect(comparison.services[0]!.cancellationTerms.split('\n').length).toBeGreaterThan(2);
    const hindi = expectContract(shortlistComparisonSchema, (await call(user, `/shortlist/compare?serviceIds=${pictured},${catalog.providerA.serviceId}`, { headers: HINDI })).body);
    expect(hindi.services[0]!.cancellationTerms).not.toBe(comparison.services[0]!.cancellationTerms);

    const missing = await call(user, `/shortlist/compare?serviceIds=${pictured},${catalog.providerB.serviceId}`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('shortlist.notShortlisted');
    // another user's shortlist is not theirs to compare
    const other = await signInWithPhone();
    expect((await call(other, `/shortlist/compare?serviceIds=${pictured},${catalog.providerA.serviceId}`)).status).toBe(404);
  });

  test("with ?eventId=, whether each provider can take a booking on the event's date: a blocked day is capacity false", async () => {
    const user = await signInWithPhone();
    const { sangeet, wedding } = await planWithEvents(user);
    await save(user, catalog.providerA.serviceId, { eventId: wedding.eventId });
    await save(user, catalog.providerB.serviceId, { eventId: wedding.eventId });

    // provider B's owner blocks the wedding day through the provider routes
    const providerOwner = await signInWithPhone();
    await makeProviderOwner(server.database, catalog.providerB.id, providerOwner.uid);
    const blocked = await call(providerOwner, `/provider/${catalog.providerB.id}/blocked-days/${wedding.date}`, { method: 'PUT', json: { reason: 'Family wedding' } });
    expect(blocked.status).toBeLessThan(300);

    const compare = async (eventId: string) =>
      expectContract(shortlistComparisonSchema, (await call(user, `/shortlist/compare?serviceIds=${catalog.providerA.serviceId},${catalog.providerB.serviceId}&eventId=${eventId}`)).body);
    const onWedding = await compare(wedding.eventId);
    expect(onWedding.event).toEqual({ eventId: wedding.eventId, date: wedding.date });
    expect(onWedding.services.map((service) => [service.serviceId, service.capacity])).toEqual([
      [catalog.providerA.serviceId, true],
      [catalog.providerB.serviceId, false],
    ]);
    // the day before is free for both
    expect((await compare(sangeet.eventId)).services.map((service) => service.capacity)).toEqual([true, true]);

    // a full day: provider A takes one booking a day, and has accepted one on the sangeet's date
    const providerA = await signInWithPhone();
    await makeProviderOwner(server.database, catalog.providerA.id, providerA.uid);
    await server.database.query('UPDATE providers SET daily_capacity = 1 WHERE id = $1', [catalog.providerA.id]);
    try {
      const guest = await signInWithPhone();
      await onboardConsumer(server.database, guest);
      const booked = await request(`${server.url}/bookings`, {
        token: guest.idToken,
        json: bookingPayload(guest, catalog.providerA.menus[0], { preferredDateRange: { from: sangeet.date, to: sangeet.date } }),
        headers: { nocart: 'true' },
      });
      expect(booked.status).toBe(201);
      expect((await call(providerA, `/provider/bookings/${String(booked.body.bookingId)}/accept`, { method: 'POST' })).status).toBe(200);
      expect((await compare(sangeet.eventId)).services.map((service) => service.capacity)).toEqual([false, true]);
    } finally {
      await server.database.query('UPDATE providers SET daily_capacity = 100 WHERE id = $1', [catalog.providerA.id]);
    }

    const stranger = await signInWithPhone();
    expect((await call(stranger, `/shortlist/compare?serviceIds=${catalog.providerA.serviceId},${catalog.providerB.serviceId}&eventId=${wedding.eventId}`)).status).toBe(404);
  });
});
