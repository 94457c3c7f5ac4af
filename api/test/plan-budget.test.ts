import { checklistSchema, createOrderResponseSchema, enquiryListSchema, planBudgetSchema, planEventSchema, planSchema, providerEnquirySchema, quoteAcceptedSchema } from '@utsav/contracts/schemas';
import { paymentBreakdown } from '@utsav/contracts/money';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, fixtureAddressId, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture } from './support/bookings';
import { cancelBooking, payInCheckout, startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';

/**
 * A plan's budget (issue 37, item 5) over HTTP against a real database: the couple's budgets, and booked, paid and
 * quoted added up by the server from the event's bookings, payments, refunds and quotes (never typed twice).
 */

let stack: PaymentStack;
let catalog: CatalogFixture;
/** runs all three listings */
let provider: TestUser;
/** a caterer's listing (the fixture's two are photographers) */
let caterer: { serviceId: string };
beforeAll(async () => {
  stack = await startPaymentStack();
  const db = stack.server.database;
  catalog = await insertCatalogFixture(db);
  const [service] = await db.query<{ id: string }>(
    `INSERT INTO services (provider_id, title, description, category, city, state)
     VALUES ($1, 'Annapurna Caterers', 'Veg thalis for 500', 'Catering', 'Jaipur', 'Rajasthan') RETURNING id::text AS id`,
    [catalog.providerB.id],
  );
  await db.query(`INSERT INTO menus (service_id, name, description, service_type, price, expected_delivery_time) VALUES ($1, 'Thali', 'Per plate', 'Catering', 90000, 'On the day')`, [
    service!.id,
  ]);
  caterer = { serviceId: service!.id };
  provider = await signInWithPhone();
  await makeProviderOwner(db, catalog.providerA.id, provider.uid);
  await makeProviderOwner(db, catalog.providerB.id, provider.uid);
});
afterAll(() => stack.close());

const api = () => stack.server.url;
const call = (user: TestUser, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${api()}${path}`, { token: user.idToken, ...init });

const LAKH = 10_000_000; // ₹1,00,000 in paise

async function coupleWithWedding() {
  const user = await signInWithPhone();
  await onboardConsumer(stack.server.database, user, { name: 'Asha Verma' });
  const plan = planSchema.parse((await call(user, '/plans', { json: { title: 'Asha & Rohan', from: inDays(58), to: inDays(64), homeCity: 'Jaipur' } })).body);
  const wedding = planEventSchema.parse((await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'wedding', date: inDays(61), city: 'Jaipur', guests: 400 } })).body);
  const haldi = planEventSchema.parse((await call(user, `/plans/${plan.planId}/events`, { json: { kind: 'haldi', date: inDays(59), city: 'Jaipur', guests: 60 } })).body);
  return { user, planId: plan.planId, wedding, haldi };
}

async function budgetOf(user: TestUser, planId: string) {
  const response = await call(user, `/plans/${planId}/budget`);
  expect(response.status).toBe(200);
  return expectContract(planBudgetSchema, response.body);
}

async function quoteFor(user: TestUser, eventId: string, serviceIds: string[], totals: number[]) {
  const asked = expectContract(enquiryListSchema, (await call(user, '/enquiries', { json: { eventId, serviceIds, message: 'For our wedding, 400 guests' } })).body);
  const quoteIds: string[] = [];
  for (const [index, enquiry] of asked.entries()) {
    const answer = await call(provider, `/provider/enquiries/${enquiry.enquiryId}/quote`, { json: { lineItems: [{ label: 'All of it', amount: totals[index] }], validUntil: inDays(20) } });
    expect(answer.status).toBe(201);
    quoteIds.push(expectContract(providerEnquirySchema, answer.body).quotes[0]!.quoteId);
  }
  return quoteIds;
}

async function accept(user: TestUser, quoteId: string) {
  const accepted = await call(user, `/quotes/${quoteId}/accept`, { json: { addressId: fixtureAddressId(user), preferredTime: { start: '10:00', end: '12:00' } } });
  expect(accepted.status).toBe(201);
  return expectContract(quoteAcceptedSchema, accepted.body).booking;
}

async function payAdvance(user: TestUser, bookingId: string) {
  expect((await call(provider, `/provider/bookings/${bookingId}/accept`, { method: 'POST' })).status).toBe(200);
  const order = createOrderResponseSchema.parse((await call(user, '/payment/create_order', { json: { userId: user.uid, bookingId } })).body);
  const result = await payInCheckout(stack.sandboxUrl, order.id);
  expect(await call(user, '/payment/verify_payment', { json: result })).toMatchObject({ status: 200, body: { status: true } });
  await stack.webhooksDone();
  return result.razorpay_payment_id;
}

describe('a plan with no bookings or quotes', () => {
  test('every figure is zero; no budget set: remaining is null and nothing is over', async () => {
    const { user, planId, wedding, haldi } = await coupleWithWedding();
    const budget = await budgetOf(user, planId);
    const nothing = { budget: null, booked: 0, paid: 0, quoted: 0, remaining: null, overBudget: false, overWithQuotes: false };
    expect(budget).toEqual({
      planId,
      ...nothing,
      allocated: 0,
      // by date: the haldi first
      events: [
        { eventId: haldi.eventId, kind: 'haldi', name: '', date: haldi.date, ...nothing, items: [] },
        { eventId: wedding.eventId, kind: 'wedding', name: '', date: wedding.date, ...nothing, items: [] },
      ],
    });
  });

  test('the couple sets the plan budget and an event budget (paise), clears one with null; each answer is the whole budget', async () => {
    const { user, planId, wedding, haldi } = await coupleWithWedding();
    const planSet = await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: { amount: 25 * LAKH } });
    expect(planSet.status).toBe(200);
    expect(expectContract(planBudgetSchema, planSet.body)).toMatchObject({ budget: 25 * LAKH, remaining: 25 * LAKH, allocated: 0, overBudget: false });

    const eventSet = await call(user, `/plans/${planId}/events/${wedding.eventId}/budget`, { method: 'PUT', json: { amount: 18 * LAKH } });
    expect(eventSet.status).toBe(200);
    await call(user, `/plans/${planId}/events/${haldi.eventId}/budget`, { method: 'PUT', json: { amount: 150_000_00 } });
    const both = await budgetOf(user, planId);
    expect(both.allocated).toBe(18 * LAKH + 150_000_00);
    expect(both.events.find((event) => event.eventId === wedding.eventId)).toMatchObject({ budget: 18 * LAKH, remaining: 18 * LAKH });

    // the largest budget there is, in paise beyond 2^31: kept exactly
    const large = await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: { amount: 100_000_000_000 } });
    expect(expectContract(planBudgetSchema, large.body).budget).toBe(100_000_000_000);

    const cleared = await call(user, `/plans/${planId}/events/${haldi.eventId}/budget`, { method: 'PUT', json: { amount: null } });
    expect(expectContract(planBudgetSchema, cleared.body).events.find((event) => event.eventId === haldi.eventId)).toMatchObject({ budget: null, remaining: null });
  });

  test('a bad amount is a 400 saying what is wrong (in Hindi too), and nothing changes', async () => {
    const { user, planId } = await coupleWithWedding();
    await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: { amount: 5 * LAKH } });
    for (const amount of [-1, 10.5, 100_000_000_001, '500000', true]) {
      const refused = await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: { amount } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/Budget/);
    }
    expect((await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: {} })).status).toBe(400);
    expect((await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: [1] })).status).toBe(400);
    const hindi = await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: { amount: -5 }, headers: { 'Accept-Language': 'hi-IN' } });
    expect(hindi.status).toBe(400);
    expect(hindi.body.message).toContain('बजट');
    expect((await budgetOf(user, planId)).budget).toBe(5 * LAKH);
  });

  test("another user's plan or event, an unknown one and a malformed id are all 404", async () => {
    const owner = await coupleWithWedding();
    const other = await coupleWithWedding();
    expect(await call(other.user, `/plans/${owner.planId}/budget`)).toMatchObject({ status: 404, body: { message: 'Plan not found' } });
    expect((await call(other.user, `/plans/${owner.planId}/budget`, { method: 'PUT', json: { amount: 1 } })).status).toBe(404);
    // their own plan, the owner's event
    const crossed = await call(other.user, `/plans/${other.planId}/events/${owner.wedding.eventId}/budget`, { method: 'PUT', json: { amount: 1 } });
    expect(crossed).toMatchObject({ status: 404, body: { message: 'Event not found' } });
    expect((await call(owner.user, `/plans/not-a-uuid/budget`)).status).toBe(404);
    expect((await call(owner.user, `/plans/${owner.planId}/events/nope/budget`, { method: 'PUT', json: { amount: 1 } })).status).toBe(404);
    expect((await budgetOf(owner.user, owner.planId)).events.every((event) => event.budget === null)).toBe(true);
  });
});

describe('booked, paid and quoted roll up from the bookings and quotes', () => {
  test('quotes: the lowest per category counts, expired ones do not; accepted: booked, the other photographer a mere alternative; paid; cancelled: out', async () => {
    const { user, planId, wedding, haldi } = await coupleWithWedding();
    await call(user, `/plans/${planId}/budget`, { method: 'PUT', json: { amount: 3 * LAKH } });
    await call(user, `/plans/${planId}/events/${wedding.eventId}/budget`, { method: 'PUT', json: { amount: 2 * LAKH } });
    // two photographers and a caterer quote for the wedding
    const [quoteA, quoteB, quoteC] = await quoteFor(user, wedding.eventId, [catalog.providerA.serviceId, catalog.providerB.serviceId, caterer.serviceId], [
      60_000_00,
      45_000_50,
      1 * LAKH,
    ]);
    let budget = await budgetOf(user, planId);
    let event = budget.events.find((one) => one.eventId === wedding.eventId)!;
    // the cheaper photographer (B) and the caterer: ₹1,45,000.50
    expect(event).toMatchObject({ budget: 2 * LAKH, booked: 0, paid: 0, quoted: 45_000_50 + 1 * LAKH, remaining: 2 * LAKH, overBudget: false, overWithQuotes: false });
    expect(event.items.map((item) => [item.kind, item.id, item.amount, item.counted])).toEqual([
      ['quote', quoteB, 45_000_50, true],
      ['quote', quoteA, 60_000_00, false],
      ['quote', quoteC, 1 * LAKH, true],
    ]);
    expect(event.items[0]).toMatchObject({ serviceId: catalog.providerB.serviceId, serviceTitle: 'Frame House Photography', category: 'Photography', paid: 0, status: null, validUntil: inDays(20) });
    expect(budget).toMatchObject({ budget: 3 * LAKH, booked: 0, quoted: 45_000_50 + 1 * LAKH, remaining: 3 * LAKH, allocated: 2 * LAKH });
    // the haldi has none of it
    expect(budget.events.find((one) => one.eventId === haldi.eventId)).toMatchObject({ booked: 0, quoted: 0, items: [] });

    // B's quote gone by (its valid day passed): no longer counted, A's counts in its place
    await stack.server.database.query("UPDATE quotes SET valid_until = current_date - 1 WHERE id = $1", [quoteB]);
    event = (await budgetOf(user, planId)).events.find((one) => one.eventId === wedding.eventId)!;
    expect(event.quoted).toBe(60_000_00 + 1 * LAKH);
    expect(event.items.map((item) => item.id)).toEqual([quoteA, quoteC]);
    expect(event.overWithQuotes).toBe(false);

    // the couple accepts A: a booking request at its price; no photographer quote counts any more
    const booking = await accept(user, quoteA!);
    event = (await budgetOf(user, planId)).events.find((one) => one.eventId === wedding.eventId)!;
    expect(event).toMatchObject({ booked: 60_000_00, paid: 0, quoted: 1 * LAKH, remaining: 2 * LAKH - 60_000_00 });
    expect(event.items[0]).toEqual({
      kind: 'booking',
      id: booking.bookingId,
      serviceId: catalog.providerA.serviceId,
      serviceTitle: 'Lens Studio Photography',
      providerName: 'Lens Studio',
      category: 'Photography',
      amount: 60_000_00,
      paid: 0,
      status: 'requested',
      validUntil: null,
      counted: true,
    });

    // the checklist's photographer task for the wedding is done by the booking; the haldi's is not
    const checklist = expectContract(checklistSchema, (await call(user, `/plans/${planId}/checklist`)).body);
    expect(checklist.tasks.find((task) => task.taskId === `${wedding.eventId}.photographer`)).toMatchObject({ done: true, doneBy: 'booking', overdue: false });
    expect(checklist.tasks.find((task) => task.taskId === `${haldi.eventId}.photographer`)).toMatchObject({ done: false, doneBy: null });

    // the provider accepts, the couple pays the advance: paid is what was captured (advance, fee and GST)
    const paymentId = await payAdvance(user, booking.bookingId);
    const payNow = paymentBreakdown(60_000_00).payNow;
    budget = await budgetOf(user, planId);
    event = budget.events.find((one) => one.eventId === wedding.eventId)!;
    expect(event).toMatchObject({ booked: 60_000_00, paid: payNow });
    expect(event.items[0]).toMatchObject({ status: 'confirmed', paid: payNow });
    expect(budget).toMatchObject({ booked: 60_000_00, paid: payNow, quoted: 1 * LAKH, remaining: 3 * LAKH - 60_000_00 });

    // a refund of the whole payment, written down as due (as the payments side does), is taken off at once
    await stack.server.database.query("INSERT INTO payment_refunds (payment_id, booking_id, reason) VALUES ($1, $2, 'amount_mismatch')", [paymentId, booking.bookingId]);
    expect((await budgetOf(user, planId)).paid).toBe(0);
    await stack.server.database.query('DELETE FROM payment_refunds WHERE payment_id = $1', [paymentId]);

    // over budget: the wedding's budget below what is booked
    const lowered = expectContract(planBudgetSchema, (await call(user, `/plans/${planId}/events/${wedding.eventId}/budget`, { method: 'PUT', json: { amount: 50_000_00 } })).body);
    expect(lowered.events.find((one) => one.eventId === wedding.eventId)).toMatchObject({ remaining: 50_000_00 - 60_000_00, overBudget: true, overWithQuotes: true });
    expect(lowered.overBudget).toBe(false);

    // cancelled: the booking no longer counts (nor its payment), and the photographer quote still open counts again
    await cancelBooking(stack.server, user, booking.bookingId);
    await stack.webhooksDone();
    event = (await budgetOf(user, planId)).events.find((one) => one.eventId === wedding.eventId)!;
    expect(event).toMatchObject({ booked: 0, paid: 0, quoted: 1 * LAKH, overBudget: false });
  });

  test("a declined quote, a withdrawn enquiry and another couple's bookings are not counted", async () => {
    const { user, planId, wedding } = await coupleWithWedding();
    const [quoteA, quoteC] = await quoteFor(user, wedding.eventId, [catalog.providerA.serviceId, caterer.serviceId], [70_000_00, 80_000_00]);
    expect((await call(user, `/quotes/${quoteA}/decline`, { method: 'POST' })).status).toBe(200);
    const enquiryOfC = (await stack.server.database.query<{ enquiry_id: string }>('SELECT enquiry_id::text AS enquiry_id FROM quotes WHERE id = $1', [quoteC]))[0]!.enquiry_id;
    expect((await call(user, `/enquiries/${enquiryOfC}/withdraw`, { method: 'POST' })).status).toBe(200);
    const other = await coupleWithWedding();
    const [otherQuote] = await quoteFor(other.user, other.wedding.eventId, [catalog.providerA.serviceId], [90_000_00]);
    await accept(other.user, otherQuote!);
    expect(await budgetOf(user, planId)).toMatchObject({ booked: 0, quoted: 0, paid: 0 });
    expect((await budgetOf(other.user, other.planId)).booked).toBe(90_000_00);
  });

  test('an event deleted: its figures leave the plan; the plan deleted: 404', async () => {
    const { user, planId, wedding } = await coupleWithWedding();
    const [quote] = await quoteFor(user, wedding.eventId, [catalog.providerA.serviceId], [40_000_00]);
    await accept(user, quote!);
    expect((await budgetOf(user, planId)).booked).toBe(40_000_00);
    expect((await call(user, `/plans/${planId}/events/${wedding.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await budgetOf(user, planId)).toMatchObject({ booked: 0, events: [expect.objectContaining({ kind: 'haldi' })] });
    expect((await call(user, `/plans/${planId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(user, `/plans/${planId}/budget`)).status).toBe(404);
  });
});
