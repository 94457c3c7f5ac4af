import { nowInIndia } from '@utsav/contracts/slot-rules';
import { providerReviewPageSchema, providerReviewSchema, reviewPageSchema, type ReviewPage } from '@utsav/contracts/schemas';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, makeProviderOwner, type CatalogFixture } from './support/bookings';
import { errorAnswer } from './support/error-answers';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 36, item 7: a provider sees the reviews of its services and replies once to each; the reply shows under
 * the review in the catalog's answer (the service page), whose cache a reply empties.
 */

let server: TestServer;
let catalog: CatalogFixture;
let owner: TestUser;
let otherOwner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  [owner, otherOwner, stranger] = await Promise.all([signInWithPhone(), signInWithPhone(), signInWithPhone()]);
  await makeProviderOwner(server.database, catalog.providerA.id, owner.uid);
  await makeProviderOwner(server.database, catalog.providerB.id, otherOwner.uid);
});
afterAll(() => server.close());

let day = 0;
/** A review of a service, written some days ago (each later one newer). */
async function addReview(serviceId: string, text = 'Lovely photos, on time.'): Promise<string> {
  day++;
  const [row] = await server.database.query<{ id: string }>(
    `INSERT INTO reviews (service_id, author_name, rating, body, reviewed_on) VALUES ($1, 'Meera Iyer', 4, $2, current_date - 100 + $3::integer) RETURNING id::text AS id`,
    [serviceId, text, day],
  );
  return row!.id;
}

const reply = (pid: string, rid: string, user: TestUser | null, json: unknown = { text: 'Thank you, Meera!' }, headers: Record<string, string> = {}) =>
  request(`${server.url}/provider/${pid}/reviews/${rid}/reply`, { method: 'POST', token: user?.idToken, json, headers });
const reviewsOf = (pid: string, user: TestUser | null, query = '') => request(`${server.url}/provider/${pid}/reviews${query}`, { token: user?.idToken });
const catalogReviews = async (serviceId: string): Promise<ReviewPage> => {
  const answer = await request(`${server.url}/services/${serviceId}/reviews`);
  expect(answer.status).toBe(200);
  return reviewPageSchema.parse(answer.body);
};
const today = () => nowInIndia().date;

describe('POST /provider/:pid/reviews/:rid/reply', () => {
  test('the owner replies: 201, the review with its reply; the service page’s reviews show it (the catalog cache emptied)', async () => {
    const reviewId = await addReview(catalog.providerA.serviceId);
    // the catalog's answer is cached before the reply
    const before = await catalogReviews(catalog.providerA.serviceId);
    expect(before.results.find((review) => review.reviewId === reviewId)).not.toHaveProperty('reply');

    const answer = await reply(catalog.providerA.id, reviewId, owner, { text: '  Thank you, Meera!\r\nSee you again. <b>hi</b>\u0007 ' });
    expect(answer.status).toBe(201);
    expect(expectContract(providerReviewSchema, answer.body)).toEqual({
      reviewId,
      authorName: 'Meera Iyer',
      rating: 4,
      text: 'Lovely photos, on time.',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      serviceId: catalog.providerA.serviceId,
      serviceTitle: 'Lens Studio Photography',
      // plain text, kept as typed (pages render it as text)
      reply: { text: 'Thank you, Meera!\nSee you again. <b>hi</b>', date: today() },
    });

    // the catalog's cache checks the catalog's version about every second: the reply shows within that
    const deadline = Date.now() + 5000;
    let shown: ReviewPage['results'][number] | undefined;
    while (Date.now() < deadline) {
      shown = (await catalogReviews(catalog.providerA.serviceId)).results.find((review) => review.reviewId === reviewId);
      if (shown?.reply) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(shown?.reply).toEqual({ text: 'Thank you, Meera!\nSee you again. <b>hi</b>', date: today() });
  });

  test('a second reply: 409 with a message (in the request’s language), the first kept', async () => {
    const reviewId = await addReview(catalog.providerA.serviceId);
    expect((await reply(catalog.providerA.id, reviewId, owner)).status).toBe(201);
    expect(await reply(catalog.providerA.id, reviewId, owner, { text: 'Changed my mind' })).toMatchObject({ status: 409, body: errorAnswer('provider.alreadyReplied') });
    const hindi = await reply(catalog.providerA.id, reviewId, owner, { text: 'फिर से' }, { 'Accept-Language': 'hi-IN' });
    expect(hindi).toMatchObject({ status: 409, body: { code: 'provider.alreadyReplied', message: 'आप इस रिव्यू का जवाब पहले ही दे चुके हैं। जवाब बदला नहीं जा सकता।' } });
    const page = expectContract(providerReviewPageSchema, (await reviewsOf(catalog.providerA.id, owner, '?limit=50')).body);
    expect(page.results.find((review) => review.reviewId === reviewId)?.reply?.text).toBe('Thank you, Meera!');
  });

  test('two replies at once: one 201, one 409', async () => {
    const reviewId = await addReview(catalog.providerA.serviceId);
    const answers = await Promise.all([1, 2, 3].map((n) => reply(catalog.providerA.id, reviewId, owner, { text: `Reply ${n}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  test('another listing’s review: 404 through this listing, 403 through that one; unknown or malformed: 404; no token: 401', async () => {
    const theirs = await addReview(catalog.providerB.serviceId);
    expect(await reply(catalog.providerA.id, theirs, owner)).toMatchObject({ status: 404, body: errorAnswer('provider.reviewNotFound') });
    expect(await reply(catalog.providerB.id, theirs, owner)).toMatchObject({ status: 403, body: errorAnswer('provider.notYourListing') });
    expect((await reply(catalog.providerA.id, theirs, stranger)).status).toBe(403);
    expect((await reply(catalog.providerA.id, '00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
    expect((await reply(catalog.providerA.id, 'nope', owner)).status).toBe(404);
    expect((await reply('nope', theirs, owner)).status).toBe(404);
    expect((await reply(catalog.providerA.id, theirs, null)).status).toBe(401);
    // nothing was written
    expect((await catalogReviews(catalog.providerB.serviceId)).results.find((review) => review.reviewId === theirs)).not.toHaveProperty('reply');
  });

  test('words required, at most 1000 characters: 400 with the message', async () => {
    const reviewId = await addReview(catalog.providerA.serviceId);
    for (const json of [{}, { text: '' }, { text: '   ' }, { text: 5 }, { text: 'x'.repeat(1001) }]) {
      const answer = await reply(catalog.providerA.id, reviewId, owner, json);
      expect(answer.status).toBe(400);
    }
    expect((await reply(catalog.providerA.id, reviewId, owner, { text: '   ' })).body).toMatchObject({ issues: [{ message: 'Write your reply' }] });
    expect((await reply(catalog.providerA.id, reviewId, owner, { text: 'x'.repeat(1001) })).body).toMatchObject({ issues: [{ message: 'The reply must be at most 1000 characters' }] });
    // only control characters: nothing left to say
    expect(await reply(catalog.providerA.id, reviewId, owner, { text: '\u0001\u0002' })).toMatchObject({ status: 400, body: errorAnswer('provider.replyTextRequired') });
    expect((await reply(catalog.providerA.id, reviewId, owner, { text: 'x'.repeat(1000) })).status).toBe(201);
  });
});

describe('GET /provider/:pid/reviews', () => {
  test('the listing’s reviews only, newest first, with replies, the total and how many await a reply; paged', async () => {
    const older = await addReview(catalog.providerA.serviceId, 'Good food.');
    const newer = await addReview(catalog.providerA.serviceId, 'Great music.');
    await addReview(catalog.providerB.serviceId, 'Not theirs.');
    await reply(catalog.providerA.id, older, owner, { text: 'Thanks!' });
    const [counts] = await server.database.query<{ total: number; unanswered: number }>(
      `SELECT count(*)::integer AS total, count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM review_replies rr WHERE rr.review_id = r.id))::integer AS unanswered
       FROM reviews r WHERE r.service_id = $1`,
      [catalog.providerA.serviceId],
    );
    const page = expectContract(providerReviewPageSchema, (await reviewsOf(catalog.providerA.id, owner, '?limit=2')).body);
    expect(page).toMatchObject({ total: counts!.total, unanswered: counts!.unanswered, limit: 2, offset: 0 });
    expect(page.results.map((review) => review.reviewId)).toEqual([newer, older]);
    expect(page.results[0]).not.toHaveProperty('reply');
    expect(page.results[1]!.reply).toEqual({ text: 'Thanks!', date: today() });
    const all = expectContract(providerReviewPageSchema, (await reviewsOf(catalog.providerA.id, owner, '?limit=50')).body);
    expect(all.results.every((review) => review.serviceId === catalog.providerA.serviceId)).toBe(true);
    expect((await reviewsOf(catalog.providerA.id, owner, '?offset=1&limit=1')).body).toMatchObject({ results: [{ reviewId: older }] });
    expect((await reviewsOf(catalog.providerA.id, owner, '?limit=0')).status).toBe(400);
  });

  test('owner only: 403 for another account, 404 unknown, 401 without a token', async () => {
    expect(await reviewsOf(catalog.providerA.id, otherOwner)).toMatchObject({ status: 403, body: errorAnswer('provider.notYourListing') });
    expect((await reviewsOf('00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
    expect((await reviewsOf(catalog.providerA.id, null)).status).toBe(401);
  });
});
