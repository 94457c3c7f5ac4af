import { z } from 'zod';

/**
 * Checks an answer against its contract schema before it is sent, and gives what the schema outputs
 * (unknown keys dropped). A server drifting from @utsav/contracts then fails here — a logged 500 naming the
 * field — rather than in a browser. Every route's JSON answers go through it (route-schemas.ts), and the live
 * stream's events. Cheap enough to stay on in production (see api/README.md).
 */
export function checkedResponse<Schema extends z.ZodType>(schema: Schema, body: z.input<Schema>, what = 'Response'): z.output<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new Error(`${what} does not match its contract:\n${z.prettifyError(result.error)}`);
}
