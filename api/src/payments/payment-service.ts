import { isPayable } from '@utsav/contracts/booking-state';
import { paymentBreakdown } from '@utsav/contracts/money';
import { createHash } from 'node:crypto';
import type { CreateOrderResponse, PaymentResult, VerifyPaymentResponse } from '@utsav/contracts/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_MESSAGES, BOOKING_NOT_FOUND } from '../bookings/booking-messages';
import type { BookingRepository } from '../bookings/booking-repository';
import type { BookingRow } from '../bookings/booking-rows';
import { bookingState } from '../bookings/booking-rows';
import type { Database, SqlSession } from '../db';
import { badRequest, forbidden, HttpError, notFound } from '../http/http-error';
import type { ApiMessage } from '../http/api-messages';
import { cancelWithRefund } from './cancellation';
import { ORDER_COLUMNS, recordCapturedPayment, recordFailedPayment, recordRefund, type OrderRow } from './payment-ledger';
import type { RefundReason } from './payment-rules';
import { isValidPaymentSignature, isValidWebhookSignature } from './payment-signature';
import { RazorpayError, type RazorpayClient, type RazorpayPayment } from './razorpay-client';
import {
  CAPTURE_EVENTS,
  FAILURE_EVENT,
  REFUND_EVENTS,
  webhookEnvelopeSchema,
  webhookPaymentSchema,
  webhookRefundSchema,
} from './webhook-payload';

export const PAYMENT_MESSAGES = {
  notYou: 'payment.notYou',
  cannotPay: 'payment.cannotPay',
  alreadyPaid: 'payment.alreadyPaid',
  justPaid: 'payment.justPaid',
  tooSmall: 'payment.tooSmall',
  /** spec §8: "Order creation fails → Alert 'Could not initiate payment.'" */
  providerFailed: 'payment.providerFailed',
  orderNotFound: 'payment.orderNotFound',
  notYourOrder: 'payment.notYourOrder',
  badWebhookSignature: 'payment.badWebhookSignature',
  badWebhookBody: 'payment.badWebhookBody',
  badWebhookPayload: 'payment.badWebhookPayload',
  badEventId: 'payment.badEventId',
  notCaptured: 'payment.notCaptured',
  refunded: 'payment.refunded',
  cancelledNotTaken: 'payment.cancelledNotTaken',
  amountMismatch: 'payment.amountMismatch',
  refundFailed: 'payment.refundFailed',
} as const;

/** verify_payment's 409 when a captured payment is refunded instead of confirming its booking. */
export const REFUND_MESSAGES: Record<RefundReason, ApiMessage> = {
  booking_cancelled: 'payment.refund.bookingCancelled',
  booking_already_paid: 'payment.refund.alreadyPaid',
  booking_not_payable: 'payment.refund.notPayable',
  amount_mismatch: 'payment.refund.amountMismatch',
};

/** Razorpay's smallest order: ₹1.00. */
const MIN_ORDER_PAISE = 100;
const EVENT_ID_MAX_LENGTH = 128;

export interface PaymentServiceOptions {
  db: Database;
  bookings: BookingRepository;
  razorpay: RazorpayClient;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** the clock the cancellation policy reads */
  now?: () => Date;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface PaymentService {
  createOrder(uid: string, request: { userId: string; bookingId: string }, log: FastifyBaseLogger): Promise<CreateOrderResponse>;
  verifyPayment(uid: string, result: PaymentResult, log: FastifyBaseLogger): Promise<VerifyPaymentResponse>;
  /** headerEventId: x-razorpay-event-id, logged only (deliveries are recognised by their signed body) */
  handleWebhook(rawBody: Buffer, signature: string | undefined, headerEventId: string | undefined, log: FastifyBaseLogger): Promise<WebhookOutcome>;
  /**
   * The consumer cancels their booking (as read: a change since is a 409); a paid one gets the cancellation
   * policy's refund, asked of Razorpay at once (if Razorpay cannot take it now, it stays due and is asked again
   * by settleDueRefunds). Returns the booking as it now is.
   */
  cancelBooking(booking: BookingRow, actor: string, log: FastifyBaseLogger): Promise<BookingRow>;
  /** Asks Razorpay again for every refund still due (written down, not yet taken): a periodic job's work. */
  settleDueRefunds(log: FastifyBaseLogger): Promise<number>;
}

const providerFailed = (cause: unknown) => new HttpError(502, PAYMENT_MESSAGES.providerFailed, { cause });
const conflict = (code: ApiMessage) => new HttpError(409, code);
/**
 * The provider refused the request itself (400 BAD_REQUEST_ERROR: unknown id, wrong state…), as opposed to
 * failing, refusing our keys or being out of reach, which a retry may cure.
 */
const refusedByProvider = (error: unknown) => error instanceof RazorpayError && (error.details.status === 400 || error.details.status === 404);

/** A refund.* webhook: the provider's word on a refund we asked for, kept on its row (others are ignored). */
async function handleRefundEvent(session: SqlSession, payload: unknown, context: object, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  const parsed = webhookRefundSchema.safeParse(payload);
  if (!parsed.success) {
    log.error({ ...context, issues: parsed.error.issues }, 'webhook refund not understood');
    throw badRequest(PAYMENT_MESSAGES.badWebhookPayload);
  }
  const refund = parsed.data.refund.entity;
  const changed = await recordRefund(session, { paymentId: refund.payment_id, refundId: refund.id, amount: refund.amount, status: refund.status }, log);
  if (!changed) log.info({ ...context, refundId: refund.id }, 'refund webhook changed nothing');
  return changed ? 'processed' : 'ignored';
}

export function createPaymentService({ db, bookings, razorpay, keyId, keySecret, webhookSecret, now = () => new Date() }: PaymentServiceOptions): PaymentService {
  const toResponse = (order: Pick<OrderRow, 'id' | 'amount'>): CreateOrderResponse => ({ id: order.id, amount: order.amount, currency: 'INR', keyId });

  const findOrder = async (orderId: string) =>
    (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders o WHERE o.id = $1`, [orderId]))[0] ?? null;
  const openOrder = async (bookingId: string) =>
    (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders o WHERE o.booking_id = $1 AND o.status = 'created'`, [bookingId]))[0] ?? null;

  /** The provider's payment; null when it does not know it (a 4xx). 502 when it cannot answer. */
  const fetchPayment = (paymentId: string) =>
    razorpay.fetchPayment(paymentId).catch((error: unknown) => {
      if (refusedByProvider(error)) return null;
      throw providerFailed(error);
    });

  /**
   * An authorized payment on our order: captured for exactly the order's amount if its booking still awaits
   * it (else left uncaptured: the provider gives authorised money back by itself). Returns the provider's
   * answer, captured.
   */
  async function captureAuthorized(order: OrderRow, payment: RazorpayPayment, log: FastifyBaseLogger): Promise<RazorpayPayment> {
    const booking = await bookings.find(order.booking_id);
    if (!booking || booking.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.cancelledNotTaken);
    if (!isPayable(bookingState(booking))) throw conflict(booking.status === 'confirmed' ? PAYMENT_MESSAGES.alreadyPaid : PAYMENT_MESSAGES.cannotPay);
    if (payment.amount !== order.amount || payment.currency !== order.currency) throw conflict(PAYMENT_MESSAGES.amountMismatch);
    try {
      const captured = await razorpay.capturePayment(payment.id, order.amount, order.currency);
      log.info({ bookingId: order.booking_id, orderId: order.id, paymentId: payment.id }, 'authorized payment captured');
      return captured;
    } catch (error) {
      // captured in between (the provider's auto-capture): its own answer says so
      if (!refusedByProvider(error)) throw providerFailed(error);
      const now = await fetchPayment(payment.id);
      if (!now) throw providerFailed(error);
      return now;
    }
  }

  /**
   * Asks the provider for a refund written down as due (payment_refunds) and records its answer. Idempotent at
   * the provider too (X-Refund-Idempotency per payment), so a lost answer or two callers never refund twice.
   */
  async function settleRefund(paymentId: string, log: FastifyBaseLogger): Promise<void> {
    const [due] = await db.query<{ booking_id: string; reason: RefundReason; amount: number | null }>(
      `SELECT booking_id::text AS booking_id, reason, amount FROM payment_refunds WHERE payment_id = $1 AND status = 'due'`,
      [paymentId],
    );
    if (!due) return;
    // a cancellation refunds the policy's share (its amount is set when it is due); the others the whole payment
    const amount = due.amount === null ? {} : { amount: due.amount };
    const refund = await razorpay.refundPayment(paymentId, { ...amount, notes: { bookingId: due.booking_id, reason: due.reason } }, `utsav-refund-${paymentId}`);
    await db.transaction((session) =>
      recordRefund(session, { paymentId, refundId: refund.id, amount: refund.amount, status: refund.status }, log),
    );
  }

  return {
    async cancelBooking(booking, actor, log) {
      const paymentId = await db.transaction((session) => cancelWithRefund(session, booking, actor, now()));
      if (paymentId) {
        await settleRefund(paymentId, log).catch((error: unknown) =>
          // the booking is cancelled and the refund written down: it is asked for again later
          log.error({ bookingId: booking.id, paymentId, err: error }, 'cancellation refund not made yet; it stays due'),
        );
      }
      return bookings.reload(booking.id);
    },

    async settleDueRefunds(log) {
      // a minute old at least: a fresh one is being asked for by whoever wrote it
      const due = await db.query<{ payment_id: string }>(
        `SELECT payment_id FROM payment_refunds WHERE status = 'due' AND created_at < now() - interval '1 minute' ORDER BY created_at LIMIT 50`,
      );
      let settled = 0;
      for (const { payment_id: paymentId } of due) {
        try {
          await settleRefund(paymentId, log);
          settled += 1;
        } catch (error) {
          log.error({ paymentId, err: error }, 'refund still not made');
        }
      }
      return settled;
    },

    async createOrder(uid, request, log) {
      if (request.userId !== uid) throw forbidden(PAYMENT_MESSAGES.notYou);
      const booking = await bookings.find(request.bookingId);
      if (!booking) throw notFound(BOOKING_NOT_FOUND);
      if (booking.consumer_uid !== uid) throw forbidden(BOOKING_MESSAGES.notYourBooking);
      if (booking.status === 'confirmed') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
      if (!isPayable(bookingState(booking))) throw conflict(PAYMENT_MESSAGES.cannotPay);

      // what the consumer pays now, computed here whatever the page sent (spec §9, the contracts' function)
      const amount = paymentBreakdown(booking.amount).payNow;
      if (amount < MIN_ORDER_PAISE) throw conflict(PAYMENT_MESSAGES.tooSmall);

      const open = await openOrder(booking.id);
      if (open && open.amount === amount) {
        // handed out before: the consumer may have paid it since (its webhook not here yet)
        const remote = await razorpay.fetchOrder(open.id).catch((error: unknown) => {
          throw providerFailed(error);
        });
        if (remote.status === 'paid') throw conflict(PAYMENT_MESSAGES.justPaid);
        return toResponse(open);
      }
      if (open) {
        // made for another amount (the booking's amount never changes today): retire it
        await db.query(`UPDATE payment_orders SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'created'`, [open.id]);
      }

      const created = await razorpay
        // captured by the provider as soon as it is authorised (verify captures one that is still authorized)
        .createOrder({ amount, currency: 'INR', receipt: booking.id, notes: { bookingId: booking.id, consumerUid: uid }, payment_capture: true })
        .catch((error: unknown) => {
          throw providerFailed(error);
        });
      if (created.amount !== amount || created.currency !== 'INR') {
        throw providerFailed(new Error(`the provider made order ${created.id} for ${created.amount} ${created.currency}, not ${amount} INR`));
      }
      const [stored] = await db.query<OrderRow>(
        `INSERT INTO payment_orders AS o (id, booking_id, consumer_uid, amount, currency) VALUES ($1, $2, $3, $4, 'INR')
         ON CONFLICT (booking_id) WHERE status = 'created' DO NOTHING
         RETURNING ${ORDER_COLUMNS}`,
        [created.id, booking.id, uid, amount],
      );
      if (stored) {
        log.info({ bookingId: booking.id, orderId: stored.id, amount }, 'payment order created');
        return toResponse(stored);
      }
      // a concurrent call stored its order first: that one is the booking's open order (ours is never used)
      const winner = await openOrder(booking.id);
      if (!winner) throw new Error(`no open payment order for booking ${booking.id} after a conflict`);
      return toResponse(winner);
    },

    async verifyPayment(uid, result, log) {
      const order = await findOrder(result.razorpay_order_id);
      if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
      if (order.consumer_uid !== uid) throw forbidden(PAYMENT_MESSAGES.notYourOrder);
      const paymentId = result.razorpay_payment_id;
      const context = { bookingId: order.booking_id, orderId: order.id, paymentId };
      // signed over the order id we stored and the payment id checkout returned
      if (!isValidPaymentSignature(order.id, paymentId, result.razorpay_signature, keySecret)) {
        log.warn(context, 'payment signature does not match; nothing changed');
        return { status: false };
      }

      // the signature says checkout finished, not that money was taken: ask the provider
      let payment = await fetchPayment(paymentId);
      if (!payment || payment.order_id !== order.id) {
        log.warn({ ...context, providerOrderId: payment?.order_id }, 'the provider does not know this payment on this order; nothing changed');
        return { status: false };
      }
      if (payment.status === 'authorized') payment = await captureAuthorized(order, payment, log);
      if (payment.status === 'refunded') throw conflict(PAYMENT_MESSAGES.refunded);
      if (payment.status !== 'captured') {
        log.info({ ...context, status: payment.status }, 'verify: the payment is not captured; nothing changed');
        throw conflict(PAYMENT_MESSAGES.notCaptured);
      }

      const reported = { orderId: order.id, paymentId, amount: payment.amount, currency: payment.currency, method: payment.method ?? null };
      const outcome = await db.transaction((session) => recordCapturedPayment(session, { ...reported, source: 'checkout' }, log));
      if (!outcome) throw new Error(`payment order ${order.id} disappeared`);
      if (outcome.refund) {
        // the webhook of this capture retries the refund if the provider cannot be reached now
        await settleRefund(paymentId, log).catch((error: unknown) => log.error({ ...context, err: error }, 'refund not made yet'));
        throw conflict(REFUND_MESSAGES[outcome.refund]);
      }
      if (outcome.bookingStatus !== 'confirmed') throw conflict(PAYMENT_MESSAGES.cannotPay);
      return { status: true, bookingId: order.booking_id, paymentId, amount: order.amount };
    },

    async handleWebhook(rawBody, signature, headerEventId, log) {
      if (!isValidWebhookSignature(rawBody, signature, webhookSecret)) throw badRequest(PAYMENT_MESSAGES.badWebhookSignature);
      if (headerEventId !== undefined && headerEventId.length > EVENT_ID_MAX_LENGTH) throw badRequest(PAYMENT_MESSAGES.badEventId);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest(PAYMENT_MESSAGES.badWebhookBody);
      }
      const envelope = webhookEnvelopeSchema.safeParse(json);
      if (!envelope.success) throw badRequest(PAYMENT_MESSAGES.badWebhookPayload);
      const { event, payload } = envelope.data;
      // a delivery is known by the bytes its signature covers; the header's id is not signed (logs only)
      const deliveryId = createHash('sha256').update(rawBody).digest('hex');
      const context = { deliveryId, headerEventId, event };
      const isCapture = (CAPTURE_EVENTS as readonly string[]).includes(event);
      const isRefund = (REFUND_EVENTS as readonly string[]).includes(event);

      // the event is recorded with its effect, in one transaction: a delivery that fails is handled again on retry
      const outcome = await db.transaction(async (session): Promise<WebhookOutcome> => {
        const inserted = await session.query(
          'INSERT INTO webhook_events (id, event, header_event_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
          [deliveryId, event, headerEventId ?? null],
        );
        if (inserted.length === 0) {
          log.info(context, 'webhook event already handled');
          return 'duplicate';
        }
        if (isRefund) return handleRefundEvent(session, payload, context, log);
        if (!isCapture && event !== FAILURE_EVENT) {
          log.info(context, 'webhook event ignored');
          return 'ignored';
        }
        const parsed = webhookPaymentSchema.safeParse(payload);
        if (!parsed.success) {
          log.error({ ...context, issues: parsed.error.issues }, 'webhook payment not understood');
          throw badRequest(PAYMENT_MESSAGES.badWebhookPayload);
        }
        const payment = parsed.data.payment.entity;
        if (!payment.order_id) {
          log.info({ ...context, paymentId: payment.id }, 'webhook payment without an order ignored');
          return 'ignored';
        }
        const reported = { orderId: payment.order_id, paymentId: payment.id, amount: payment.amount, currency: payment.currency, method: payment.method ?? null };

        if (isCapture) {
          if (payment.status !== 'captured') {
            log.info({ ...context, paymentId: payment.id, status: payment.status }, 'webhook payment not captured; ignored');
            return 'ignored';
          }
          const recorded = await recordCapturedPayment(session, { ...reported, source: 'webhook' }, log);
          if (!recorded) log.warn({ ...context, orderId: payment.order_id }, 'webhook for an order this API did not create; ignored');
          return recorded ? 'processed' : 'ignored';
        }
        const failed = await recordFailedPayment(
          session,
          { ...reported, errorCode: payment.error_code ?? null, errorDescription: payment.error_description ?? null },
          log,
        );
        if (!failed) log.warn({ ...context, orderId: payment.order_id }, 'webhook for an order this API did not create; ignored');
        return failed ? 'processed' : 'ignored';
      });

      // a capture that cannot pay for its booking is refunded now that it is recorded (a redelivery retries it)
      if (isCapture) {
        const paymentId = webhookPaymentSchema.safeParse(payload).data?.payment.entity.id;
        if (paymentId) {
          await settleRefund(paymentId, log).catch((error: unknown) => {
            if (refusedByProvider(error)) {
              // refused for good: retrying will not help, a person has to look (the refund stays due)
              log.error({ ...context, paymentId, err: error }, 'the provider refused a refund we owe');
              return;
            }
            throw new HttpError(502, PAYMENT_MESSAGES.refundFailed, { cause: error });
          });
        }
      }
      return outcome;
    },
  };
}
