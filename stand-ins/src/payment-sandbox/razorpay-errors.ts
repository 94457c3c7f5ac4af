/** Razorpay's error body: `{ error: { code, description, source, step, reason, metadata, field? } }`. */
export interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, unknown>;
    field?: string;
  };
}

export function razorpayError(
  description: string,
  options: { code?: string; field?: string; source?: string; step?: string; reason?: string; metadata?: Record<string, unknown> } = {},
): RazorpayErrorBody {
  return {
    error: {
      code: options.code ?? 'BAD_REQUEST_ERROR',
      description,
      source: options.source ?? 'NA',
      step: options.step ?? 'NA',
      reason: options.reason ?? 'NA',
      metadata: options.metadata ?? {},
      ...(options.field ? { field: options.field } : {}),
    },
  };
}

/** An error a sandbox route answers with its status and Razorpay's body (see the sandbox's error handler). */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.error.description);
    this.name = 'SandboxError';
  }
}

/** 400 with Razorpay's validation shape, e.g. "The amount must be atleast INR 1.00" on field amount. */
export const invalidInput = (description: string, field?: string) =>
  new SandboxError(400, razorpayError(description, { field, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' }));

export const authenticationFailed = () => new SandboxError(401, razorpayError('Authentication failed'));

export const unknownId = () => new SandboxError(400, razorpayError('The id provided does not exist'));
