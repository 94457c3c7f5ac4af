import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateSchema } from '@utsav/contracts/schemas';
import { addDays, nowInIndia } from '@utsav/contracts/slot-rules';
import { z } from 'zod';

/**
 * What the local routes need of the API: its signed-in route options and who the caller is, the listings and
 * bookings they change (the API's repositories), its invite codes, its clock and its refusals (thrown as the API
 * answers every refusal: `{ code, params, message }` in the request's language).
 */
export interface LocalRoutesApi {
  signedIn: { preValidation: preValidationHookHandler[] };
  callerUid(request: FastifyRequest): string;
  listings: {
    /** the listing that offers a service, and who runs it (null: nobody has an account) */
    ofService(serviceId: string): Promise<{ id: string; name: string; ownerUid: string | null } | null>;
    setOwner(providerId: string, uid: string): Promise<void>;
    /** a listing nobody runs that has an invite code */
    unclaimed(): Promise<{ id: string; name: string } | null>;
    /** every listing nobody runs that has an invite code, by name (at most `limit`) */
    unclaimedAll(limit: number): Promise<{ id: string; name: string }[]>;
    /** every listing nobody runs and without a code gets the one `codeHashOf` its id; how many did */
    storeInvites(codeHashOf: (providerId: string) => string): Promise<number>;
  };
  invites: {
    /** a listing's local code (normal form), made from its id with a key everyone has: never stored in production */
    local(providerId: string): string;
    hash(code: string): string;
    format(code: string): string;
  };
  bookings: {
    consumerOf(bookingId: string): Promise<string | null>;
    moveToDay(bookingId: string, day: string): Promise<void>;
  };
  now(): Date;
  refusals: { serviceNotFound(): Error; listingNotFound(): Error; listingTaken(): Error; bookingNotFound(): Error; notYourBooking(): Error };
  /** the schema of the API's refusals, for the answers that may be one */
  errorAnswer: z.ZodType;
}

/** The most listings GET /dev/provider-invites names (the seed has a few hundred). */
const INVITES_LISTED = 1000;
const accountBody = z.object({ serviceId: z.string('serviceId is required').max(64) });
const bookingParams = z.object({ bid: z.string() });

/**
 * Local development's stand-ins (registered by the API under `/dev`, left out of /openapi.json) for what only
 * time or another party does, only where the provider stand-in runs (never in production):
 * - POST /dev/provider-account { serviceId }: the signed-in user takes the side of that service's provider (its
 *   owner); the stand-in then leaves its requests alone (they wait, as a real provider's do) and the user
 *   answers them through the /provider routes;
 * - POST /dev/bookings/:bid/finish: the caller's own booking is moved to yesterday, as if it had taken place
 *   (so a review can be written without waiting for the day);
 * - GET /dev/provider-invite: a listing nobody runs and its local invite code (`npm start` prints it), which a
 *   signed-in person claims with POST /provider/claim; `?serviceId=`: the code of that service's listing, while
 *   nobody runs it (a test claims the listing it books). Every listing nobody runs gets its local code at ready;
 * - GET /dev/provider-invites: every listing nobody runs and its local code, by name (`npm run invites` prints them).
 */
export const localRoutes: FastifyPluginAsyncZod<{ api: LocalRoutesApi }> = async (app, { api }) => {
  const schema = { hide: true, tags: ['local development only'] };

  // the listings nobody runs can be claimed with their local invite codes (made from their ids), given once the
  // API is ready (after the migrations and the seed)
  app.addHook('onReady', async () => {
    await api.listings.storeInvites((providerId) => api.invites.hash(api.invites.local(providerId)));
  });

  // a listing to try the provider's side with: what `npm start` prints
  const invite = { ...schema, response: { 200: z.object({ providerId: z.string(), name: z.string(), code: z.string() }), 404: api.errorAnswer } };
  const inviteQuery = z.object({ serviceId: z.string().max(64).optional() });
  app.get('/provider-invite', { schema: { ...invite, querystring: inviteQuery } }, async (request) => {
    const { serviceId } = request.query;
    if (serviceId !== undefined) {
      const provider = await api.listings.ofService(serviceId);
      if (!provider) throw api.refusals.serviceNotFound();
      if (provider.ownerUid !== null) throw api.refusals.listingTaken();
      return { providerId: provider.id, name: provider.name, code: api.invites.format(api.invites.local(provider.id)) };
    }
    const listing = await api.listings.unclaimed();
    if (!listing) throw api.refusals.listingNotFound();
    return { providerId: listing.id, name: listing.name, code: api.invites.format(api.invites.local(listing.id)) };
  });

  // each seeded provider's code, for trying the provider's side as that listing (npm run invites)
  const allInvites = { ...schema, response: { 200: z.object({ invites: z.array(z.object({ providerId: z.string(), name: z.string(), code: z.string() })) }) } };
  app.get('/provider-invites', { schema: allInvites }, async () => ({
    invites: (await api.listings.unclaimedAll(INVITES_LISTED)).map((listing) => ({
      providerId: listing.id,
      name: listing.name,
      code: api.invites.format(api.invites.local(listing.id)),
    })),
  }));

  const account = { ...schema, body: accountBody, response: { 200: z.object({ providerId: z.string() }) } };
  app.post('/provider-account', { ...api.signedIn, schema: account }, async (request) => {
    const uid = api.callerUid(request);
    const provider = await api.listings.ofService(request.body.serviceId);
    if (!provider) throw api.refusals.serviceNotFound();
    if (provider.ownerUid !== null && provider.ownerUid !== uid) throw api.refusals.listingTaken();
    await api.listings.setOwner(provider.id, uid);
    return { providerId: provider.id };
  });

  const finished = { ...schema, params: bookingParams, response: { 200: z.object({ bookingId: z.string(), date: isoDateSchema }) } };
  app.post('/bookings/:bid/finish', { ...api.signedIn, schema: finished }, async (request) => {
    const { bid } = request.params;
    const consumer = await api.bookings.consumerOf(bid);
    if (!consumer) throw api.refusals.bookingNotFound();
    if (consumer !== api.callerUid(request)) throw api.refusals.notYourBooking();
    const yesterday = addDays(nowInIndia(api.now()).date, -1);
    await api.bookings.moveToDay(bid, yesterday);
    return { bookingId: bid.toLowerCase(), date: yesterday };
  });
};
