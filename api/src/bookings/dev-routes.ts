import { addDays, nowInIndia } from '@utsav/contracts/slot-rules';
import type { Query } from '../db';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { isoDateSchema } from '@utsav/contracts/schemas';
import { forbidden, HttpError, notFound } from '../http/http-error';
import type { ApiPlugin } from '../http/route-schemas';
import { BOOKING_MESSAGES, BOOKING_NOT_FOUND } from './booking-messages';
import { findBookingConsumer, moveBookingToDay } from './booking-repository';
import { findProviderOfService, setProviderOwner } from './provider-repository';

/**
 * Local development's stand-ins (under `/dev`, left out of /openapi.json) for what only time or another party does, registered only where the provider
 * stand-in runs (PROVIDER_AUTO_ACCEPT_MS: refused under NODE_ENV=production, so these never exist there):
 * - POST /dev/provider-account { serviceId }: the signed-in user takes the side of that service's provider (its
 *   owner); the stand-in then leaves its requests alone (they wait, as a real provider's do) and the user
 *   answers them through the /provider routes;
 * - POST /dev/bookings/:bid/finish: the caller's own booking is moved to yesterday, as if it had taken place
 *   (so a review can be written without waiting for the day).
 */
const accountBody = z.object({ serviceId: z.string('serviceId is required').max(64) });
const bookingParams = z.object({ bid: z.string() });

export const devRoutes: ApiPlugin<{ query: Query; now?: () => Date }> = async (app, { query, now = () => new Date() }) => {
  const asUser = signedIn(app);
  const schema = { hide: true, tags: ['local development only'] };

  app.post('/provider-account', { ...asUser, schema: { ...schema, body: accountBody, response: { 200: z.object({ providerId: z.string() }) } } }, async (request) => {
    const { serviceId } = request.body;
    const { uid } = currentUser(request);
    const provider = await findProviderOfService(query, serviceId);
    if (!provider) throw notFound('catalog.serviceNotFound');
    if (provider.ownerUid !== null && provider.ownerUid !== uid) throw new HttpError(409, 'booking.providerExists');
    await setProviderOwner(query, provider.id, uid);
    return { providerId: provider.id };
  });

  const finished = { ...schema, params: bookingParams, response: { 200: z.object({ bookingId: z.string(), date: isoDateSchema }) } };
  app.post('/bookings/:bid/finish', { ...asUser, schema: finished }, async (request) => {
    const { bid } = request.params;
    const consumer = await findBookingConsumer(query, bid);
    if (!consumer) throw notFound(BOOKING_NOT_FOUND);
    if (consumer !== currentUser(request).uid) throw forbidden(BOOKING_MESSAGES.notYourBooking);
    const yesterday = addDays(nowInIndia(now()).date, -1);
    await moveBookingToDay(query, bid, yesterday);
    return { bookingId: bid.toLowerCase(), date: yesterday };
  });
};
