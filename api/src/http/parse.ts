import type { z } from 'zod';
import { inLocale } from '@utsav/contracts/i18n-core';
import { badRequest } from './http-error';
import { requestLocale } from './request-locale';

export interface ValidationIssue {
  /** dotted path of the field, '' for the value itself */
  path: string;
  message: string;
}

/**
 * Validates untrusted input (a body, params, a query) with a zod schema. On failure throws a 400
 * whose message reads like "email: Please enter a valid email"; every issue is also listed under
 * `issues` so a form can mark each field. The messages are said in the request's language (the schemas
 * look them up as the parse reports them).
 */
export function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  // zod words an issue when its message is first read: read them in the request's language too
  const outcome = inLocale(requestLocale(), () => {
    const result = schema.safeParse(value);
    if (result.success) return result;
    const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    return { success: false as const, issues };
  });
  if (outcome.success) return outcome.data;
  const { issues } = outcome;
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  throw badRequest(message, { issues });
}
