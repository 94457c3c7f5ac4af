import * as z from './zod';
import { said } from '../validation-messages';

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
  /** the provider's reply, once written (one per review; the service page shows it under the review) */
  reply: z.object({ text: z.string(), date: z.string() }).optional(),
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
    .number({ error: said('validation.number', { label: name }) })
    .int({ error: said('validation.wholeNumber', { label: name }) })
    .min(min, { error: said('validation.between', { label: name, min, max }) })
    .max(max, { error: said('validation.between', { label: name, min, max }) });

/** `?limit=&offset=` of GET /services/{id}/reviews. */
export const reviewPageQuerySchema = z.object({
  limit: wholeNumber('limit', 1, REVIEWS_MAX_LIMIT).default(REVIEWS_DEFAULT_LIMIT),
  offset: wholeNumber('offset', 0, 100_000).default(0),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;

export const REVIEW_TEXT_MAX_LENGTH = 2000;

/** POST /bookings/{bid}/review: the consumer's stars and words about a booking that has taken place. */
export const reviewCreateSchema = z.object({
  rating: z
    .number({ error: said('validation.review.rating') })
    .int({ error: said('validation.review.rating') })
    .min(1, { error: said('validation.review.rating') })
    .max(5, { error: said('validation.review.rating') }),
  text: z
    .string({ error: said('validation.review.text') })
    .trim()
    .min(1, { error: said('validation.review.text') })
    .max(REVIEW_TEXT_MAX_LENGTH, { error: said('validation.review.tooLong', { max: REVIEW_TEXT_MAX_LENGTH }) }),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

export const REVIEW_REPLY_MAX_LENGTH = 1000;

/** POST /provider/{pid}/reviews/{rid}/reply: the provider's words under a review of theirs (once). */
export const reviewReplyCreateSchema = z.object({
  text: z
    .string({ error: said('validation.reply.text') })
    .trim()
    .min(1, { error: said('validation.reply.text') })
    .max(REVIEW_REPLY_MAX_LENGTH, { error: said('validation.reply.tooLong', { max: REVIEW_REPLY_MAX_LENGTH }) }),
});
export type ReviewReplyCreate = z.input<typeof reviewReplyCreateSchema>;

/** A review as its provider sees it: which of its services it is about. */
export const providerReviewSchema = reviewSchema.extend({ serviceId: z.string(), serviceTitle: z.string() });
export type ProviderReview = z.infer<typeof providerReviewSchema>;

/** GET /provider/{pid}/reviews: the reviews of the listing's services, newest first, with their replies. */
export const providerReviewPageSchema = z.object({
  results: z.array(providerReviewSchema),
  total: z.number().int().nonnegative(),
  /** how many of them have no reply yet */
  unanswered: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
});
export type ProviderReviewPage = z.infer<typeof providerReviewPageSchema>;
