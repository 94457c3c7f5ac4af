import type { ProviderReviewPage, Review, ReviewPage, ReviewPageQuery } from '@utsav/contracts/schemas';
import type { Database, Query } from '../db';
import { isUuid } from '../http/uuid';

interface ReviewRow {
  id: string;
  author_name: string;
  rating: number;
  body: string;
  reviewed_on: string;
  verified: boolean;
  /** the provider's reply (migration 027), if any */
  reply_body: string | null;
  replied_on: string | null;
}

const REVIEW_COLUMNS = `r.id::text AS id, r.author_name, r.rating, r.body, to_char(r.reviewed_on, 'YYYY-MM-DD') AS reviewed_on,
  r.booking_id IS NOT NULL AS verified, rr.body AS reply_body, to_char(rr.replied_on, 'YYYY-MM-DD') AS replied_on`;

const toReview = (row: ReviewRow): Review => ({
  reviewId: row.id,
  authorName: row.author_name,
  rating: row.rating,
  text: row.body,
  date: row.reviewed_on,
  ...(row.verified ? { verified: true } : {}),
  ...(row.reply_body !== null && row.replied_on !== null ? { reply: { text: row.reply_body, date: row.replied_on } } : {}),
});

// the service's row gives the total: review_count is derived from the reviews (migration 012's trigger)
const SERVICE_TOTAL_SQL = 'SELECT review_count AS total FROM services WHERE id = $1';
// newest first, through reviews_service_newest_idx
const PAGE_SQL = `
  SELECT ${REVIEW_COLUMNS}
  FROM reviews r LEFT JOIN review_replies rr ON rr.review_id = r.id
  WHERE r.service_id = $1
  ORDER BY r.reviewed_on DESC, r.id DESC
  LIMIT $2 OFFSET $3`;

/** A page of a service's reviews, newest first, with their total; null for an unknown service (any string). */
export async function findServiceReviews(db: Database, serviceId: string, { limit, offset }: ReviewPageQuery): Promise<ReviewPage | null> {
  if (!isUuid(serviceId)) return null;
  const [service] = await db.query<{ total: number }>(SERVICE_TOTAL_SQL, [serviceId]);
  if (!service) return null;
  const rows = offset < service.total ? await db.query<ReviewRow>(PAGE_SQL, [serviceId, limit, offset]) : [];
  return {
    results: rows.map(toReview),
    total: service.total,
    limit,
    offset,
  };
}

export interface VerifiedReview {
  serviceId: string;
  bookingId: string;
  authorName: string;
  rating: number;
  body: string;
  /** India's date it was written on, 'YYYY-MM-DD' */
  reviewedOn: string;
}

/** Stores the review of a booking; false when that booking has one already (one review per booking, migration 018). */
export async function addVerifiedReview(query: Query, review: VerifiedReview): Promise<boolean> {
  const inserted = await query<{ id: string }>(
    `INSERT INTO reviews (service_id, author_name, rating, body, reviewed_on, booking_id) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (booking_id) DO NOTHING RETURNING id::text AS id`,
    [review.serviceId, review.authorName, review.rating, review.body, review.reviewedOn, review.bookingId],
  );
  return inserted.length > 0;
}

// ---- the provider's side (issue 36, item 7): its services' reviews, and its one reply to each ----

/** A review of one of the provider's services (any string: a malformed id is not found): its id, or null. */
export async function findProviderReview(query: Query, providerId: string, reviewId: string): Promise<string | null> {
  if (!isUuid(reviewId)) return null;
  const [row] = await query<{ id: string }>(
    'SELECT r.id::text AS id FROM reviews r JOIN services s ON s.id = r.service_id WHERE r.id = $1 AND s.provider_id = $2',
    [reviewId, providerId],
  );
  return row?.id ?? null;
}

export interface ReviewReply {
  reviewId: string;
  providerId: string;
  authorUid: string;
  body: string;
  /** India's date it was written on, 'YYYY-MM-DD' */
  repliedOn: string;
}

/** Stores the provider's reply to a review; false when the review has one already (one reply per review). */
export async function addReviewReply(query: Query, reply: ReviewReply): Promise<boolean> {
  const inserted = await query<{ review_id: string }>(
    `INSERT INTO review_replies (review_id, provider_id, author_uid, body, replied_on) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (review_id) DO NOTHING RETURNING review_id::text AS review_id`,
    [reply.reviewId, reply.providerId, reply.authorUid, reply.body, reply.repliedOn],
  );
  return inserted.length > 0;
}

const PROVIDER_REVIEWS_SQL = `
  SELECT ${REVIEW_COLUMNS}, s.id::text AS service_id, s.title AS service_title
  FROM reviews r JOIN services s ON s.id = r.service_id LEFT JOIN review_replies rr ON rr.review_id = r.id
  WHERE s.provider_id = $1
  ORDER BY r.reviewed_on DESC, r.id DESC
  LIMIT $2 OFFSET $3`;

const PROVIDER_REVIEW_COUNTS_SQL = `
  SELECT count(*)::integer AS total, count(*) FILTER (WHERE rr.review_id IS NULL)::integer AS unanswered
  FROM reviews r JOIN services s ON s.id = r.service_id LEFT JOIN review_replies rr ON rr.review_id = r.id
  WHERE s.provider_id = $1`;

/** A page of the reviews of the provider's services, newest first, with their replies and the totals. */
export async function providerReviews(query: Query, providerId: string, { limit, offset }: ReviewPageQuery): Promise<ProviderReviewPage> {
  const [counts] = await query<{ total: number; unanswered: number }>(PROVIDER_REVIEW_COUNTS_SQL, [providerId]);
  const rows = await query<ReviewRow & { service_id: string; service_title: string }>(PROVIDER_REVIEWS_SQL, [providerId, limit, offset]);
  return {
    results: rows.map((row) => ({ ...toReview(row), serviceId: row.service_id, serviceTitle: row.service_title })),
    total: counts?.total ?? 0,
    unanswered: counts?.unanswered ?? 0,
    limit,
    offset,
  };
}

/** One review of the provider's, as its provider sees it. */
export async function providerReview(query: Query, reviewId: string) {
  const [row] = await query<ReviewRow & { service_id: string; service_title: string }>(
    `SELECT ${REVIEW_COLUMNS}, s.id::text AS service_id, s.title AS service_title
     FROM reviews r JOIN services s ON s.id = r.service_id LEFT JOIN review_replies rr ON rr.review_id = r.id WHERE r.id = $1`,
    [reviewId],
  );
  return row ? { ...toReview(row), serviceId: row.service_id, serviceTitle: row.service_title } : null;
}
