import * as z from './zod';
import { said, type Said } from '../validation-messages';

/**
 * The schemas' text fields, in a form's words (one way for every form: addresses, plans, enquiries and quotes).
 * `name` is the field's label as a lazy message (`label('validation.label.city')`).
 */

/** Nothing given: left out, null, or only spaces. */
export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A required line, trimmed, at most `max` long: '{label} is required', '{label} must be at most {max} characters'. */
export const requiredLine = (name: Said, max: number) =>
  z
    .string({ error: (issue) => (isBlank(issue.input) ? said('validation.required', { label: name })() : said('validation.text', { label: name })()) })
    .trim()
    .min(1, { error: said('validation.required', { label: name }), abort: true })
    .max(max, { error: said('validation.maxLength', { label: name, max }) });

/** An optional line, trimmed, at most `max` long; '' when left out (or null). */
export const optionalLine = (name: Said, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: said('validation.text', { label: name }) })
      .trim()
      .max(max, { error: said('validation.maxLength', { label: name, max }) }),
  );
