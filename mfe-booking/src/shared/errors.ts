import { ApiError } from '@utsav/contracts';

const FALLBACK = 'Something went wrong. Please try again.';

/** The HTTP status of an ApiError, else null. */
export function apiStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * A message a person can read: the server's own words for an ApiError (the bookings API says
 * things like 'The end time must be after the start time.'), never a schema dump.
 */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return FALLBACK;
  // a response that did not match the contract (zod) is not something to show verbatim
  if (error.name === 'ZodError') return 'The server sent an unexpected answer. Please try again.';
  return error.message || FALLBACK;
}

export function isNotFound(error: unknown): boolean {
  return apiStatus(error) === 404;
}
