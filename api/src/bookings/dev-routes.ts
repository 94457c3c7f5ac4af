import { addDays, nowInIndia } from '@utsav/contracts/slot-rules';
import type { Query } from '../db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth';
import { forbidden, HttpError, notFound } from '../http/http-error';
import { parse } from '../http/parse';
import { BOOKING_MESSAGES, BOOKING_NOT_FOUND } from './booking-messages';
import { findBookingConsumer, moveBookingToDay } from './booking-repository';
import { findProviderOfService, setProviderOwner } from './provider-repository';

/**
 * Local development's stand-ins for what only time or another party does, registered only where the provider
 * stand-in runs (PROVIDER_AUTO_ACCEPT_MS: refused under NODE_ENV=production, so these never exist there):
 * - POST /dev/provider-account { serviceId }: the signed-in user takes the side of that service's provider (its
 *   owner); the stand-in then leaves its requests alone (they wait, as a real provider's do) and the user
 *   answers them through the /provider routes;
 * - POST /dev/bookings/:bid/finish: the caller's own booking is moved to yesterday, as if it had taken place
 *   (so a review can be written without waiting for the day).
 */
export function registerDevRoutes(app: FastifyInstance, query: Query, now: () => Date = () => new Date()): void {
  const signedIn = { preHandler: [app.authenticate] };
  const accountBody = z.object({ serviceId: z.string('serviceId is required').max(64) });
  app.post('/dev/provider-account', signedIn, async (request) => {
    const { serviceId } = parse(accountBody, request.body ?? {});
    const { uid } = currentUser(request);
    const provider = await findProviderOfService(query, serviceId);
    if (!provider) throw notFound('Service not found');
    if (provider.ownerUid !== null && provider.ownerUid !== uid) throw new HttpError(409, 'This provider already has an account.');
    await setProviderOwner(query, provider.id, uid);
    return { providerId: provider.id };
  });

  const bookingParams = z.object({ bid: z.string() });
  app.post('/dev/bookings/:bid/finish', signedIn, async (request) => {
    const { bid } = parse(bookingParams, request.params);
    const consumer = await findBookingConsumer(query, bid);
    if (!consumer) throw notFound(BOOKING_NOT_FOUND);
    if (consumer !== currentUser(request).uid) throw forbidden(BOOKING_MESSAGES.notYourBooking);
    const yesterday = addDays(nowInIndia(now()).date, -1);
    await moveBookingToDay(query, bid, yesterday);
    return { bookingId: bid.toLowerCase(), date: yesterday };
  });
}
