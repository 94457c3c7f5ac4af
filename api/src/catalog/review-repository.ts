import type { ReviewPage, ReviewPageQuery } from '@utsav/contracts/schemas';
import type { Database, Query } from '../db';
import { isUuid } from '../http/uuid';

interface ReviewRow {
  id: string;
  author_name: string;
  rating: number;
  body: string;
  reviewed_on: string;
  verified: boolean;
}

// the service's row gives the total: review_count is derived from the reviews (migration 012's trigger)
const SERVICE_TOTAL_SQL = 'SELECT review_count AS total FROM services WHERE id = $1';
// newest first, through reviews_service_newest_idx
const PAGE_SQL = `
  SELECT id::text AS id, author_name, rating, body, to_char(reviewed_on, 'YYYY-MM-DD') AS reviewed_on, booking_id IS NOT NULL AS verified
  FROM reviews WHERE service_id = $1
  ORDER BY reviewed_on DESC, id DESC
  LIMIT $2 OFFSET $3`;

/** A page of a service's reviews, newest first, with their total; null for an unknown service (any string). */
export async function findServiceReviews(db: Database, serviceId: string, { limit, offset }: ReviewPageQuery): Promise<ReviewPage | null> {
  if (!isUuid(serviceId)) return null;
  const [service] = await db.query<{ total: number }>(SERVICE_TOTAL_SQL, [serviceId]);
  if (!service) return null;
  const rows = offset < service.total ? await db.query<ReviewRow>(PAGE_SQL, [serviceId, limit, offset]) : [];
  return {
    results: rows.map((row) => ({
      reviewId: row.id,
      authorName: row.author_name,
      rating: row.rating,
      text: row.body,
      date: row.reviewed_on,
      ...(row.verified ? { verified: true } : {}),
    })),
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
