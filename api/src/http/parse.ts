import type { z } from 'zod';
import { inLocale } from '@utsav/contracts/i18n-core';
import { HttpError } from './http-error';
import { requestLocale } from './request-locale';

export interface ValidationIssue {
  /** dotted path of the field, '' for the value itself */
  path: string;
  message: string;
}

/**
 * Checks untrusted input (a body, params, a query) against a zod schema: its output, or a 400 whose message
 * reads like "email: Please enter a valid email", every issue also listed under `issues` so a form can mark
 * each field. The messages are said in the request's language (the schemas word an issue as the parse
 * reports it). The routes' validator (route-schemas.ts) is this; `parse` is the same for input a route reads
 * itself (the live stream's Last-Event-ID header).
 */
export function checkInput<Schema extends z.ZodType>(schema: Schema, value: unknown): { value: z.output<Schema> } | { error: HttpError } {
  const outcome = inLocale(requestLocale(), () => {
    const result = schema.safeParse(value);
    if (result.success) return result;
    const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    return { success: false as const, issues };
  });
  if (outcome.success) return { value: outcome.data };
  const { issues } = outcome;
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  return { error: new HttpError(400, 'http.invalidInput', { values: { issues: message }, details: { issues } }) };
}

/** checkInput's value, or its 400 thrown. */
export function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const checked = checkInput(schema, value);
  if ('error' in checked) throw checked.error;
  return checked.value;
}
