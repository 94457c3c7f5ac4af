import { paymentBreakdown } from '@utsav/contracts/money';
import { bookingListSchema, bookingSchema, createOrderResponseSchema } from '@utsav/contracts/schemas';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, bookingPayload, expectContract, insertCatalogFixture, makeProviderOwner, onboardConsumer, type CatalogFixture, type FixtureMenu } from './support/bookings';
import { bookingIn, bookingState, orderRows, startPaymentStack, type PaymentStack } from './support/payments';
import { request } from './support/test-server';

/**
 * Many requests at once against one API over real HTTP (PGlite by default, PostgreSQL with DATABASE_URL):
 * nothing lost or doubled, nobody sees another's bookings, the payload cannot set server-owned fields,
 * one open payment order per booking, and of two competing status changes exactly one applies.
 */

let stack: PaymentStack;
let catalog: CatalogFixture;
let menu: FixtureMenu; // providerA's Gold package: ₹75,000.50
let provider: TestUser; // runs providerA
beforeAll(async () => {
  stack = await startPaymentStack();
  catalog = await insertCatalogFixture(stack.server.database);
  menu = catalog.providerA.menus[1];
  provider = await signInWithPhone();
  await makeProviderOwner(stack.server.database, catalog.providerA.id, provider.uid);
});
afterAll(() => stack.close());

const api = () => stack.server.url;
const db = () => stack.server.database;
const create = async (user: TestUser, change: Record<string, unknown> = {}) => {
  await onboardConsumer(db(), user);
  return request(`${api()}/bookings`, { token: user.idToken, json: bookingPayload(user, menu, change), headers: { nocart: 'true' } });
};
const listOf = (user: TestUser) => request(`${api()}/bookings/user/${user.uid}`, { token: user.idToken });
const countFor = async (uid: string) =>
  (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE consumer_uid = $1', [uid]))[0]?.n;

describe('concurrent POST /bookings', () => {
  test('50 at once from one user: all 201, 50 distinct bookings, none lost, none doubled', async () => {
    const user = await signInWithPhone();
    const notes = Array.from({ length: 50 }, (_, index) => `concurrent request #${index}`);
    const answers = await Promise.all(notes.map((note) => create(user, { note })));

    expect(answers.map((answer) => answer.status)).toEqual(notes.map(() => 201));
    const created = answers.map((answer) => expectContract(bookingSchema, answer.body));
    expect(new Set(created.map((booking) => booking.bookingId)).size).toBe(50);
    // each answer is the booking that request made (not a neighbour's)
    expect(created.map((booking) => booking.note)).toEqual(notes);

    const list = await listOf(user);
    expect(list.status).toBe(200);
    const listed = expectContract(bookingListSchema, list.body);
    expect(listed).toHaveLength(50);
    expect(new Set(listed.map((booking) => booking.bookingId))).toEqual(new Set(created.map((booking) => booking.bookingId)));
    expect(new Set(listed.map((booking) => booking.note))).toEqual(new Set(notes));
    expect(await countFor(user.uid)).toBe(50);

    // one 'requested' event per booking, no more
    const [events] = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM booking_events e JOIN bookings b ON b.id = e.booking_id WHERE b.consumer_uid = $1',
      [user.uid],
    );
    expect(events?.n).toBe(50);
  });

  test('20 at once from 5 users: each user sees exactly their own 4', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => signInWithPhone()));
    const requests = users.flatMap((user, userIndex) => [0, 1, 2, 3].map((n) => ({ user, note: `user ${userIndex} booking ${n}` })));
    // interleaved: user 0, 1, 2, 3, 4, 0, 1, …
    const interleaved = [0, 1, 2, 3].flatMap((n) => users.map((_, userIndex) => requests[userIndex * 4 + n]!));
    const answers = await Promise.all(interleaved.map(({ user, note }) => create(user, { note })));
    expect(answers.map((answer) => answer.status)).toEqual(interleaved.map(() => 201));

    const idsByUser = new Map<string, Set<string>>();
    interleaved.forEach(({ user }, index) => {
      const ids = idsByUser.get(user.uid) ?? new Set<string>();
      ids.add(String(answers[index]!.body.bookingId));
      idsByUser.set(user.uid, ids);
    });
    expect(new Set(answers.map((answer) => answer.body.bookingId)).size).toBe(20);

    const lists = await Promise.all(users.map(listOf));
    users.forEach((user, userIndex) => {
      expect(lists[userIndex]!.status).toBe(200);
      const listed = expectContract(bookingListSchema, lists[userIndex]!.body);
      expect(listed).toHaveLength(4);
      expect(new Set(listed.map((booking) => booking.bookingId))).toEqual(idsByUser.get(user.uid));
      expect(listed.map((booking) => booking.note).sort()).toEqual([0, 1, 2, 3].map((n) => `user ${userIndex} booking ${n}`));
    });
    for (const user of users) expect(await countFor(user.uid)).toBe(4);

    // and nobody can read another's list
    const foreign = await request(`${api()}/bookings/user/${users[1]!.uid}`, { token: users[0]!.idToken });
    expect(foreign.status).toBe(403);
  });
});

describe('mass assignment on POST /bookings', () => {
  test('status, amount, currency, bookingId and createdAt of the payload are ignored', async () => {
    const user = await signInWithPhone();
    const before = Date.now();
    const response = await create(user, {
      status: 'confirmed',
      amount: 1,
      currency: 'USD',
      bookingId: 'x',
      createdAt: '2000-01-01T00:00:00Z',
      consumerId: user.uid,
    });
    expect(response.status).toBe(201);
    const booking = expectContract(bookingSchema, response.body);
    expect(booking.status).toBe('requested');
    expect(booking.amount).toBe(menu.price);
    expect(booking.currency).toBe('INR');
    expect(booking.bookingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(booking.bookingId).not.toBe('x');
    const createdAt = Date.parse(booking.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 5_000); // allow for clock skew between the test and PostgreSQL
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 5_000);

    // the stored row says the same, and reading it back too
    const [row] = await db().query<{ status: string; amount: number; currency: string; consumer_uid: string; created_at: Date }>(
      'SELECT status, amount, currency, consumer_uid, created_at FROM bookings WHERE id = $1',
      [booking.bookingId],
    );
    expect(row).toMatchObject({ status: 'requested', amount: menu.price, currency: 'INR', consumer_uid: user.uid });
    expect(new Date(row!.created_at).getUTCFullYear()).not.toBe(2000);
    const read = await request(`${api()}/bookings/${booking.bookingId}`, { token: user.idToken });
    expect(read).toMatchObject({ status: 200, body: { status: 'requested', amount: menu.price, currency: 'INR', createdAt: booking.createdAt } });
    expect(await countFor(user.uid)).toBe(1);
  });
});

describe('concurrent POST /payment/create_order', () => {
  test('10 at once for one accepted booking: all 200 with the same order, one row in payment_orders', async () => {
    const consumer = await signInWithPhone();
    const booking = await bookingIn(stack.server, consumer, menu);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(`${api()}/payment/create_order`, { token: consumer.idToken, json: { userId: consumer.uid, bookingId: booking.bookingId } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const orders = answers.map((answer) => expectContract(createOrderResponseSchema, answer.body));
    expect(new Set(orders.map((order) => order.id)).size).toBe(1);
    expect(orders[0]!.amount).toBe(paymentBreakdown(menu.price).payNow);

    const rows = await orderRows(db(), booking.bookingId);
    expect(rows).toEqual([{ id: orders[0]!.id, amount: paymentBreakdown(menu.price).payNow, status: 'created' }]);
    // the booking itself is untouched by asking for orders
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'accepted', failure_reason: null });
  });
});

describe('competing status changes', () => {
  const accept = (bookingId: string) => request(`${api()}/provider/bookings/${bookingId}/accept`, { method: 'POST', token: provider.idToken });
  const decline = (bookingId: string) =>
    request(`${api()}/provider/bookings/${bookingId}/decline`, { method: 'POST', token: provider.idToken, json: { reason: 'fully_booked' } });
  const cancel = (user: TestUser, bookingId: string) => request(`${api()}/bookings/${bookingId}/cancel`, { method: 'POST', token: user.idToken });
  const toStatuses = async (bookingId: string) => (await bookingEvents(db(), bookingId)).map((event) => [event.from_status, event.to_status]);

  test('provider accept and consumer cancel at once on a requested booking: never both applied out of order', async () => {
    // accept is only from 'requested' and cancel only from 'accepted' (the contracts' booking-state.ts), so on a requested
    // booking the two do not compete for the same state: if cancel is handled first it is a 409 and the booking
    // stays accepted; if accept commits first, the cancel that follows is a legitimate 200 (accepted → cancelled)
    const consumer = await signInWithPhone();
    for (let round = 0; round < 8; round += 1) {
      const booking = expectContract(bookingSchema, (await create(consumer, { note: `race ${round}` })).body);
      const [accepted, cancelled] = await Promise.all([accept(booking.bookingId), cancel(consumer, booking.bookingId)]);
      expect(accepted.status).toBe(200);
      expect([200, 409]).toContain(cancelled.status);
      const final = await bookingState(db(), booking.bookingId);
      if (cancelled.status === 409) {
        expect(cancelled.body.message).toEqual(expect.any(String));
        expect(final).toEqual({ status: 'accepted', failure_reason: null });
        expect(await toStatuses(booking.bookingId)).toEqual([
          [null, 'requested'],
          ['requested', 'accepted'],
        ]);
      } else {
        expect(final).toEqual({ status: 'cancelled', failure_reason: null });
        expect(await toStatuses(booking.bookingId)).toEqual([
          [null, 'requested'],
          ['requested', 'accepted'],
          ['accepted', 'cancelled'],
        ]);
      }
    }
  });

  test('provider accept and provider decline at once: exactly one 200 and one 409, and the state is the winner’s', async () => {
    const consumer = await signInWithPhone();
    for (let round = 0; round < 8; round += 1) {
      const booking = expectContract(bookingSchema, (await create(consumer, { note: `accept or decline ${round}` })).body);
      const [accepted, declined] = await Promise.all([accept(booking.bookingId), decline(booking.bookingId)]);
      expect([accepted.status, declined.status].sort()).toEqual([200, 409]);
      const final = await bookingState(db(), booking.bookingId);
      const events = await toStatuses(booking.bookingId);
      if (accepted.status === 200) {
        expect(final).toEqual({ status: 'accepted', failure_reason: null });
        expect(events).toEqual([
          [null, 'requested'],
          ['requested', 'accepted'],
        ]);
      } else {
        expect(final).toEqual({ status: 'failed', failure_reason: 'declined' });
        expect(events).toEqual([
          [null, 'requested'],
          ['requested', 'failed'],
        ]);
      }
    }
  });

  test('two cancels at once on an accepted booking: exactly one 200 and one 409, one cancel event', async () => {
    const consumer = await signInWithPhone();
    const booking = await bookingIn(stack.server, consumer, menu);
    const answers = await Promise.all([cancel(consumer, booking.bookingId), cancel(consumer, booking.bookingId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await bookingState(db(), booking.bookingId)).toEqual({ status: 'cancelled', failure_reason: null });
    expect(await toStatuses(booking.bookingId)).toEqual([
      [null, 'requested'],
      ['requested', 'accepted'],
      ['accepted', 'cancelled'],
    ]);
  });

  test('two accepts at once: exactly one 200 and one 409, one accept event', async () => {
    const consumer = await signInWithPhone();
    const booking = expectContract(bookingSchema, (await create(consumer)).body);
    const answers = await Promise.all([accept(booking.bookingId), accept(booking.bookingId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await toStatuses(booking.bookingId)).toEqual([
      [null, 'requested'],
      ['requested', 'accepted'],
    ]);
  });
});
