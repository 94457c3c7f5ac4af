import {
  ENQUIRY_OPEN_MAX,
  bookingSchema,
  enquiryListSchema,
  enquirySchema,
  planEventSchema,
  planSchema,
  providerBookingListSchema,
  providerEnquiryListSchema,
  providerEnquirySchema,
} from '@utsav/contracts/schemas';
import { paymentBreakdown } from '@utsav/contracts/money';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, fixtureAddressId, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { request, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let catalog: CatalogFixture;
/** runs provider A's listing (provider B's is run by nobody) */
let provider: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  provider = await signInWithPhone();
  await makeProviderOwner(server.database, catalog.providerA.id, provider.uid);
});
afterAll(() => server.close());

const HINDI = { 'Accept-Language': 'hi-IN' };
const EVENT_DAY = inDays(61);
const acceptedSchema = z.object({ booking: bookingSchema, enquiry: enquirySchema });

const call = (user: TestUser, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${server.url}${path}`, { token: user.idToken, ...init });

/** a signed-in, onboarded consumer with a plan and one event (a sangeet for 250 in Jaipur) */
async function consumerWithEvent() {
  const user = await signInWithPhone();
  await onboardConsumer(server.database, user, { name: 'Asha Verma' });
  const plan = planSchema.parse((await call(user, '/plans', { json: { title: 'Asha & Rohan', from: inDays(60), to: inDays(64), homeCity: 'Jaipur' } })).body);
  const created = await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'sangeet', date: EVENT_DAY, city: 'Jaipur', guests: 250 } });
  expect(created.status).toBe(201);
  return { user, planId: plan.planId, event: planEventSchema.parse(created.body) };
}

async function enquire(user: TestUser, eventId: string, serviceIds: string[], message = 'Do you cover a sangeet for 250?') {
  const response = await call(user, '/enquiries', { json: { eventId, serviceIds, message } });
  expect(response.status).toBe(201);
  return expectContract(enquiryListSchema, response.body);
}

const QUOTE = { lineItems: [{ label: 'Two photographers, 6 hours', amount: 4_500_000 }, { label: 'Album (40 pages)', amount: 1_250_050 }], validUntil: inDays(20), note: 'Drone on request' };

async function sendQuote(enquiryId: string, body: unknown = QUOTE) {
  const response = await call(provider, `/provider/enquiries/${enquiryId}/quote`, { json: body });
  expect(response.status).toBe(201);
  return expectContract(providerEnquirySchema, response.body);
}

const acceptBody = (user: TestUser) => ({ addressId: fixtureAddressId(user), preferredTime: { start: '16:00', end: '18:00' }, note: 'Gate 2' });

describe('enquiries and quotes: the whole flow', () => {
  test('two services asked → one provider quotes → the consumer accepts → a booking request at the quoted price; the other stays open', async () => {
    const { user, event } = await consumerWithEvent();
    const [toA, toB] = await enquire(user, event.eventId, [catalog.providerA.serviceId, catalog.providerB.serviceId]);
    expect(toA).toEqual({
      enquiryId: expect.any(String),
      event: { eventId: event.eventId, kind: 'sangeet', name: '', date: EVENT_DAY, city: 'Jaipur', guests: 250 },
      service: { serviceId: catalog.providerA.serviceId, title: 'Lens Studio Photography', category: 'Photography', city: 'Jaipur', providerName: 'Lens Studio' },
      message: 'Do you cover a sangeet for 250?',
      status: 'open',
      declineReason: null,
      quotes: [],
      bookingId: null,
      createdAt: expect.any(String),
    });
    expect(toB!.service.serviceId).toBe(catalog.providerB.serviceId);

    // the event changed later: the enquiry keeps what the provider was asked
    await call(user, `/plans/${(await server.database.query<{ plan_id: string }>('SELECT plan_id::text AS plan_id FROM plan_events WHERE id = $1', [event.eventId]))[0]!.plan_id}/events/${event.eventId}`, {
      method: 'PATCH',
      json: { guests: 300 },
    });

    // the provider of A sees it: the consumer's first name only, no phone or email
    const inbox = await call(provider, '/provider/enquiries');
    expect(inbox.status).toBe(200);
    const listed = expectContract(providerEnquiryListSchema, inbox.body);
    expect(listed.map((enquiry) => enquiry.enquiryId)).toContain(toA!.enquiryId);
    expect(listed.map((enquiry) => enquiry.enquiryId)).not.toContain(toB!.enquiryId);
    const seen = listed.find((enquiry) => enquiry.enquiryId === toA!.enquiryId)!;
    expect(seen.consumer).toEqual({ firstName: 'Asha' });
    expect(seen.event.guests).toBe(250);
    expect(JSON.stringify(inbox.body)).not.toContain(user.phone);
    expect(JSON.stringify(inbox.body)).not.toContain('asha@example.in');

    // a quote: the total and the advance are the server's (a total in the body is ignored)
    const quoted = await sendQuote(toA!.enquiryId, { ...QUOTE, total: 1, advance: 1 });
    expect(quoted.status).toBe('quoted');
    const [quote] = quoted.quotes;
    const total = 4_500_000 + 1_250_050;
    expect(quote).toEqual({
      quoteId: expect.any(String),
      enquiryId: toA!.enquiryId,
      lineItems: QUOTE.lineItems,
      total,
      advance: paymentBreakdown(total).advance,
      validUntil: QUOTE.validUntil,
      note: 'Drone on request',
      status: 'open',
      createdAt: expect.any(String),
    });
    expect(quote!.advance).toBe(575_005);

    // the consumer sees it, newest enquiry first
    const mine = expectContract(enquiryListSchema, (await call(user, '/enquiries')).body);
    expect(mine.map((enquiry) => enquiry.enquiryId).sort()).toEqual([toA!.enquiryId, toB!.enquiryId].sort());
    const one = expectContract(enquirySchema, (await call(user, `/enquiries/${toA!.enquiryId}`)).body);
    expect(one.quotes).toEqual([quote]);

    // accepted: a booking request at the quoted price, on the event's day, through the one booking path
    const accepted = await call(user, `/quotes/${quote!.quoteId}/accept`, { json: { ...acceptBody(user), amount: 1 } });
    expect(accepted.status).toBe(201);
    const { booking, enquiry } = expectContract(acceptedSchema, accepted.body);
    expect(booking).toMatchObject({
      serviceId: catalog.providerA.serviceId,
      // the service's reference package (its cheapest), named and priced by the quote
      menuId: catalog.providerA.menus[0].id,
      menuName: 'Two photographers, 6 hours · Album (40 pages)',
      status: 'requested',
      amount: total,
      listAmount: total,
      discount: 0,
      couponCode: null,
      preferredDateRange: { from: EVENT_DAY, to: EVENT_DAY },
      preferredTime: { start: '16:00', end: '18:00' },
      note: 'Gate 2',
      payment: { advance: paymentBreakdown(total).advance },
    });
    expect(enquiry).toMatchObject({ status: 'booked', bookingId: booking.bookingId, quotes: [{ quoteId: quote!.quoteId, status: 'accepted' }] });
    const [row] = await server.database.query<{ quote_id: string }>('SELECT quote_id::text AS quote_id FROM bookings WHERE id = $1', [booking.bookingId]);
    expect(row!.quote_id).toBe(quote!.quoteId);

    // the provider sees the request in its bookings
    const theirs = expectContract(providerBookingListSchema, (await call(provider, '/provider/bookings')).body);
    expect(theirs.find((entry) => entry.bookingId === booking.bookingId)).toMatchObject({ amount: total, status: 'requested', consumer: { phone: null, email: null } });
    // and was told of it (the booking path's notification)
    const [told] = await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE booking_id = $1 AND kind = 'new_request'", [booking.bookingId]);
    expect(told!.n).toBe(1);

    // accepted twice: 409; the other enquiry still waits
    const again = await call(user, `/quotes/${quote!.quoteId}/accept`, { json: acceptBody(user) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This quote has already been accepted.');
    const other = expectContract(enquirySchema, (await call(user, `/enquiries/${toB!.enquiryId}`)).body);
    expect(other.status).toBe('open');

    // the history of each change
    const events = await server.database.query<{ action: string; to_status: string }>('SELECT action, to_status FROM enquiry_events WHERE enquiry_id = $1 ORDER BY id', [toA!.enquiryId]);
    expect(events).toEqual([
      { action: 'create', to_status: 'open' },
      { action: 'quote', to_status: 'quoted' },
      { action: 'send', to_status: 'open' },
      { action: 'book', to_status: 'booked' },
      { action: 'accept', to_status: 'accepted' },
    ]);
  });

  test('a new quote supersedes the open one; the superseded one cannot be accepted; the consumer may decline; the provider may decline', async () => {
    const { user, event } = await consumerWithEvent();
    const [enquiry] = await enquire(user, event.eventId, [catalog.providerA.serviceId]);
    const first = (await sendQuote(enquiry!.enquiryId)).quotes[0]!;
    const second = await sendQuote(enquiry!.enquiryId, { ...QUOTE, lineItems: [{ label: 'Full day', amount: 5_000_000 }] });
    expect(second.quotes.map((quote) => [quote.status, quote.total])).toEqual([
      ['open', 5_000_000],
      ['superseded', first.total],
    ]);
    const stale = await call(user, `/quotes/${first.quoteId}/accept`, { json: acceptBody(user) });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The provider has sent a newer quote: accept that one instead.');

    const declined = await call(user, `/quotes/${second.quotes[0]!.quoteId}/decline`, { method: 'POST' });
    expect(declined.status).toBe(200);
    expect(expectContract(enquirySchema, declined.body)).toMatchObject({ status: 'quoted', quotes: [{ status: 'declined' }, { status: 'superseded' }] });
    const afterDecline = await call(user, `/quotes/${second.quotes[0]!.quoteId}/accept`, { json: acceptBody(user) });
    expect(afterDecline).toMatchObject({ status: 409, body: { message: 'This quote was declined.' } });

    // the provider declines the enquiry (its words kept); it cannot be quoted any more
    const refused = await call(provider, `/provider/enquiries/${enquiry!.enquiryId}/decline`, { json: { reason: '  Away that week ' } });
    expect(refused.status).toBe(200);
    expect(expectContract(providerEnquirySchema, refused.body)).toMatchObject({ status: 'declined', declineReason: 'Away that week' });
    const late = await call(provider, `/provider/enquiries/${enquiry!.enquiryId}/quote`, { json: QUOTE });
    expect(late).toMatchObject({ status: 409, body: { message: 'Only an enquiry waiting for an answer can be quoted (this one is declined by the provider).' } });
  });

  test('an expired quote says so (409) and reads as expired; withdrawing an enquiry withdraws its open quote', async () => {
    const { user, event } = await consumerWithEvent();
    const [enquiry] = await enquire(user, event.eventId, [catalog.providerA.serviceId]);
    const quote = (await sendQuote(enquiry!.enquiryId, { ...QUOTE, validUntil: inDays(0) })).quotes[0]!;
    await server.database.query('UPDATE quotes SET valid_until = $2 WHERE id = $1', [quote.quoteId, inDays(-1)]);
    const read = expectContract(enquirySchema, (await call(user, `/enquiries/${enquiry!.enquiryId}`)).body);
    expect(read.quotes[0]!.status).toBe('expired');
    const expired = await call(user, `/quotes/${quote.quoteId}/accept`, { json: acceptBody(user) });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(/^This quote has expired \(it was valid until .+\)\. Ask the provider for a new one\.$/);
    const hindi = await call(user, `/quotes/${quote.quoteId}/accept`, { json: acceptBody(user), headers: HINDI });
    expect(hindi.body.message).toMatch(/^इस कोटेशन की मियाद ख़त्म हो चुकी है/);
    expect((await call(user, `/quotes/${quote.quoteId}/decline`, { method: 'POST' })).status).toBe(409);
    const [bookings] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE quote_id = $1', [quote.quoteId]);
    expect(bookings!.n).toBe(0);

    // a new quote is still possible (the expired one is superseded); then the consumer withdraws the enquiry
    const fresh = (await sendQuote(enquiry!.enquiryId)).quotes[0]!;
    const withdrawn = await call(user, `/enquiries/${enquiry!.enquiryId}/withdraw`, { method: 'POST' });
    expect(withdrawn.status).toBe(200);
    expect(expectContract(enquirySchema, withdrawn.body)).toMatchObject({ status: 'withdrawn', quotes: [{ quoteId: fresh.quoteId, status: 'withdrawn' }, { status: 'superseded' }] });
    expect((await call(user, `/quotes/${fresh.quoteId}/accept`, { json: acceptBody(user) })).status).toBe(409);
    expect((await call(user, `/enquiries/${enquiry!.enquiryId}/withdraw`, { method: 'POST' })).status).toBe(409);
    // withdrawn: the same service can be asked again for the event
    expect((await enquire(user, event.eventId, [catalog.providerA.serviceId])).length).toBe(1);
  });

  test('accepting on a day the provider is full is refused by the booking path (409), and nothing changes', async () => {
    const { user, event } = await consumerWithEvent();
    const [enquiry] = await enquire(user, event.eventId, [catalog.providerA.serviceId]);
    const quote = (await sendQuote(enquiry!.enquiryId)).quotes[0]!;
    await server.database.query('INSERT INTO provider_blocked_days (provider_id, day) VALUES ($1, $2)', [catalog.providerA.id, EVENT_DAY]);
    const full = await call(user, `/quotes/${quote.quoteId}/accept`, { json: acceptBody(user) });
    expect(full.status).toBe(409);
    await server.database.query('DELETE FROM provider_blocked_days WHERE provider_id = $1 AND day = $2', [catalog.providerA.id, EVENT_DAY]);
    const read = expectContract(enquirySchema, (await call(user, `/enquiries/${enquiry!.enquiryId}`)).body);
    expect(read).toMatchObject({ status: 'quoted', bookingId: null, quotes: [{ status: 'open' }] });
    // someone else's address: 404, nothing booked
    const elsewhere = await call(user, `/quotes/${quote.quoteId}/accept`, { json: { ...acceptBody(user), addressId: randomUUID() } });
    expect(elsewhere.status).toBe(404);
    // a slot outside the house's hours: 400
    const late = await call(user, `/quotes/${quote.quoteId}/accept`, { json: { ...acceptBody(user), preferredTime: { start: '20:00', end: '21:00' } } });
    expect(late.status).toBe(400);
    expect((await call(user, `/quotes/${quote.quoteId}/accept`, { json: acceptBody(user) })).status).toBe(201);
  });
});

describe('enquiries: refusals', () => {
  test("another user's event, enquiry or quote is a 404; a listing the caller does not run is a 404", async () => {
    const owner = await consumerWithEvent();
    const intruder = await consumerWithEvent();
    const [enquiry] = await enquire(owner.user, owner.event.eventId, [catalog.providerA.serviceId]);
    const quote = (await sendQuote(enquiry!.enquiryId)).quotes[0]!;

    const onTheirEvent = await call(intruder.user, '/enquiries', { json: { eventId: owner.event.eventId, serviceIds: [catalog.providerA.serviceId], message: 'Hi' } });
    expect(onTheirEvent).toMatchObject({ status: 404, body: { message: 'Event not found' } });
    expect((await call(intruder.user, `/enquiries/${enquiry!.enquiryId}`)).status).toBe(404);
    expect((await call(intruder.user, `/enquiries/${enquiry!.enquiryId}/withdraw`, { method: 'POST' })).status).toBe(404);
    expect(await call(intruder.user, `/quotes/${quote.quoteId}/accept`, { json: acceptBody(intruder.user) })).toMatchObject({ status: 404, body: { message: 'Quote not found' } });
    expect((await call(intruder.user, `/quotes/${quote.quoteId}/decline`, { method: 'POST' })).status).toBe(404);
    // not a provider at all: 403 for the inbox; any enquiry: 404
    expect((await call(intruder.user, '/provider/enquiries')).status).toBe(403);
    expect((await call(intruder.user, `/provider/enquiries/${enquiry!.enquiryId}`)).status).toBe(404);
    expect((await call(intruder.user, `/provider/enquiries/${enquiry!.enquiryId}/quote`, { json: QUOTE })).status).toBe(404);
    expect((await call(intruder.user, `/provider/enquiries/${enquiry!.enquiryId}/decline`, { json: { reason: 'x' } })).status).toBe(404);
    // the provider of A does not see, or answer, an enquiry to B's listing
    const [toB] = await enquire(owner.user, owner.event.eventId, [catalog.providerB.serviceId]);
    expect((await call(provider, `/provider/enquiries/${toB!.enquiryId}`)).status).toBe(404);
    expect((await call(provider, `/provider/enquiries/${toB!.enquiryId}/quote`, { json: QUOTE })).status).toBe(404);
    // malformed ids are 404s too
    expect((await call(owner.user, '/enquiries/not-a-uuid')).status).toBe(404);
    expect((await call(owner.user, '/quotes/not-a-uuid/decline', { method: 'POST' })).status).toBe(404);
    // nothing of the owner's changed
    expect(expectContract(enquirySchema, (await call(owner.user, `/enquiries/${enquiry!.enquiryId}`)).body)).toMatchObject({ status: 'quoted', quotes: [{ status: 'open' }] });
  });

  test('unknown service 404; the same open enquiry twice 409; a past event 409; the open-enquiry limit 409', async () => {
    const { user, event } = await consumerWithEvent();
    const unknown = await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: [catalog.providerA.serviceId, randomUUID()], message: 'Hi' } });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Service not found' } });
    const [none] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM enquiries WHERE consumer_uid = $1', [user.uid]);
    expect(none!.n).toBe(0);

    // a listing nobody runs is asked too (it waits until someone claims it)
    await enquire(user, event.eventId, [catalog.providerB.serviceId]);
    const twice = await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: [catalog.providerA.serviceId, catalog.providerB.serviceId], message: 'Again' } });
    expect(twice).toMatchObject({ status: 409, body: { message: 'You have already asked Frame House Photography about this event; its answer is still to come.' } });

    // an event whose day has gone by (the plan's dates are the API's rule, not the table's)
    await server.database.query('UPDATE plan_events SET event_date = $2 WHERE id = $1', [event.eventId, inDays(-1)]);
    const gone = await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: [catalog.providerA.serviceId], message: 'Hi' } });
    expect(gone).toMatchObject({ status: 409, body: { message: "This event's date has gone by: ask about an event still to come." } });
    await server.database.query('UPDATE plan_events SET event_date = $2 WHERE id = $1', [event.eventId, EVENT_DAY]);

    // the limit: ENQUIRY_OPEN_MAX open or quoted at once
    const services = await server.database.query<{ id: string }>(
      `INSERT INTO services (provider_id, title, description, category, city, state)
       SELECT $1, 'Extra ' || n, 'x', 'Photography', 'Jaipur', 'Rajasthan' FROM generate_series(1, $2::int) AS n RETURNING id::text AS id`,
      [catalog.providerB.id, ENQUIRY_OPEN_MAX],
    );
    const ids = services.map((service) => service.id);
    for (let at = 0; at < ENQUIRY_OPEN_MAX - 1; at += 5) {
      const batch = ids.slice(at, Math.min(at + 5, ENQUIRY_OPEN_MAX - 1));
      expect((await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: batch, message: 'Hi' } })).status).toBe(201);
    }
    const over = await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: [ids[ENQUIRY_OPEN_MAX - 1]], message: 'Hi' } });
    expect(over).toMatchObject({ status: 409, body: { message: `You can have at most ${ENQUIRY_OPEN_MAX} enquiries waiting for an answer. Withdraw one to ask again.` } });
  });

  test('bad input: 400 with messages in English and in Hindi; line-item totals are not trusted', async () => {
    const { user, event } = await consumerWithEvent();
    const bad = await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: [], message: '  ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'serviceIds', message: 'Choose 1 to 5 services to ask' },
      { path: 'message', message: 'Message is required' },
    ]);
    const hindi = await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: [catalog.providerA.serviceId, catalog.providerA.serviceId], message: 'x'.repeat(1001) }, headers: HINDI });
    expect(hindi.body.issues).toEqual([
      { path: 'serviceIds', message: 'हर सेवा एक ही बार चुनें' },
      { path: 'message', message: 'संदेश: ज़्यादा से ज़्यादा 1000 अक्षर हो सकते हैं' },
    ]);
    const six = await call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: Array.from({ length: 6 }, () => randomUUID()), message: 'Hi' } });
    expect(six.body.issues).toEqual([{ path: 'serviceIds', message: 'Choose 1 to 5 services to ask' }]);

    const [enquiry] = await enquire(user, event.eventId, [catalog.providerA.serviceId]);
    const quoteAt = (body: unknown, headers?: Record<string, string>) => call(provider, `/provider/enquiries/${enquiry!.enquiryId}/quote`, { json: body, headers });
    const noItems = await quoteAt({ ...QUOTE, lineItems: [] });
    expect(noItems.body.issues).toEqual([{ path: 'lineItems', message: 'A quote has 1 to 20 line items, each with a label and an amount' }]);
    const badItems = await quoteAt({ ...QUOTE, lineItems: [{ label: '', amount: 0 }, { label: 'Album', amount: 10.5 }] });
    expect(badItems.body.issues).toEqual([
      { path: 'lineItems.0.label', message: 'Line item is required' },
      { path: 'lineItems.0.amount', message: 'Amount must be between 1 and 1000000000' },
      { path: 'lineItems.1.amount', message: 'Amount must be a whole number of paise' },
    ]);
    const hindiItems = await quoteAt({ ...QUOTE, lineItems: [{ label: 'Album', amount: -5 }] }, HINDI);
    expect(hindiItems.body.issues).toEqual([{ path: 'lineItems.0.amount', message: 'राशि 1 से 1000000000 के बीच होनी चाहिए' }]);
    const tooMany = await quoteAt({ ...QUOTE, lineItems: Array.from({ length: 21 }, (_, n) => ({ label: `Item ${n}`, amount: 100 })) });
    expect(tooMany.status).toBe(400);
    const overTotal = await quoteAt({ ...QUOTE, lineItems: [{ label: 'A', amount: 900_000_000 }, { label: 'B', amount: 900_000_000 }] });
    expect(overTotal.body.issues).toEqual([{ path: 'lineItems', message: "The quote's total must be at most 1000000000 paise" }]);
    const yesterday = await quoteAt({ ...QUOTE, validUntil: inDays(-1) });
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.message).toMatch(/^A quote must be valid from today to .+ \(at most 90 days ahead\)\.$/);
    expect((await quoteAt({ ...QUOTE, validUntil: inDays(91) })).status).toBe(400);
    expect((await quoteAt({ ...QUOTE, validUntil: '2026-02-30' })).status).toBe(400);
    // a label of control characters only is no label
    expect(await quoteAt({ ...QUOTE, lineItems: [{ label: '\u0001\u0002', amount: 100 }] })).toMatchObject({ status: 400, body: { message: 'Each line item needs a label.' } });
    // nothing was quoted by any of it
    expect(expectContract(enquirySchema, (await call(user, `/enquiries/${enquiry!.enquiryId}`)).body).quotes).toEqual([]);
    // the total is the sum of the items, whatever the body says
    const quoted = await sendQuote(enquiry!.enquiryId, { lineItems: [{ label: 'A', amount: 101 }, { label: 'B', amount: 202 }], validUntil: inDays(90), total: 5, advance: 1 });
    expect(quoted.quotes[0]).toMatchObject({ total: 303, advance: paymentBreakdown(303).advance, validUntil: inDays(90), note: '' });

    const noReason = await call(provider, `/provider/enquiries/${enquiry!.enquiryId}/decline`, { json: {} });
    expect(noReason.body.issues).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    const noTime = await call(user, `/quotes/${quoted.quotes[0]!.quoteId}/accept`, { json: { addressId: fixtureAddressId(user) } });
    expect(noTime.status).toBe(400);
  });
});

describe('enquiries at once (PGlite, and PostgreSQL with DATABASE_URL)', () => {
  test('ten accepts of one quote at once: exactly one booking request, the rest 409; ten quotes at once: one open, the rest superseded', async () => {
    const { user, event } = await consumerWithEvent();
    const [enquiry] = await enquire(user, event.eventId, [catalog.providerA.serviceId]);
    const quotes = await Promise.all(
      Array.from({ length: 10 }, (_, n) => call(provider, `/provider/enquiries/${enquiry!.enquiryId}/quote`, { json: { ...QUOTE, lineItems: [{ label: `Offer ${n}`, amount: 100_000 + n }] } })),
    );
    expect(quotes.map((answer) => answer.status)).toEqual(quotes.map(() => 201));
    const read = expectContract(enquirySchema, (await call(user, `/enquiries/${enquiry!.enquiryId}`)).body);
    expect(read.quotes).toHaveLength(10);
    expect(read.quotes.filter((quote) => quote.status === 'open')).toHaveLength(1);
    expect(read.quotes.filter((quote) => quote.status === 'superseded')).toHaveLength(9);

    const open = read.quotes.find((quote) => quote.status === 'open')!;
    const accepts = await Promise.all(Array.from({ length: 10 }, () => call(user, `/quotes/${open.quoteId}/accept`, { json: acceptBody(user) })));
    expect(accepts.map((answer) => answer.status).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const [made] = await server.database.query<{ n: number; amount: number }>('SELECT count(*)::int AS n, max(amount) AS amount FROM bookings WHERE quote_id = $1', [open.quoteId]);
    expect(made).toEqual({ n: 1, amount: open.total });
  });

  test('the same service asked five times at once: one enquiry, the rest 409', async () => {
    const { user, event } = await consumerWithEvent();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(user, '/enquiries', { json: { eventId: event.eventId, serviceIds: [catalog.providerB.serviceId], message: 'Hi' } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const [count] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM enquiries WHERE consumer_uid = $1', [user.uid]);
    expect(count!.n).toBe(1);
  });
});
