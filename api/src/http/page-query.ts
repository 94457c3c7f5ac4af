import { z } from 'zod';

/** The most items one list answer carries; asking for more is a 400, not a silent cut. */
export const MAX_PAGE_SIZE = 100;
/** Deep offsets cost the database a scan of everything skipped; nobody pages this far by hand. */
export const MAX_OFFSET = 10_000;

export interface Page {
  limit: number;
  offset: number;
}

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be between ${min} and ${max}` })
    .max(max, { error: `${name} must be between ${min} and ${max}` })
    .default(fallback);

/** `?limit=&offset=` of a list route: limit 1–100 (default 100), offset 0–10 000 (default 0). */
export const pageQueryFields = {
  limit: wholeNumber('limit', 1, MAX_PAGE_SIZE, MAX_PAGE_SIZE),
  offset: wholeNumber('offset', 0, MAX_OFFSET, 0),
};
export const pageQuery = z.object(pageQueryFields);
