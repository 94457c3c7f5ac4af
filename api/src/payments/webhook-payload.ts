import { z } from 'zod';

/** The envelope of every Razorpay webhook: `{ entity: 'event', event, payload, … }`. */
export const webhookEnvelopeSchema = z.object({
  event: z.string().min(1),
  payload: z.record(z.string(), z.unknown()).optional(),
});

/** payload.payment.entity, as much as the API reads. */
export const webhookPaymentSchema = z.object({
  payment: z.object({
    entity: z.object({
      id: z.string().min(1).max(64),
      order_id: z.string().min(1).max(64).nullable(),
      amount: z.number().int().nonnegative(),
      currency: z.string().min(1),
      status: z.string(),
      method: z.string().nullable().optional(),
      error_code: z.string().nullable().optional(),
      error_description: z.string().nullable().optional(),
    }),
  }),
});

/** payload.refund.entity, as much as the API reads. */
export const webhookRefundSchema = z.object({
  refund: z.object({
    entity: z.object({
      id: z.string().min(1).max(64),
      payment_id: z.string().min(1).max(64),
      amount: z.number().int().positive(),
      status: z.enum(['pending', 'processed', 'failed']),
    }),
  }),
});

/**
 * The events the API acts on; any other is acknowledged and ignored. payment.authorized is one of the
 * others: authorised money is not taken yet, only a capture confirms a booking.
 */
export const CAPTURE_EVENTS = ['order.paid', 'payment.captured'] as const;
export const FAILURE_EVENT = 'payment.failed';
export const REFUND_EVENTS = ['refund.created', 'refund.processed', 'refund.failed'] as const;
