import type { FastifyBaseLogger } from 'fastify';
import type { BookingStatus } from '@utsav/contracts/schemas';
import type { FailureReason } from '@utsav/contracts/booking-state';
import { applyTransition, PAYMENT_ACTOR } from '../bookings/booking-transitions';
import type { SqlSession } from '../db';
import { captureEffect, type RefundReason } from './payment-rules';
import { issueInvoice } from './invoices';
import { announceChange } from '../live/live-bus';
import { notifyConsumer } from '../notifications/outbox';

/**
 * What the provider told us about payments, written down, and what it does to the booking. Every function
 * here runs in the caller's transaction and is idempotent: the checkout's signed result and the webhooks
 * report the same payment, possibly twice each, possibly out of order, and the booking changes once.
 *
 * Locks: the booking row, then the order row (FOR UPDATE, always in that order), so two reports of one
 * booking take turns on PostgreSQL (PGlite runs one transaction at a time anyway).
 */

export interface OrderRow {
  id: string;
  booking_id: string;
  consumer_uid: string;
  amount: number;
  currency: 'INR';
  /** closed: the booking was cancelled before it was paid */
  status: 'created' | 'paid' | 'failed' | 'closed';
}

export const ORDER_COLUMNS = 'o.id, o.booking_id::text AS booking_id, o.consumer_uid, o.amount, o.currency, o.status';

interface Locked {
  order: OrderRow;
  booking: { status: BookingStatus; failure_reason: FailureReason | null };
}

async function lockOrderAndBooking(session: SqlSession, orderId: string): Promise<Locked | null> {
  const [found] = await session.query<{ booking_id: string }>('SELECT booking_id::text AS booking_id FROM payment_orders WHERE id = $1', [orderId]);
  if (!found) return null;
  const [booking] = await session.query<Locked['booking']>('SELECT status, failure_reason FROM bookings WHERE id = $1 FOR UPDATE', [found.booking_id]);
  const [order] = await session.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders o WHERE o.id = $1 FOR UPDATE`, [orderId]);
  if (!booking || !order) throw new Error(`payment order ${orderId} lost its booking`);
  return { order, booking };
}

export interface ReportedPayment {
  /** the provider's order id, one we stored */
  orderId: string;
  paymentId: string;
  /** paise */
  amount: number;
  currency: string;
  /** card, upi…; null when the report does not say */
  method: string | null;
  source: 'checkout' | 'webhook';
}

export interface CaptureOutcome {
  bookingId: string;
  order: OrderRow;
  /** false: this payment was already recorded as captured (nothing changed) */
  recorded: boolean;
  /** the booking went to confirmed now */
  confirmed: boolean;
  /** why this payment is owed back (decided now or before); null: not owed back */
  refund: RefundReason | null;
  /** the booking's status once this report is applied */
  bookingStatus: BookingStatus;
}

const refundOf = async (session: SqlSession, paymentId: string) =>
  (await session.query<{ reason: RefundReason }>('SELECT reason FROM payment_refunds WHERE payment_id = $1', [paymentId]))[0]?.reason ?? null;

/**
 * A captured payment: recorded once (a payment id is never counted twice), its order marked paid (a closed
 * order stays closed), then what payment-rules.ts says: the booking confirmed through the state machine, or
 * a refund written down as due (payment_refunds), for the caller to ask of the provider once this
 * transaction has committed (settleRefund). Returns null for an order we never created.
 */
export async function recordCapturedPayment(session: SqlSession, payment: ReportedPayment, log: FastifyBaseLogger): Promise<CaptureOutcome | null> {
  const locked = await lockOrderAndBooking(session, payment.orderId);
  if (!locked) return null;
  const { order, booking } = locked;
  const bookingId = order.booking_id;
  const context = { bookingId, orderId: order.id, paymentId: payment.paymentId, source: payment.source };

  const [existing] = await session.query<{ status: 'captured' | 'failed'; order_id: string }>(
    'SELECT status, order_id FROM payments WHERE id = $1 FOR UPDATE',
    [payment.paymentId],
  );
  if (existing && existing.order_id !== order.id) {
    log.error({ ...context, recordedOrderId: existing.order_id }, 'a payment was reported for two different orders; ignored');
    return { bookingId, order, recorded: false, confirmed: false, refund: null, bookingStatus: booking.status };
  }
  if (existing?.status === 'captured') {
    // reported before (the checkout's result and the webhook both say so): only learn the method if new
    if (payment.method) {
      await session.query('UPDATE payments SET method = $2, updated_at = now() WHERE id = $1 AND method IS NULL', [payment.paymentId, payment.method]);
    }
    return { bookingId, order, recorded: false, confirmed: false, refund: await refundOf(session, payment.paymentId), bookingStatus: booking.status };
  }
  if (existing) {
    // reported failed first, captured later (the provider's late authorisation)
    await session.query(
      `UPDATE payments SET status = 'captured', amount = $2, method = COALESCE($3, method), error_code = NULL,
         error_description = NULL, updated_at = now() WHERE id = $1`,
      [payment.paymentId, payment.amount, payment.method],
    );
  } else {
    await session.query(
      `INSERT INTO payments (id, order_id, booking_id, amount, currency, status, method, source)
       VALUES ($1, $2, $3, $4, $5, 'captured', $6, $7)`,
      [payment.paymentId, order.id, bookingId, payment.amount, payment.currency, payment.method, payment.source],
    );
  }
  await session.query(`UPDATE payment_orders SET status = 'paid', updated_at = now() WHERE id = $1 AND status IN ('created', 'failed')`, [order.id]);

  const amountMatches = payment.amount === order.amount && payment.currency === order.currency;
  const effect = captureEffect({ booking, amountMatches });
  if (effect.kind === 'confirm') {
    await applyTransition(session, { bookingId, action: 'confirmPayment', actor: PAYMENT_ACTOR });
    // its GST tax invoice, numbered in this transaction (no gaps: a rollback gives the number back)
    await issueInvoice(session, { paymentId: payment.paymentId, bookingId, now: new Date() });
    log.info(context, 'booking confirmed by its payment');
    return { bookingId, order, recorded: true, confirmed: true, refund: null, bookingStatus: 'confirmed' };
  }
  await session.query(
    `INSERT INTO payment_refunds (payment_id, booking_id, reason) VALUES ($1, $2, $3) ON CONFLICT (payment_id) DO NOTHING`,
    [payment.paymentId, bookingId, effect.reason],
  );
  log.warn(
    { ...context, bookingStatus: booking.status, reason: effect.reason, expected: order.amount, captured: payment.amount },
    'a captured payment cannot pay for its booking: refund due',
  );
  return { bookingId, order, recorded: true, confirmed: false, refund: effect.reason, bookingStatus: booking.status };
}

async function announceBookingChange(query: SqlSession['query'], bookingId: string): Promise<void> {
  const [booking] = await query<{ consumer_uid: string }>('SELECT consumer_uid FROM bookings WHERE id = $1', [bookingId]);
  if (booking) await announceChange(query, booking.consumer_uid);
}

export interface ProviderRefund {
  paymentId: string;
  refundId: string;
  /** paise */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * What the provider said about a refund we owe (its answer to our request, or a refund.* webhook): kept on
 * the payment's refund row. A final status (processed, failed) is never replaced; a refund we did not ask
 * for is not recorded. Returns false when nothing was changed.
 */
export async function recordRefund(session: SqlSession, refund: ProviderRefund, log: FastifyBaseLogger): Promise<boolean> {
  const updated = await session.query<{ booking_id: string; reason: string }>(
    `UPDATE payment_refunds SET status = $2, refund_id = $3, amount = $4, updated_at = now()
     WHERE payment_id = $1 AND status IN ('due', 'pending') AND (refund_id IS NULL OR refund_id = $3)
     RETURNING booking_id::text AS booking_id, reason`,
    [refund.paymentId, refund.status, refund.refundId, refund.amount],
  );
  const [row] = updated;
  if (!row) return false;
  log.info(refund, 'refund recorded');
  // a cancellation's refund is on its booking (its status shows there): the consumer hears when it is made
  if (row.reason === 'cancelled_by_consumer') {
    if (refund.status === 'processed') await notifyConsumer(session.query, { bookingId: row.booking_id, kind: 'refunded', amount: refund.amount });
    else await announceBookingChange(session.query, row.booking_id);
  }
  return true;
}

export interface FailedPayment extends Omit<ReportedPayment, 'source'> {
  errorCode: string | null;
  errorDescription: string | null;
}

/**
 * A failed payment attempt (webhook payment.failed): recorded (unless that payment is already known), the
 * order marked failed if it was still open, and the booking failed (payment_failed) only if it is still
 * accepted and nothing was captured for it — so a late or repeated failure never undoes a payment.
 * Returns null for an order we never created.
 */
export async function recordFailedPayment(session: SqlSession, payment: FailedPayment, log: FastifyBaseLogger): Promise<{ bookingId: string; failed: boolean } | null> {
  const locked = await lockOrderAndBooking(session, payment.orderId);
  if (!locked) return null;
  const { order, booking } = locked;
  const bookingId = order.booking_id;

  await session.query(
    `INSERT INTO payments (id, order_id, booking_id, amount, currency, status, method, source, error_code, error_description)
     VALUES ($1, $2, $3, $4, $5, 'failed', $6, 'webhook', $7, $8)
     ON CONFLICT (id) DO NOTHING`,
    [payment.paymentId, order.id, bookingId, payment.amount, payment.currency, payment.method, payment.errorCode, payment.errorDescription],
  );
  await session.query(`UPDATE payment_orders SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'created'`, [order.id]);

  if (booking.status !== 'accepted') return { bookingId, failed: false };
  const [paid] = await session.query<{ paid: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM payments WHERE booking_id = $1 AND status = 'captured') AS paid`,
    [bookingId],
  );
  if (paid?.paid) return { bookingId, failed: false };
  await applyTransition(session, { bookingId, action: 'failPayment', actor: PAYMENT_ACTOR });
  log.info({ bookingId, orderId: order.id, paymentId: payment.paymentId }, 'booking failed: its payment failed');
  return { bookingId, failed: true };
}
