import type { ServiceCategory } from '@utsav/contracts/schemas';
import { Random, seedUuid } from './random';
import {
  CLOSERS_BAD,
  CLOSERS_GOOD,
  OPENERS,
  REVIEW_WORDS,
  REVIEWER_FIRST_NAMES,
  REVIEWER_LAST_NAMES,
} from './review-words';

/** A review as the seed writes it. */
export interface SeedReview {
  id: string;
  authorName: string;
  /** 1–5 */
  rating: number;
  text: string;
  /** India's date, 'YYYY-MM-DD' */
  reviewedOn: string;
}

export interface ReviewTarget {
  serviceId: string;
  category: ServiceCategory;
  city: string;
  /** reviews are written between the service's creation and `now` */
  createdAt: Date;
  /** how many reviews to write */
  count: number;
  /** the average the ratings are drawn around (1–5) */
  average: number;
  now: Date;
}

/** The most reviews a seeded service has: a marketplace-sized count that keeps the seeds quick. */
export const MAX_SEED_REVIEWS = 120;

/**
 * The reviews of one service. Deterministic: the same service id and target give the same reviews (ids,
 * names, texts, stars); only the dates follow `createdAt` and `now`. Ratings are whole stars drawn around
 * `average`, so their mean (what the service then shows) lands close to it.
 */
export function generateReviews({ serviceId, category, city, createdAt, count, average, now }: ReviewTarget): SeedReview[] {
  const random = new Random(`reviews:${serviceId}`);
  const words = REVIEW_WORDS[category];
  const from = Math.min(createdAt.getTime(), now.getTime());
  const span = now.getTime() - from;
  const reviews: SeedReview[] = [];
  for (let index = 0; index < count; index++) {
    const rating = drawRating(random, average);
    const parts: string[] = [random.pick(OPENERS[rating as 1 | 2 | 3 | 4 | 5])];
    if (rating >= 4) {
      parts.push(...random.sample(words.praise, random.int(1, 2)));
      if (rating === 4 && random.chance(0.3)) parts.push(`Only one thing: ${lowerFirst(random.pick(words.gripes))}`);
      if (random.chance(0.6)) parts.push(random.pick(CLOSERS_GOOD));
    } else {
      if (rating === 3) parts.push(random.pick(words.praise));
      parts.push(random.pick(words.gripes));
      if (random.chance(0.5)) parts.push(random.pick(CLOSERS_BAD));
    }
    if (random.chance(0.15)) parts.push(rating >= 4 ? `One of the best in ${city}.` : `There are better options in ${city}.`);
    reviews.push({
      id: seedUuid(`reviews:${serviceId}:${index}`),
      authorName: `${random.pick(REVIEWER_FIRST_NAMES)} ${random.pick(REVIEWER_LAST_NAMES)}`,
      rating,
      text: parts.join(' '),
      reviewedOn: indiaDate(from + Math.floor(random.next() * span)),
    });
  }
  return reviews;
}

/** round(mean, 1) of the stars, half up, in whole numbers (as Postgres' round(avg(rating), 1)); null for none. */
export function averageOf(reviews: readonly Pick<SeedReview, 'rating'>[]): number | null {
  if (reviews.length === 0) return null;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return Math.floor((sum * 20 + reviews.length) / (reviews.length * 2)) / 10;
}

/** Whole stars around `average`: its floor or ceiling in proportion, now and then a star off either way. */
function drawRating(random: Random, average: number): number {
  const base = Math.floor(average);
  let rating = base + (random.chance(average - base) ? 1 : 0);
  if (random.chance(0.12)) rating += random.chance(0.5) ? 1 : -1;
  if (random.chance(0.02)) rating = 1 + random.int(0, 1); // the odd unhappy customer
  return Math.min(5, Math.max(1, rating));
}

/** India's date of a moment: UTC+05:30 all year (no daylight saving), so plain arithmetic, fast for large seeds. */
const IST_OFFSET_MS = 5.5 * 3_600_000;
const indiaDate = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
