import { paymentBreakdown } from '@utsav/contracts/money';
import type { CreateOrderResponse, PaymentResult, VerifyPaymentResponse } from '@utsav/contracts/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { BookingRepository } from '../bookings/booking-repository';
import { BOOKING_MESSAGES } from '../bookings/booking-routes';
import { BOOKING_NOT_FOUND } from '../bookings/booking-transitions';
import type { Database } from '../db';
import { badRequest, forbidden, HttpError, notFound } from '../http/http-error';
import { ORDER_COLUMNS, recordCapturedPayment, recordFailedPayment, type OrderRow } from './payment-ledger';
import { isValidPaymentSignature, isValidWebhookSignature } from './payment-signature';
import type { RazorpayClient } from './razorpay-client';
import { CAPTURE_EVENTS, FAILURE_EVENT, webhookEnvelopeSchema, webhookPaymentSchema } from './webhook-payload';

export const PAYMENT_MESSAGES = {
  notYou: 'You can only pay for yourself.',
  cannotPay: 'This booking cannot be paid now.',
  alreadyPaid: 'This booking is already paid.',
  justPaid: 'This booking has just been paid; its confirmation is on its way.',
  tooSmall: 'This booking’s amount is too small to pay online.',
  /** spec §8: "Order creation fails → Alert 'Could not initiate payment.'" */
  providerFailed: 'Could not initiate payment.',
  orderNotFound: 'Payment order not found',
  notYourOrder: 'You can only verify your own payments.',
  badWebhookSignature: 'Invalid webhook signature.',
  badWebhookBody: 'Webhook body is not valid JSON.',
  badWebhookPayload: 'Webhook payload not understood.',
  badEventId: 'x-razorpay-event-id is too long.',
} as const;

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
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface PaymentService {
  createOrder(uid: string, request: { userId: string; bookingId: string }, log: FastifyBaseLogger): Promise<CreateOrderResponse>;
  verifyPayment(uid: string, result: PaymentResult, log: FastifyBaseLogger): Promise<VerifyPaymentResponse>;
  handleWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined, log: FastifyBaseLogger): Promise<WebhookOutcome>;
}

const providerFailed = (cause: unknown) => new HttpError(502, PAYMENT_MESSAGES.providerFailed, { cause });
const conflict = (message: string) => new HttpError(409, message);

export function createPaymentService({ db, bookings, razorpay, keyId, keySecret, webhookSecret }: PaymentServiceOptions): PaymentService {
  const toResponse = (order: Pick<OrderRow, 'id' | 'amount'>): CreateOrderResponse => ({ id: order.id, amount: order.amount, currency: 'INR', keyId });

  const findOrder = async (orderId: string) =>
    (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders o WHERE o.id = $1`, [orderId]))[0] ?? null;
  const openOrder = async (bookingId: string) =>
    (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders o WHERE o.booking_id = $1 AND o.status = 'created'`, [bookingId]))[0] ?? null;

  return {
    async createOrder(uid, request, log) {
      if (request.userId !== uid) throw forbidden(PAYMENT_MESSAGES.notYou);
      const booking = await bookings.find(request.bookingId);
      if (!booking) throw notFound(BOOKING_NOT_FOUND);
      if (booking.consumer_uid !== uid) throw forbidden(BOOKING_MESSAGES.notYourBooking);
      if (booking.status === 'confirmed') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
      const payable = booking.status === 'accepted' || (booking.status === 'failed' && booking.failure_reason === 'payment_failed');
      if (!payable) throw conflict(PAYMENT_MESSAGES.cannotPay);

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
        .createOrder({ amount, currency: 'INR', receipt: booking.id, notes: { bookingId: booking.id, consumerUid: uid } })
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
      // signed over the order id we stored and the payment id checkout returned
      if (!isValidPaymentSignature(order.id, result.razorpay_payment_id, result.razorpay_signature, keySecret)) {
        log.warn({ orderId: order.id, paymentId: result.razorpay_payment_id }, 'payment signature does not match; nothing changed');
        return { status: false };
      }
      await db.transaction((session) =>
        recordCapturedPayment(
          session,
          { orderId: order.id, paymentId: result.razorpay_payment_id, amount: order.amount, currency: order.currency, method: null, source: 'checkout' },
          log,
        ),
      );
      return { status: true, bookingId: order.booking_id, paymentId: result.razorpay_payment_id, amount: order.amount };
    },

    async handleWebhook(rawBody, signature, eventId, log) {
      if (!isValidWebhookSignature(rawBody, signature, webhookSecret)) throw badRequest(PAYMENT_MESSAGES.badWebhookSignature);
      if (eventId !== undefined && eventId.length > EVENT_ID_MAX_LENGTH) throw badRequest(PAYMENT_MESSAGES.badEventId);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest(PAYMENT_MESSAGES.badWebhookBody);
      }
      const envelope = webhookEnvelopeSchema.safeParse(json);
      if (!envelope.success) throw badRequest(PAYMENT_MESSAGES.badWebhookPayload);
      const { event, payload } = envelope.data;
      const context = { eventId, event };

      // the event is recorded with its effect, in one transaction: a delivery that fails is handled again on retry
      return db.transaction(async (session): Promise<WebhookOutcome> => {
        if (eventId) {
          const inserted = await session.query('INSERT INTO webhook_events (id, event) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id', [eventId, event]);
          if (inserted.length === 0) {
            log.info(context, 'webhook event already handled');
            return 'duplicate';
          }
        }
        const isCapture = (CAPTURE_EVENTS as readonly string[]).includes(event);
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
          const outcome = await recordCapturedPayment(session, { ...reported, source: 'webhook' }, log);
          if (!outcome) log.warn({ ...context, orderId: payment.order_id }, 'webhook for an order this API did not create; ignored');
          return outcome ? 'processed' : 'ignored';
        }
        const outcome = await recordFailedPayment(
          session,
          { ...reported, errorCode: payment.error_code ?? null, errorDescription: payment.error_description ?? null },
          log,
        );
        if (!outcome) log.warn({ ...context, orderId: payment.order_id }, 'webhook for an order this API did not create; ignored');
        return outcome ? 'processed' : 'ignored';
      });
    },
  };
}
