/** An error that becomes an HTTP answer `{ message }` with its status code (see error-handler.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.details = options?.details;
  }

  /** Extra JSON fields sent next to `message` (e.g. the list of validation issues). */
  readonly details: Record<string, unknown> | undefined;
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, message, { details });
export const unauthorized = (message: string, cause?: unknown) => new HttpError(401, message, { cause });
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
