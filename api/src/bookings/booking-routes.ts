import { bookingWindow, nowInIndia } from '@utsav/contracts/slot-rules';
import {
  bookingCreateSchema,
  bookingHistorySchema,
  bookingListSchema,
  bookingSchema,
  cancellationTermsSchema,
  monthAvailabilitySchema,
  monthSchema,
  rescheduleRequestSchema,
  reviewCreateSchema,
} from '@utsav/contracts/schemas';
import type { Query } from '../db';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, ownerOnly, signedIn } from '../auth';
import { badRequest, forbidden, HttpError, notFound } from '../http/http-error';
import { pageQuery } from '../http/page-query';
import { fileAnswer, type ApiPlugin } from '../http/route-schemas';
import { plainText } from '../http/plain-text';
import type { ConsumerRepository } from '../users/consumer-repository';
import { uidParams } from '../users/uid-params';
import type { BookingRepository } from './booking-repository';
import { bookingState, toBooking, type BookingRow } from './booking-rows';
import { hasEnded, isReviewable, planTransition } from '@utsav/contracts/booking-state';
import { currentLocale } from '@utsav/contracts/i18n-core';
import { cancellationTerms } from '../payments/cancellation';
import { transitionRefused } from './refusal';
import type { PaymentService } from '../payments/payment-service';
import { findInvoice } from '../payments/invoices';
import { renderInvoicePdf, type InvoiceSeller } from '../payments/invoice-pdf';
import { BOOKING_MESSAGES, BOOKING_NOT_FOUND } from './booking-messages';
import { findBookableMenu } from './menu-lookup';
import { monthAvailability } from './availability';
import { bookingHistory } from './booking-history';
import { isUuid } from '../http/uuid';
import { assertValidSlot } from './slot-rules';
import { addVerifiedReview } from '../catalog/review-repository';

export interface BookingRoutesOptions {
  bookings: BookingRepository;
  /** reads the catalog (the menu a booking names) */
  query: Query;
  /** the booking's name and email are the consumer's stored profile's */
  consumers: Pick<ConsumerRepository, 'find'>;
  /** the clock: India's date and time are read from it (tests may fix it) */
  now?: () => Date;
  /** cancellation refunds (the payment side owns the money) */
  payments: Pick<PaymentService, 'cancelBooking'>;
  /** who the invoices name as their issuer */
  invoiceSeller: InvoiceSeller;
}

const bookingParams = z.object({ bid: z.string() });
const serviceParams = z.object({ sid: z.string() });
const monthQuery = z.object({ month: monthSchema });

/** The contract's booking, and (not in the spec) the cart item it is made from (see the `nocart` header). */
const bookingRequest = bookingCreateSchema.extend({ cartItemId: z.string('cartItemId must be a string').max(64).optional() });

/**
 * The spec's `nocart` header: `true` (or 1 / yes) means "a direct booking, leave the cart alone".
 * Absent or anything else: the booking may come from the cart.
 */
function noCart(request: FastifyRequest): boolean {
  const value = request.headers.nocart;
  return typeof value === 'string' && ['true', '1', 'yes'].includes(value.trim().toLowerCase());
}

/** Bookings service of spec §7, as the signed-in consumer. */
export const bookingRoutes: ApiPlugin<BookingRoutesOptions> = async (app, { bookings, query, consumers, payments, invoiceSeller, now = () => new Date() }) => {
  const asUser = signedIn(app);
  const oneBooking = { params: bookingParams, response: { 200: bookingSchema } };

  /** The booking if it is the caller's: 404 unknown or malformed id, 403 someone else's. */
  async function ownBooking(request: FastifyRequest<{ Params: { bid: string } }>) {
    const { bid } = request.params;
    const booking = await bookings.find(bid);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.consumer_uid !== currentUser(request).uid) throw forbidden(BOOKING_MESSAGES.notYourBooking);
    return booking;
  }

  app.post('/bookings', { ...asUser, schema: { body: bookingRequest, response: { 201: bookingSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const { cartItemId: fromCart, ...payload } = request.body;
    const cartItemId = noCart(request) ? undefined : fromCart;
    if (payload.consumerId !== user.uid) throw forbidden(BOOKING_MESSAGES.notYours);
    // who books is the signed-in consumer as onboarded: the payload's consumerName and consumerEmail are ignored
    const profile = await consumers.find(user.uid);
    if (!profile) throw new HttpError(409, BOOKING_MESSAGES.noProfile);
    const india = nowInIndia(now());
    const bookingDate = india.date;
    assertValidSlot(payload.preferredDateRange, payload.preferredTime, india);
    // priced from the menu: the payload's amount, currency, menuName, bookingDate and createdAt are ignored
    const menu = await findBookableMenu(query, payload.menuId, payload.serviceId);
    const booking = await bookings.create({
      consumerUid: user.uid,
      consumerName: profile.name,
      consumerEmail: profile.email,
      menu,
      bookingDate,
      dates: payload.preferredDateRange,
      times: payload.preferredTime,
      note: plainText(payload.note),
      addressId: payload.addressId,
      cartItemId,
    });
    return reply.code(201).send(toBooking(booking));
  });

  // the slot calendar's unavailable days: public, like the catalog it belongs to (no one's bookings are named)
  const calendar = { params: serviceParams, querystring: monthQuery, response: { 200: monthAvailabilitySchema } };
  app.get('/services/:sid/availability', { schema: calendar }, async (request) => {
    const { sid } = request.params;
    const { month } = request.query;
    const { first, last } = bookingWindow(nowInIndia(now()));
    if (month < first.slice(0, 7) || month > last.slice(0, 7)) {
      throw badRequest('booking.monthOutOfRange', { first: first.slice(0, 7), last: last.slice(0, 7) });
    }
    const availability = isUuid(sid) ? await monthAvailability({ query }, sid.toLowerCase(), month) : null;
    if (!availability) throw notFound('catalog.serviceNotFound');
    return availability;
  });

  // a static segment: wins over /bookings/:bid in Fastify's router
  const theirs = { params: uidParams, querystring: pageQuery, response: { 200: bookingListSchema } };
  app.get('/bookings/user/:uid', { ...ownerOnly(app), schema: theirs }, async (request) =>
    (await bookings.listForConsumer(request.params.uid, request.query)).map(toBooking),
  );

  app.get('/bookings/:bid', { ...asUser, schema: oneBooking }, async (request) => toBooking(await ownBooking(request)));

  // a verified review: the consumer's own booking, paid and taken place, once (migration 018)
  const review = { params: bookingParams, body: reviewCreateSchema, response: { 201: bookingSchema } };
  app.post('/bookings/:bid/review', { ...asUser, schema: review }, async (request, reply) => {
    const booking = await ownBooking(request);
    const { rating, text } = request.body;
    const today = nowInIndia(now()).date;
    if (!isReviewable(toBooking(booking), today)) throw new HttpError(409, BOOKING_MESSAGES.notReviewable);
    const body = plainText(text);
    if (!body) throw badRequest('booking.reviewTextRequired');
    const added = await addVerifiedReview(query, {
      serviceId: booking.service_id,
      bookingId: booking.id,
      authorName: booking.consumer_name.slice(0, 80) || 'Utsav customer',
      rating,
      body,
      reviewedOn: today,
    });
    if (!added) throw new HttpError(409, BOOKING_MESSAGES.alreadyReviewed);
    return reply.code(201).send(toBooking(await bookings.reload(booking.id)));
  });

  // its GST tax invoice as a PDF, once its advance is paid (payments/invoices.ts)
  const invoiceFile = { params: bookingParams, response: { 200: fileAnswer('the GST tax invoice', 'application/pdf') } };
  app.get('/bookings/:bid/invoice', { ...asUser, schema: invoiceFile }, async (request, reply) => {
    const booking = await ownBooking(request);
    const invoice = await findInvoice({ query }, booking.id);
    if (!invoice) throw notFound('booking.noInvoice');
    const pdf = await renderInvoicePdf(invoice, invoiceSeller);
    return reply
      .type('application/pdf')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="Utsav-invoice-${invoice.number.replaceAll('/', '-')}.pdf"`)
      .send(pdf);
  });

  // its timeline: what happened, when, by whom (booking-history.ts)
  app.get('/bookings/:bid/history', { ...asUser, schema: { params: bookingParams, response: { 200: bookingHistorySchema } } }, async (request) => {
    const booking = await ownBooking(request);
    return bookingHistory({ query }, booking.id, booking.consumer_uid);
  });

  /** A booking whose last day has gone by is history: it is not cancelled or moved any more (booked again instead). */
  function assertNotEnded(booking: BookingRow): void {
    if (hasEnded(toBooking(booking), nowInIndia(now()).date)) throw new HttpError(409, BOOKING_MESSAGES.ended);
  }

  // a request the provider has not answered yet: nothing was paid, nothing to refund
  app.post('/bookings/:bid/withdraw', { ...asUser, schema: oneBooking }, async (request) => {
    const booking = await ownBooking(request);
    const updated = await bookings.transition({ bookingId: booking.id, action: 'withdraw', actor: currentUser(request).uid });
    return toBooking(updated);
  });

  // new dates for a booking that holds its provider's days: the provider answers (booking-reschedule.ts)
  app.post('/bookings/:bid/reschedule', { ...asUser, schema: { ...oneBooking, body: rescheduleRequestSchema } }, async (request) => {
    const booking = await ownBooking(request);
    assertNotEnded(booking);
    const { preferredDateRange, preferredTime } = request.body;
    assertValidSlot(preferredDateRange, preferredTime, nowInIndia(now()));
    await bookings.proposeReschedule(booking, { dates: preferredDateRange, times: preferredTime }, currentUser(request).uid);
    return toBooking(await bookings.reload(booking.id));
  });

  // what cancelling now would give back: the dialog shows these figures before the consumer confirms
  app.get('/bookings/:bid/cancellation', { ...asUser, schema: { params: bookingParams, response: { 200: cancellationTermsSchema } } }, async (request) => {
    const booking = await ownBooking(request);
    // the state machine says whether it can be cancelled, and why not
    const plan = planTransition(bookingState(booking), 'cancel');
    if (!plan.ok) throw transitionRefused(plan);
    assertNotEnded(booking);
    return cancellationTerms(booking, now(), currentLocale());
  });

  // accepted, paid or with a failed payment: a paid one gets the cancellation policy's refund through Razorpay
  app.post('/bookings/:bid/cancel', { ...asUser, schema: oneBooking }, async (request) => {
    const booking = await ownBooking(request);
    assertNotEnded(booking);
    const updated = await payments.cancelBooking(booking, currentUser(request).uid, request.log);
    return toBooking(updated);
  });
};
