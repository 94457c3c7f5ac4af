import { BOOKING_STATUSES, bookingSchema } from '@utsav/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth';
import { checkedResponse } from '../http/checked-response';
import { forbidden, notFound } from '../http/http-error';
import { pageQueryFields } from '../http/page-query';
import { parse } from '../http/parse';
import { plainText } from '../http/plain-text';
import type { BookingRepository } from './booking-repository';
import { toBooking, type BookingRow } from './booking-rows';
import type { BookingAction } from '@utsav/contracts/booking-state';
import { BOOKING_NOT_FOUND } from './booking-messages';

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

const toProviderBooking = (row: BookingRow) => ({
  ...toBooking(row),
  consumer: { name: row.consumer_name, email: row.consumer_email },
  failureReason: row.failure_reason,
});

/**
 * The provider side (not in the spec). A provider account is a Firebase user whose uid is the
 * `owner_uid` of a provider row; it sees and answers the bookings of that provider's services.
 */
export function registerProviderRoutes(app: FastifyInstance, bookings: BookingRepository): void {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/provider/bookings', signedIn, async (request) => {
    const { uid } = currentUser(request);
    const { status, ...page } = parse(listQuery, request.query);
    if (!(await bookings.isProvider(uid))) throw forbidden(PROVIDER_MESSAGES.notAProvider);
    return checkedResponse(providerBookingListSchema, (await bookings.listForProvider(uid, status, page)).map(toProviderBooking));
  });

  async function answer(request: FastifyRequest, action: Extract<BookingAction, 'accept' | 'decline'>, reason?: string) {
    const { uid } = currentUser(request);
    const { bid } = parse(bookingParams, request.params);
    const booking = await bookings.find(bid);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.provider_owner_uid !== uid) throw forbidden(PROVIDER_MESSAGES.notYourBooking);
    const updated = await bookings.transition({ bookingId: booking.id, action, actor: uid, reason });
    return checkedResponse(providerBookingSchema, toProviderBooking(updated));
  }

  app.post('/provider/bookings/:bid/accept', signedIn, (request) => answer(request, 'accept'));

  app.post('/provider/bookings/:bid/decline', signedIn, async (request) => {
    const { reason } = parse(declineBody, request.body ?? {});
    return answer(request, 'decline', reason === undefined ? undefined : plainText(reason) || undefined);
  });
}
