import {
  BOOKING_STATUSES,
  bookingHistorySchema,
  isoDateSchema,
  providerBookingListSchema,
  providerBookingSchema,
  providerClaimedSchema,
  providerClaimSchema,
  providerDeclineSchema,
  providerListingsSchema,
} from '@utsav/contracts/schemas';
import { bookingWindow, nowInIndia } from '@utsav/contracts/slot-rules';
import type { Database } from '../db';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { badRequest, forbidden, HttpError, notFound } from '../http/http-error';
import { providerAvailability, providerAvailabilitySchema } from './availability';
import { pageQueryFields } from '../http/page-query';
import type { ApiPlugin } from '../http/route-schemas';
import { plainText } from '../http/plain-text';
import type { BookingRepository } from './booking-repository';
import type { DeclineWith } from './booking-transitions';
import { BOOKING_NOT_FOUND } from './booking-messages';
import { bookingHistory } from './booking-history';
import { findProviderBooking, listProviderBookings, toProviderBooking } from './provider-bookings';
import { blockDay, claimByInvite, findProvider, listingsOf, setDailyCapacity, unblockDay } from './provider-repository';
import { inviteCodeHash, normaliseInviteCode } from './provider-invites';
import {
  earningsQuerySchema,
  providerAvailabilityQuerySchema,
  providerEarningsSchema,
  providerReviewPageSchema,
  providerReviewSchema,
  reviewPageQuerySchema,
  reviewReplyCreateSchema,
} from '@utsav/contracts/schemas';
import { addReviewReply, findProviderReview, providerReview, providerReviews } from '../catalog/review-repository';
import { earningsCsv, providerEarnings } from '../payments/earnings';
import { fileAnswer } from '../http/route-schemas';

export const PROVIDER_MESSAGES = {
  notAProvider: 'provider.notAProvider',
  notYourBooking: 'provider.notYourBooking',
  notYourBookingToSee: 'provider.notYourBookingToSee',
  notYourProvider: 'provider.notYourProvider',
  notYourListing: 'provider.notYourListing',
  reviewNotFound: 'provider.reviewNotFound',
  alreadyReplied: 'provider.alreadyReplied',
  replyTextRequired: 'provider.replyTextRequired',
} as const;

const WHEN = ['upcoming', 'past'] as const;
const listQuery = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
  when: z.enum(WHEN, { error: `when must be one of ${WHEN.join(', ')}` }).optional(),
  ...pageQueryFields,
});
const bookingParams = z.object({ bid: z.string() });
/** a decline names one of the fixed reasons, and may add a note (the contracts' schema): no reason is a 400 */
const declineBody = providerDeclineSchema;
/** no body at all is read as an empty one, so its 400 names what is missing (the reason) */
const emptyBodyAsObject = async (request: FastifyRequest) => {
  request.body ??= {};
};

const providerParams = z.object({ pid: z.string() });
const reviewParams = providerParams.extend({ rid: z.string() });
const blockedDayParams = providerParams.extend({ date: isoDateSchema });
const BLOCKED_REASON_MAX_LENGTH = 200;
const blockedDayBody = z
  .object({
    reason: z.string().max(BLOCKED_REASON_MAX_LENGTH, `The reason must be at most ${BLOCKED_REASON_MAX_LENGTH} characters`).optional(),
  })
  .nullish();
const capacityBody = z.object({
  dailyCapacity: z.number('dailyCapacity must be a whole number from 1 to 100').int('dailyCapacity must be a whole number from 1 to 100').min(1, 'dailyCapacity must be at least 1').max(100, 'dailyCapacity must be at most 100'),
});

export interface ProviderRoutesOptions {
  bookings: BookingRepository;
  db: Database;
  now?: () => Date;
}

/**
 * The provider side (not in the spec), under `/provider`. A provider account is a Firebase user whose uid is the
 * `owner_uid` of a provider row; it sees and answers the bookings of that provider's services. What it sees of a
 * booking is the contracts' providerBookingSchema (provider-bookings.ts: the consumer's contact once it is paid).
 */
export const providerRoutes: ApiPlugin<ProviderRoutesOptions> = async (app, { bookings, db, now = () => new Date() }) => {
  const asUser = signedIn(app);
  const { query } = db;
  const today = () => nowInIndia(now()).date;

  // ---- becoming a provider: a person claims a listing with its invite code (one owner per listing) ----

  app.post('/claim', { ...asUser, schema: { body: providerClaimSchema, response: { 200: providerClaimedSchema } } }, async (request) => {
    const { uid } = currentUser(request);
    const code = normaliseInviteCode(request.body.code);
    if (!code) throw notFound('provider.inviteUnknown');
    const outcome = await db.transaction((session) => claimByInvite(session.query, inviteCodeHash(code), uid));
    if (outcome.kind === 'unknown') throw notFound('provider.inviteUnknown');
    // claiming again is answered as the first time; a listing someone else runs stays theirs
    if (outcome.ownerUid !== null && outcome.ownerUid !== uid) throw new HttpError(409, 'provider.alreadyClaimed');
    return { providerId: outcome.providerId, name: outcome.name };
  });

  app.get('/listings', { ...asUser, schema: { response: { 200: providerListingsSchema } } }, async (request) => ({
    listings: await listingsOf(query, currentUser(request).uid),
  }));
  const oneBooking = { params: bookingParams, response: { 200: providerBookingSchema } };
  // signed in first (asUser's check), then a missing body read as an empty one
  const declining = { preValidation: [...asUser.preValidation, emptyBodyAsObject] };

  // ?status= one status; ?when=upcoming (its last day today or later, India; soonest first) or past (latest first)
  app.get('/bookings', { ...asUser, schema: { querystring: listQuery, response: { 200: providerBookingListSchema } } }, async (request) => {
    const { uid } = currentUser(request);
    const { status, when, ...page } = request.query;
    if (!(await bookings.isProvider(uid))) throw forbidden(PROVIDER_MESSAGES.notAProvider);
    return (await listProviderBookings(query, uid, { status, when, today: today() }, page)).map(toProviderBooking);
  });

  /** The booking in the path, if it is one of the caller's provider's: 404 unknown, 403 someone else's. */
  async function providerBooking(request: FastifyRequest, bid: string, refusal: (typeof PROVIDER_MESSAGES)[keyof typeof PROVIDER_MESSAGES] = PROVIDER_MESSAGES.notYourBooking) {
    const { uid } = currentUser(request);
    const booking = await findProviderBooking(query, bid);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.provider_owner_uid !== uid) throw forbidden(refusal);
    return { booking, uid };
  }

  /** The booking as it is now, as its provider sees it. */
  const providerView = async (bookingId: string) => {
    const row = await findProviderBooking(query, bookingId);
    if (!row) throw notFound(BOOKING_NOT_FOUND);
    return toProviderBooking(row);
  };

  app.get('/bookings/:bid', { ...asUser, schema: oneBooking }, async (request) =>
    toProviderBooking((await providerBooking(request, request.params.bid, PROVIDER_MESSAGES.notYourBookingToSee)).booking),
  );

  // the same timeline its consumer reads (booking-history.ts): `by` in the consumer's terms, in the request's language
  app.get('/bookings/:bid/history', { ...asUser, schema: { params: bookingParams, response: { 200: bookingHistorySchema } } }, async (request) => {
    const { booking } = await providerBooking(request, request.params.bid, PROVIDER_MESSAGES.notYourBookingToSee);
    return bookingHistory({ query }, booking.id, booking.consumer_uid);
  });

  /** A decline as the body gives it: the fixed reason, and the note as plain text (none when empty). */
  const declineOf = (body: { reason: DeclineWith['reason']; note?: string }): DeclineWith => ({
    reason: body.reason,
    note: body.note === undefined ? null : plainText(body.note) || null,
  });

  app.post('/bookings/:bid/accept', { ...asUser, schema: oneBooking }, async (request) => {
    const { booking, uid } = await providerBooking(request, request.params.bid);
    await bookings.transition({ bookingId: booking.id, action: 'accept', actor: uid });
    return providerView(booking.id);
  });

  app.post('/bookings/:bid/decline', { ...declining, schema: { ...oneBooking, body: declineBody } }, async (request) => {
    const { booking, uid } = await providerBooking(request, request.params.bid);
    await bookings.transition({ bookingId: booking.id, action: 'decline', actor: uid, decline: declineOf(request.body) });
    return providerView(booking.id);
  });

  // the provider's answer to new dates a consumer proposed: the booking as it is after it

  app.post('/bookings/:bid/reschedule/accept', { ...asUser, schema: oneBooking }, async (request) => {
    const { booking, uid } = await providerBooking(request, request.params.bid);
    await bookings.answerReschedule(booking.id, 'accept', uid);
    return providerView(booking.id);
  });

  app.post('/bookings/:bid/reschedule/decline', { ...declining, schema: { ...oneBooking, body: declineBody } }, async (request) => {
    const { booking, uid } = await providerBooking(request, request.params.bid);
    await bookings.answerReschedule(booking.id, 'decline', uid, undefined, declineOf(request.body));
    return providerView(booking.id);
  });

  // ---- its days (availability.ts): how many bookings a day it takes, and the days it takes none ----

  /** The provider in the path, if the caller runs it: 404 unknown or malformed, 403 someone else's. */
  async function ownProvider(request: FastifyRequest, pid: string, refusal: (typeof PROVIDER_MESSAGES)[keyof typeof PROVIDER_MESSAGES] = PROVIDER_MESSAGES.notYourProvider): Promise<string> {
    const { uid } = currentUser(request);
    const provider = await findProvider(query, pid);
    if (!provider) throw notFound('catalog.providerNotFound');
    if (provider.ownerUid !== uid) throw forbidden(refusal);
    return provider.id;
  }

  const answerDays = async (providerId: string, month?: string) => providerAvailability({ query }, providerId, today(), month);
  const days = { response: { 200: providerAvailabilitySchema } };

  // with ?month=YYYY-MM, also that month's calendar: each day's bookings, capacity left and block (issue 36, item 4)
  app.get('/:pid/availability', { ...asUser, schema: { ...days, params: providerParams, querystring: providerAvailabilityQuerySchema } }, async (request) =>
    answerDays(await ownProvider(request, request.params.pid), request.query.month),
  );

  // bookings already accepted stay as they are: the capacity and blocked days decide what is taken from now on
  app.put('/:pid/availability', { ...asUser, schema: { ...days, params: providerParams, body: capacityBody } }, async (request) => {
    const providerId = await ownProvider(request, request.params.pid);
    await setDailyCapacity(query, providerId, request.body.dailyCapacity);
    return answerDays(providerId);
  });

  app.put('/:pid/blocked-days/:date', { ...asUser, schema: { ...days, params: blockedDayParams, body: blockedDayBody } }, async (request) => {
    const providerId = await ownProvider(request, request.params.pid);
    const { date } = request.params;
    const { first, last } = bookingWindow(nowInIndia(now()));
    if (date < first || date > last) {
      throw badRequest('booking.dateOutOfRange', { first, last });
    }
    await blockDay(query, providerId, date, plainText(request.body?.reason ?? ''));
    return answerDays(providerId);
  });

  app.delete('/:pid/blocked-days/:date', { ...asUser, schema: { ...days, params: blockedDayParams } }, async (request) => {
    const providerId = await ownProvider(request, request.params.pid);
    await unblockDay(query, providerId, request.params.date);
    return answerDays(providerId);
  });

  // ---- its earnings (payments/earnings.ts): advances, refunds, the invoices' platform fee, per month, from the ledger ----

  const earningsInput = { params: providerParams, querystring: earningsQuerySchema };
  app.get('/:pid/earnings', { ...asUser, schema: { ...earningsInput, response: { 200: providerEarningsSchema } } }, async (request) => {
    const providerId = await ownProvider(request, request.params.pid, PROVIDER_MESSAGES.notYourListing);
    return providerEarnings(query, providerId, request.query.months, now());
  });

  const csvFile = { 200: fileAnswer('the earnings as CSV: one line per month, newest first, then the totals; paise', 'text/csv') };
  app.get('/:pid/earnings.csv', { ...asUser, schema: { ...earningsInput, response: csvFile } }, async (request, reply) => {
    const providerId = await ownProvider(request, request.params.pid, PROVIDER_MESSAGES.notYourListing);
    const earnings = await providerEarnings(query, providerId, request.query.months, now());
    const first = earnings.months.at(-1)!.month;
    const last = earnings.months[0]!.month;
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="utsav-earnings-${first}-to-${last}.csv"`)
      .send(earningsCsv(earnings));
  });

  // ---- its reviews (issue 36, item 7): the reviews of its services, and one reply to each, shown on the service page ----

  app.get('/:pid/reviews', { ...asUser, schema: { params: providerParams, querystring: reviewPageQuerySchema, response: { 200: providerReviewPageSchema } } }, async (request) => {
    const providerId = await ownProvider(request, request.params.pid, PROVIDER_MESSAGES.notYourListing);
    return providerReviews(query, providerId, request.query);
  });

  const replySchema = { params: reviewParams, body: reviewReplyCreateSchema, response: { 201: providerReviewSchema } };
  app.post('/:pid/reviews/:rid/reply', { ...asUser, schema: replySchema }, async (request, reply) => {
    const providerId = await ownProvider(request, request.params.pid, PROVIDER_MESSAGES.notYourListing);
    // a review of another listing's service is, for this listing, not there
    const reviewId = await findProviderReview(query, providerId, request.params.rid);
    if (!reviewId) throw notFound(PROVIDER_MESSAGES.reviewNotFound);
    const body = plainText(request.body.text);
    if (!body) throw badRequest(PROVIDER_MESSAGES.replyTextRequired);
    const added = await addReviewReply(query, { reviewId, providerId, authorUid: currentUser(request).uid, body, repliedOn: today() });
    if (!added) throw new HttpError(409, PROVIDER_MESSAGES.alreadyReplied);
    return reply.code(201).send((await providerReview(query, reviewId))!);
  });
};
