import { addDays, nowInIndia } from '@utsav/contracts/slot-rules';
import type { Query } from '../db';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { isoDateSchema } from '@utsav/contracts/schemas';
import { forbidden, HttpError, notFound } from '../http/http-error';
import { errorAnswerSchema, type ApiPlugin } from '../http/route-schemas';
import { BOOKING_MESSAGES, BOOKING_NOT_FOUND } from './booking-messages';
import { findBookingConsumer, moveBookingToDay } from './booking-repository';
import { findProviderOfService, setProviderOwner, storeInvites, unclaimedListing } from './provider-repository';
import { formatInviteCode, inviteCodeHash, localInviteCode } from './provider-invites';

/**
 * Local development's stand-ins (under `/dev`, left out of /openapi.json) for what only time or another party
 * does, registered only where the provider stand-in runs (PROVIDER_AUTO_ACCEPT_MS: refused under
 * NODE_ENV=production, so these never exist there):
 * - POST /dev/provider-account { serviceId }: the signed-in user takes the side of that service's provider (its
 *   owner); the stand-in then leaves its requests alone (they wait, as a real provider's do) and the user
 *   answers them through the /provider routes;
 * - POST /dev/bookings/:bid/finish: the caller's own booking is moved to yesterday, as if it had taken place
 *   (so a review can be written without waiting for the day);
 * - GET /dev/provider-invite: a listing nobody runs and its local invite code (`npm start` prints it), which a
 *   signed-in person claims with POST /provider/claim. Every listing nobody runs gets its local code at ready.
 */
const accountBody = z.object({ serviceId: z.string('serviceId is required').max(64) });
const bookingParams = z.object({ bid: z.string() });

export const devRoutes: ApiPlugin<{ query: Query; now?: () => Date }> = async (app, { query, now = () => new Date() }) => {
  const asUser = signedIn(app);
  const schema = { hide: true, tags: ['local development only'] };

  // the listings nobody runs can be claimed with their local invite codes (made from their ids), given once the
  // API is ready (after the migrations and the seed)
  app.addHook('onReady', async () => {
    await storeInvites(query, (providerId) => inviteCodeHash(localInviteCode(providerId)));
  });

  // a listing to try the provider's side with: what `npm start` prints
  const invite = { ...schema, response: { 200: z.object({ providerId: z.string(), name: z.string(), code: z.string() }), 404: errorAnswerSchema } };
  app.get('/provider-invite', { schema: invite }, async () => {
    const listing = await unclaimedListing(query);
    if (!listing) throw notFound('catalog.providerNotFound');
    return { providerId: listing.id, name: listing.name, code: formatInviteCode(localInviteCode(listing.id)) };
  });

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
