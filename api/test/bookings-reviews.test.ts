import { bookingSchema, reviewPageSchema } from '@utsav/contracts/schemas';
import { addDays } from '@utsav/contracts/slot-rules';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { transitionBooking } from '../src/bookings/booking-transitions';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, type CatalogFixture } from './support/bookings';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

/**
 * Verified reviews (issue 19, item 5) over real HTTP against a real database: a consumer reviews a paid
 * booking of theirs once it has taken place, once; the review shows first on the service's Reviews as a
 * verified booking, and the service's average and count follow.
 */

let server: TestServer;
let catalog: CatalogFixture;
let consumer: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  consumer = await signInWithPhone();
});
afterAll(() => server.close());

const db = () => server.database;
const menu = () => catalog.providerB.menus[0];
const review = (bookingId: string, json: unknown, user: TestUser = consumer) => request(`${server.url}/bookings/${bookingId}/review`, { token: user.idToken, json });

/** A booking of providerB, accepted and paid; `daysAgo`: its last day that many days back (0: still ahead). */
async function paidBooking(daysAgo: number): Promise<string> {
  const { bookingId } = await bookingIn(server, consumer, menu());
  await transitionBooking(db(), { bookingId, action: 'confirmPayment', actor: 'payment' });
  if (daysAgo > 0) {
    const day = addDays(todayInIndia(), -daysAgo);
    await db().query('UPDATE bookings SET date_from = $2, date_to = $2 WHERE id = $1', [bookingId, day]);
  }
  return bookingId;
}

/** The service's figures (derived from its reviews by migration 012's trigger: what search and detail show). */
async function serviceFigures() {
  const [row] = await db().query<{ review_count: number; average_rating: string | null }>('SELECT review_count, average_rating FROM services WHERE id = $1', [
    catalog.providerB.serviceId,
  ]);
  return { reviewCount: row!.review_count, averageRating: row!.average_rating === null ? null : Number(row!.average_rating) };
}

test('after it has taken place: 201, on the booking, first on the Reviews as verified; the average and count follow', async () => {
  const before = await serviceFigures();
  const bookingId = await paidBooking(2);
  const answer = await review(bookingId, { rating: 4, text: '  Lovely candid photos, on time.  ' });
  expect(answer.status).toBe(201);
  expect(expectContract(bookingSchema, answer.body).review).toEqual({ rating: 4, text: 'Lovely candid photos, on time.', date: todayInIndia() });

  // the catalog's cached answers follow within a version check (about a second)
  const reviewsUrl = `${server.url}/services/${catalog.providerB.serviceId}/reviews`;
  let page = expectContract(reviewPageSchema, (await request(reviewsUrl)).body);
  for (let waited = 0; page.total === before.reviewCount && waited < 5000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    page = expectContract(reviewPageSchema, (await request(reviewsUrl)).body);
  }
  expect(page.results[0]).toMatchObject({ rating: 4, text: 'Lovely candid photos, on time.', verified: true, authorName: expect.any(String) });
  expect(page.total).toBe(before.reviewCount + 1);
  const after = await serviceFigures();
  expect(after.reviewCount).toBe(before.reviewCount + 1);
  expect(after.averageRating).toBe(4);

  // once
  expect(await review(bookingId, { rating: 5, text: 'Again' })).toMatchObject({ status: 409, body: errorSaying('You have already reviewed this booking.') });
  expect((await serviceFigures()).reviewCount).toBe(before.reviewCount + 1);
});

test('not yet taken place, not paid, or not theirs: refused, nothing written', async () => {
  const ahead = await paidBooking(0);
  const notReviewable = 'You can review a booking once it has been paid for and has taken place.';
  expect(await review(ahead, { rating: 5, text: 'Great' })).toMatchObject({ status: 409, body: { message: notReviewable } });
  const { bookingId: unpaid } = await bookingIn(server, consumer, menu());
  await db().query('UPDATE bookings SET date_from = $2, date_to = $2 WHERE id = $1', [unpaid, addDays(todayInIndia(), -3)]);
  expect(await review(unpaid, { rating: 5, text: 'Great' })).toMatchObject({ status: 409, body: { message: notReviewable } });
  const past = await paidBooking(1);
  expect((await review(past, { rating: 5, text: 'Not mine' }, await signInWithPhone())).status).toBe(403);
  const [{ n }] = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM reviews WHERE booking_id = ANY($1::uuid[])', [[ahead, unpaid, past]])) as [{ n: number }];
  expect(n).toBe(0);
});

test('bad input: 400 saying what to send', async () => {
  const bookingId = await paidBooking(1);
  for (const rating of [0, 6, 2.5, '5', null]) {
    expect(await review(bookingId, { rating, text: 'Fine' })).toMatchObject({ status: 400, body: errorSaying('rating: Choose from 1 to 5 stars') });
  }
  for (const text of ['', '   ', '\u0000']) {
    expect(await review(bookingId, { rating: 3, text })).toMatchObject({ status: 400, body: errorSaying('text: Write a few words about it') });
  }
  expect((await review(bookingId, { rating: 3, text: 'x'.repeat(2001) })).status).toBe(400);
  expect((await review(bookingId, { rating: 3, text: 'Fine' })).status).toBe(201);
});
