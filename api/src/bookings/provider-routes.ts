import { BOOKING_STATUSES, bookingSchema, isoDateSchema } from '@utsav/contracts/schemas';
import { bookingWindow, nowInIndia } from '@utsav/contracts/slot-rules';
import type { Query } from '../db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth';
import { checkedResponse } from '../http/checked-response';
import { badRequest, forbidden, notFound } from '../http/http-error';
import { providerAvailability, providerAvailabilitySchema } from './availability';
import { pageQueryFields } from '../http/page-query';
import { parse } from '../http/parse';
import { plainText } from '../http/plain-text';
import type { BookingRepository } from './booking-repository';
import { toBooking, type BookingRow } from './booking-rows';
import type { BookingAction } from '@utsav/contracts/booking-state';
import { BOOKING_NOT_FOUND } from './booking-messages';
import { blockDay, findProvider, setDailyCapacity, unblockDay } from './provider-repository';

/**
 * What a provider sees of a booking: the consumer's Booking plus who asked and, for a failed one, why.
 * Not in @utsav/contracts yet (no provider screen exists); defined here so answers are still checked.
 */
export const providerBookingSchema = bookingSchema.extend({
  consumer: z.object({ name: z.string(), email: z.string() }),
  failureReason: z.enum(['declined', 'payment_failed']).nullable(),
});
export const providerBookingListSchema = z.array(providerBookingSchema);

export const PROVIDER_MESSAGES = {
  notAProvider: 'This account does not run a provider.',
  notYourBooking: 'Only the provider of this booking can accept or decline it.',
  notYourProvider: "Only this provider's own account can change its days.",
} as const;

const listQuery = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
  ...pageQueryFields,
});
const bookingParams = z.object({ bid: z.string() });
const DECLINE_REASON_MAX_LENGTH = 500;
const declineBody = z.object({
  reason: z.string().max(DECLINE_REASON_MAX_LENGTH, `The reason must be at most ${DECLINE_REASON_MAX_LENGTH} characters`).optional(),
});

const providerParams = z.object({ pid: z.string() });
const blockedDayParams = providerParams.extend({ date: isoDateSchema });
const BLOCKED_REASON_MAX_LENGTH = 200;
const blockedDayBody = z.object({
  reason: z.string().max(BLOCKED_REASON_MAX_LENGTH, `The reason must be at most ${BLOCKED_REASON_MAX_LENGTH} characters`).optional(),
});
const capacityBody = z.object({
  dailyCapacity: z.number('dailyCapacity must be a whole number from 1 to 100').int('dailyCapacity must be a whole number from 1 to 100').min(1, 'dailyCapacity must be at least 1').max(100, 'dailyCapacity must be at most 100'),
});

export interface ProviderRoutesOptions {
  bookings: BookingRepository;
  query: Query;
  now?: () => Date;
}

const toProviderBooking = (row: BookingRow) => ({
  ...toBooking(row),
  consumer: { name: row.consumer_name, email: row.consumer_email },
  failureReason: row.failure_reason,
});

/**
 * The provider side (not in the spec). A provider account is a Firebase user whose uid is the
 * `owner_uid` of a provider row; it sees and answers the bookings of that provider's services.
 */
export function registerProviderRoutes(app: FastifyInstance, { bookings, query, now = () => new Date() }: ProviderRoutesOptions): void {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/provider/bookings', signedIn, async (request) => {
    const { uid } = currentUser(request);
    const { status, ...page } = parse(listQuery, request.query);
    if (!(await bookings.isProvider(uid))) throw forbidden(PROVIDER_MESSAGES.notAProvider);
    return checkedResponse(providerBookingListSchema, (await bookings.listForProvider(uid, status, page)).map(toProviderBooking));
  });

  /** The booking in the path, if it is one of the caller's provider's: 404 unknown, 403 someone else's. */
  async function providerBooking(request: FastifyRequest) {
    const { uid } = currentUser(request);
    const { bid } = parse(bookingParams, request.params);
    const booking = await bookings.find(bid);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.provider_owner_uid !== uid) throw forbidden(PROVIDER_MESSAGES.notYourBooking);
    return { booking, uid };
  }

  async function answer(request: FastifyRequest, action: Extract<BookingAction, 'accept' | 'decline'>, reason?: string) {
    const { booking, uid } = await providerBooking(request);
    const updated = await bookings.transition({ bookingId: booking.id, action, actor: uid, reason });
    return checkedResponse(providerBookingSchema, toProviderBooking(updated));
  }

  app.post('/provider/bookings/:bid/accept', signedIn, (request) => answer(request, 'accept'));

  app.post('/provider/bookings/:bid/decline', signedIn, async (request) => {
    const { reason } = parse(declineBody, request.body ?? {});
    return answer(request, 'decline', reason === undefined ? undefined : plainText(reason) || undefined);
  });

  /** The provider's answer to new dates a consumer proposed: the booking as it is after it. */
  async function answerNewDates(request: FastifyRequest, decision: 'accept' | 'decline', reason?: string) {
    const { booking, uid } = await providerBooking(request);
    await bookings.answerReschedule(booking.id, decision, uid, reason);
    return checkedResponse(providerBookingSchema, toProviderBooking(await bookings.reload(booking.id)));
  }

  app.post('/provider/bookings/:bid/reschedule/accept', signedIn, (request) => answerNewDates(request, 'accept'));

  app.post('/provider/bookings/:bid/reschedule/decline', signedIn, async (request) => {
    const { reason } = parse(declineBody, request.body ?? {});
    return answerNewDates(request, 'decline', reason === undefined ? undefined : plainText(reason) || undefined);
  });

  // ---- its days (availability.ts): how many bookings a day it takes, and the days it takes none ----

  /** The provider in the path, if the caller runs it: 404 unknown or malformed, 403 someone else's. */
  async function ownProvider(request: FastifyRequest): Promise<string> {
    const { uid } = currentUser(request);
    const { pid } = parse(providerParams, request.params);
    const provider = await findProvider(query, pid);
    if (!provider) throw notFound('Provider not found');
    if (provider.ownerUid !== uid) throw forbidden(PROVIDER_MESSAGES.notYourProvider);
    return provider.id;
  }

  const today = () => nowInIndia(now()).date;
  const answerDays = async (providerId: string) => checkedResponse(providerAvailabilitySchema, await providerAvailability({ query }, providerId, today()));

  app.get('/provider/:pid/availability', signedIn, async (request) => answerDays(await ownProvider(request)));

  // bookings already accepted stay as they are: the capacity and blocked days decide what is taken from now on
  app.put('/provider/:pid/availability', signedIn, async (request) => {
    const providerId = await ownProvider(request);
    const { dailyCapacity } = parse(capacityBody, request.body ?? {});
    await setDailyCapacity(query, providerId, dailyCapacity);
    return answerDays(providerId);
  });

  app.put('/provider/:pid/blocked-days/:date', signedIn, async (request) => {
    const providerId = await ownProvider(request);
    const { date } = parse(blockedDayParams, request.params);
    const { reason } = parse(blockedDayBody, request.body ?? {});
    const { first, last } = bookingWindow(nowInIndia(now()));
    if (date < first || date > last) {
      throw badRequest(`date must be between ${first} and ${last}, the days a booking can be made for`, undefined, { id: 'booking.dateOutOfRange', values: { first, last } });
    }
    await blockDay(query, providerId, date, plainText(reason ?? ''));
    return answerDays(providerId);
  });

  app.delete('/provider/:pid/blocked-days/:date', signedIn, async (request) => {
    const providerId = await ownProvider(request);
    const { date } = parse(blockedDayParams, request.params);
    await unblockDay(query, providerId, date);
    return answerDays(providerId);
  });
}
