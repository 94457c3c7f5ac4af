import type { z } from 'zod';
import { HttpError } from './http-error';

export interface ValidationIssue {
  /** dotted path of the field, '' for the value itself */
  path: string;
  message: string;
}

/**
 * Checks untrusted input (a body, params, a query) against a zod schema: its output, or a 400 whose message
 * reads like "email: Please enter a valid email", every issue also listed under `issues` so a form can mark
 * each field. The messages are said in the request's language (the schemas word an issue as the parse
 * reports it, in the contracts' `currentLocale()`: request-locale.ts). The routes' validator
 * (route-schemas.ts) is this; `parse` is the same for input a route reads itself (the live stream's
 * Last-Event-ID header).
 */
export function checkInput<Schema extends z.ZodType>(schema: Schema, value: unknown): { value: z.output<Schema> } | { error: HttpError } {
  const outcome = schema.safeParse(value);
  if (outcome.success) return { value: outcome.data };
  const issues: ValidationIssue[] = outcome.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  return { error: new HttpError(400, 'http.invalidInput', { values: { issues: message }, details: { issues } }) };
}

/** checkInput's value, or its 400 thrown. */
export function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const checked = checkInput(schema, value);
  if ('error' in checked) throw checked.error;
  return checked.value;
}
