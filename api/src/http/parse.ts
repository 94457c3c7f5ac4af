import type { z } from 'zod';
import { badRequest } from './http-error';

export interface ValidationIssue {
  /** dotted path of the field, '' for the value itself */
  path: string;
  message: string;
}

/**
 * Validates untrusted input (a body, params, a query) with a zod schema. On failure throws a 400
 * whose message reads like "email: Please enter a valid email"; every issue is also listed under
 * `issues` so a form can mark each field.
 */
export function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  throw badRequest(message, { issues });
}
