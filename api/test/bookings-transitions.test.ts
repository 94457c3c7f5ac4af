import { createBookingRepository, type BookingRepository } from '../src/bookings/booking-repository';
import {
  applyTransition,
  confirmBookingPayment,
  failBookingPayment,
  transitionBooking,
} from '../src/bookings/booking-transitions';
import { todayInIndia } from '@utsav/contracts/booking-request';
import type { SqlSession } from '../src/db';
import { HttpError } from '../src/http/http-error';
import { bookingEvents, inDays, insertCatalogFixture, saveFixtureAddress, type CatalogFixture } from './support/bookings';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let testDb: TestDatabase;
let catalog: CatalogFixture;
let bookings: BookingRepository;
beforeAll(async () => {
  testDb = await createTestDatabase();
  catalog = await insertCatalogFixture(testDb.database);
  bookings = createBookingRepository(testDb.database);
});
afterAll(() => testDb.drop());

async function newBooking(): Promise<string> {
  const menu = catalog.providerA.menus[0];
  const booking = await bookings.create({
    consumerUid: 'consumer-1',
    consumerName: 'Asha',
    consumerEmail: 'asha@example.in',
    menu: { menuId: menu.id, serviceId: menu.serviceId, providerId: catalog.providerA.id, name: menu.name, price: menu.price },
    bookingDate: todayInIndia(),
    dates: { from: inDays(5), to: inDays(5) },
    times: { start: '10:00', end: '12:00' },
    note: '',
    addressId: await saveFixtureAddress(testDb.database, { uid: 'consumer-1' }),
  });
  return booking.id;
}
const accept = (bookingId: string) => transitionBooking(testDb.database, { bookingId, action: 'accept', actor: 'provider-1' });
const stateOf = async (bookingId: string) =>
  (await testDb.database.query<{ status: string; failure_reason: string | null }>('SELECT status, failure_reason FROM bookings WHERE id = $1', [bookingId]))[0];

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('payment helpers', () => {
  test('accepted → confirmed', async () => {
    const id = await newBooking();
    await accept(id);
    const row = await confirmBookingPayment(testDb.database, id);
    expect(row.status).toBe('confirmed');
    expect(await stateOf(id)).toEqual({ status: 'confirmed', failure_reason: null });
    expect((await bookingEvents(testDb.database, id)).at(-1)).toEqual({
      from_status: 'accepted',
      to_status: 'confirmed',
      actor: 'payment',
      reason: 'payment received',
    });
  });

  test('accepted → failed (payment) → confirmed on a successful retry, each step recorded', async () => {
    const id = await newBooking();
    await accept(id);
    await failBookingPayment(testDb.database, id, { reason: 'card declined by the bank' });
    expect(await stateOf(id)).toEqual({ status: 'failed', failure_reason: 'payment_failed' });
    await confirmBookingPayment(testDb.database, id, { actor: 'payment:order_123' });
    expect(await stateOf(id)).toEqual({ status: 'confirmed', failure_reason: null });
    expect((await bookingEvents(testDb.database, id)).slice(1)).toEqual([
      { from_status: 'requested', to_status: 'accepted', actor: 'provider-1', reason: null },
      { from_status: 'accepted', to_status: 'failed', actor: 'payment', reason: 'card declined by the bank' },
      { from_status: 'failed', to_status: 'confirmed', actor: 'payment:order_123', reason: 'payment retry succeeded' },
    ]);
  });

  test('a declined booking cannot be paid; neither can a requested, confirmed or twice-failed one: 409', async () => {
    const declined = await newBooking();
    await transitionBooking(testDb.database, { bookingId: declined, action: 'decline', actor: 'provider-1' });
    expect((await rejection(confirmBookingPayment(testDb.database, declined))).statusCode).toBe(409);
    expect(await stateOf(declined)).toEqual({ status: 'failed', failure_reason: 'declined' });

    const requested = await newBooking();
    expect((await rejection(confirmBookingPayment(testDb.database, requested))).message).toBe(
      'Only an accepted booking, or one whose payment failed, can be paid (this one is requested).',
    );
    expect((await rejection(failBookingPayment(testDb.database, requested))).statusCode).toBe(409);

    const failedTwice = await newBooking();
    await accept(failedTwice);
    await failBookingPayment(testDb.database, failedTwice);
    expect((await rejection(failBookingPayment(testDb.database, failedTwice))).statusCode).toBe(409);

    const confirmed = await newBooking();
    await accept(confirmed);
    await confirmBookingPayment(testDb.database, confirmed);
    expect((await rejection(confirmBookingPayment(testDb.database, confirmed))).statusCode).toBe(409);
  });

  test('an unknown or malformed id: 404', async () => {
    expect((await rejection(confirmBookingPayment(testDb.database, '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await rejection(failBookingPayment(testDb.database, 'order_123'))).statusCode).toBe(404);
  });
});

describe('optimistic concurrency', () => {
  /** A session on which another actor changes the booking right after it has been read. */
  function racingSession(session: SqlSession, bookingId: string, competing: string): SqlSession {
    let raced = false;
    return {
      exec: session.exec,
      async query<Row>(text: string, params?: unknown[]) {
        const rows = await session.query<Row>(text, params);
        if (!raced && text.startsWith('SELECT status, failure_reason, provider_id')) {
          raced = true;
          await session.query(competing, [bookingId]);
        }
        return rows;
      },
    };
  }

  test('the UPDATE only applies to the state that was read: a change in between is a 409 and nothing is recorded', async () => {
    const id = await newBooking();
    const eventsBefore = await bookingEvents(testDb.database, id);
    const error = await rejection(
      testDb.database.transaction((session) =>
        applyTransition(racingSession(session, id, "UPDATE bookings SET status = 'accepted' WHERE id = $1"), {
          bookingId: id,
          action: 'accept',
          actor: 'provider-1',
        }),
      ),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('Only a requested booking can be accepted (this one is accepted).');
    // the transaction rolled back, the competing change included (it ran in the same one here)
    expect(await stateOf(id)).toEqual({ status: 'requested', failure_reason: null });
    expect(await bookingEvents(testDb.database, id)).toEqual(eventsBefore);
  });

  test('a change of failure reason in between counts too', async () => {
    const id = await newBooking();
    await accept(id);
    await failBookingPayment(testDb.database, id);
    const error = await rejection(
      testDb.database.transaction((session) =>
        applyTransition(racingSession(session, id, "UPDATE bookings SET failure_reason = 'declined' WHERE id = $1"), {
          bookingId: id,
          action: 'confirmPayment',
          actor: 'payment',
        }),
      ),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toMatch(/this one is declined by the provider/);
  });

  test('the database refuses a failed booking without a reason, and a reason on another status', async () => {
    const id = await newBooking();
    await expect(testDb.database.query("UPDATE bookings SET status = 'failed' WHERE id = $1", [id])).rejects.toThrow(/check/i);
    await expect(testDb.database.query("UPDATE bookings SET failure_reason = 'declined' WHERE id = $1", [id])).rejects.toThrow(/check/i);
    await expect(testDb.database.query("UPDATE bookings SET status = 'paid' WHERE id = $1", [id])).rejects.toThrow(/check/i);
  });
});
