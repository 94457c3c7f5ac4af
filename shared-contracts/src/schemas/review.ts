import * as z from './zod';

/**
 * A service's reviews as the API serves them (GET /services/{id}/reviews): newest first, a page at a
 * time, with the total — which always equals the service's `reviewCount` (the API derives the count and
 * the average from these rows).
 */

/** How many reviews a page asks for when it does not say; at most REVIEWS_MAX_LIMIT. */
export const REVIEWS_DEFAULT_LIMIT = 10;
export const REVIEWS_MAX_LIMIT = 50;

export const reviewSchema = z.object({
  reviewId: z.string(),
  /** the name the reviewer shows (pages show its initials in the avatar) */
  authorName: z.string(),
  /** whole stars, 1–5 */
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** the day it was written, 'YYYY-MM-DD' (India's date) */
  date: z.string(),
  /** written by a consumer about a booking of theirs that took place ("Verified booking") */
  verified: z.literal(true).optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewPageSchema = z.object({
  results: z.array(reviewSchema),
  /** every review of the service (not only this page's) */
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be between ${min} and ${max}` })
    .max(max, { error: `${name} must be between ${min} and ${max}` });

/** `?limit=&offset=` of GET /services/{id}/reviews. */
export const reviewPageQuerySchema = z.object({
  limit: wholeNumber('limit', 1, REVIEWS_MAX_LIMIT).default(REVIEWS_DEFAULT_LIMIT),
  offset: wholeNumber('offset', 0, 100_000).default(0),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;

export const REVIEW_TEXT_MAX_LENGTH = 2000;

/** POST /bookings/{bid}/review: the consumer's stars and words about a booking that has taken place. */
export const reviewCreateSchema = z.object({
  rating: z.number({ error: 'Choose from 1 to 5 stars' }).int('Choose from 1 to 5 stars').min(1, 'Choose from 1 to 5 stars').max(5, 'Choose from 1 to 5 stars'),
  text: z
    .string({ error: 'Write a few words about it' })
    .trim()
    .min(1, 'Write a few words about it')
    .max(REVIEW_TEXT_MAX_LENGTH, `The review must be at most ${REVIEW_TEXT_MAX_LENGTH} characters`),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;
