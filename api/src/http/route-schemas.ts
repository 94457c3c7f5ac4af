import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkedResponse } from './checked-response';
import { checkInput } from './parse';

/**
 * A domain's routes (catalog, bookings, cart…): a Fastify plugin, registered in app.ts with its prefix and
 * what it depends on, whose routes declare their params, query, body and answers as zod schemas (typed by
 * fastify-type-provider-zod). Fastify validates the input with them before the handler runs and checks
 * every JSON answer against its status's schema before it is sent; the same schemas make /openapi.json.
 */
export type ApiPlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsyncZod<Options>;

/**
 * An answer that is a file or a stream rather than JSON (a photo, an invoice, the live stream): documented by
 * its content types; Fastify sends the body as it is.
 */
export const fileAnswer = (description: string, ...types: [string, ...string[]]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: fileBody }])),
});

/**
 * The body of a file answer: bytes, a stream or text, which Fastify sends as they are (it serializes only JSON), so
 * the schema is never run and says only what the document shows: a binary string.
 */
const fileBody = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer | Readable | string>;

/** What every refusal answers (http-error.ts): the message id of the API's catalogue, its values, its words. */
export const errorAnswerSchema = z.object({ code: z.string(), params: z.record(z.string(), z.string()), message: z.string() });

/** An answer without a body (204, 304, a redirect). */
export const noBody = (description: string) => z.null().optional().describe(description);

function answerSchema(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new TypeError(`A route's answer schema must be a zod schema, not ${JSON.stringify(schema)}`);
}

/**
 * The routes' validator and serializer. Input: `checkInput`, so a bad body, query or param is the house's
 * 400 with its issues in the request's language. Answers: `checkedResponse`, parsed by their schema and what
 * it outputs is sent (unknown keys dropped), so a server drifting from @utsav/contracts fails here, a logged
 * 500 naming the field, rather than in a browser. Parsed, not encoded as fastify-type-provider-zod's serializer does: the
 * contracts' schemas have one-way steps (`preprocess`, defaults) that zod refuses to encode, and parsing is
 * what the API has always checked its answers with.
 */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (value) => checkInput(answerSchema(schema), value));
  app.setSerializerCompiler(({ schema, method, url }) => {
    const answer = answerSchema(schema);
    return (data) => JSON.stringify(checkedResponse(answer, data, `The answer of ${method} ${url}`));
  });
}
