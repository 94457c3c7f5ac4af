import {
  enquiryDeclineSchema,
  enquiryInputSchema,
  enquiryListSchema,
  enquirySchema,
  providerEnquiryListSchema,
  providerEnquiryQuerySchema,
  providerEnquirySchema,
  quoteAcceptedSchema,
  quoteAcceptSchema,
  quoteInputSchema,
} from '@utsav/contracts/schemas';
import { nowInIndia } from '@utsav/contracts/slot-rules';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { toBooking } from '../bookings/booking-rows';
import { BOOKING_MESSAGES } from '../bookings/booking-messages';
import { badRequest, forbidden, HttpError } from '../http/http-error';
import { plainText } from '../http/plain-text';
import type { ApiPlugin } from '../http/route-schemas';
import type { ConsumerRepository } from '../users/consumer-repository';
import { enquiryNotFound, quoteNotFound, type EnquiryRepository } from './enquiry-repository';

export interface EnquiryRoutesOptions {
  enquiries: EnquiryRepository;
  /** an accepted quote's booking carries the consumer's stored profile's name and email */
  consumers: Pick<ConsumerRepository, 'find'>;
  /** does this account run a provider? (the provider's list is a 403 otherwise, like its bookings) */
  isProvider: (uid: string) => Promise<boolean>;
  /** the clock: India's date (expiry, validity) and time (slot rules) are read from it */
  now?: () => Date;
}

const enquiryParams = z.object({ enquiryId: z.string().max(64) });
const quoteParams = z.object({ quoteId: z.string().max(64) });

/**
 * Enquiries and quotes (issue 37, item 3). The consumer's side under /enquiries and /quotes (only ever their own:
 * another's is a 404, as an unknown id); the provider's under /provider/enquiries (only those to listings the caller
 * runs: any other is a 404). Quote totals and advances are the server's; an accepted quote is a booking request made
 * through the one booking path (enquiry-repository.ts).
 */
export const enquiryRoutes: ApiPlugin<EnquiryRoutesOptions> = async (app, { enquiries, consumers, isProvider, now = () => new Date() }) => {
  const auth = signedIn(app);
  const today = () => nowInIndia(now()).date;

  // ---- the consumer's side ----

  app.get('/enquiries', { ...auth, schema: { response: { 200: enquiryListSchema } } }, async (request) => enquiries.list(currentUser(request).uid, today()));

  // one enquiry per service asked, each to that service's provider, in the order asked
  app.post('/enquiries', { ...auth, schema: { body: enquiryInputSchema, response: { 201: enquiryListSchema } } }, async (request, reply) => {
    const message = plainText(request.body.message);
    if (!message) throw badRequest('enquiry.messageRequired');
    const created = await enquiries.create(currentUser(request).uid, { ...request.body, message }, today());
    return reply.code(201).send(created);
  });

  app.get('/enquiries/:enquiryId', { ...auth, schema: { params: enquiryParams, response: { 200: enquirySchema } } }, async (request) => {
    const enquiry = await enquiries.get(currentUser(request).uid, request.params.enquiryId, today());
    if (!enquiry) throw enquiryNotFound();
    return enquiry;
  });

  // the consumer closes it: its open quote (if any) is withdrawn with it
  app.post('/enquiries/:enquiryId/withdraw', { ...auth, schema: { params: enquiryParams, response: { 200: enquirySchema } } }, async (request) => {
    const enquiry = await enquiries.withdraw(currentUser(request).uid, request.params.enquiryId, today());
    if (!enquiry) throw enquiryNotFound();
    return enquiry;
  });

  // a booking request at the quoted price, for the event's day, at one of their saved addresses
  app.post('/quotes/:quoteId/accept', { ...auth, schema: { params: quoteParams, body: quoteAcceptSchema, response: { 201: quoteAcceptedSchema } } }, async (request, reply) => {
    const { uid } = currentUser(request);
    const profile = await consumers.find(uid);
    if (!profile) throw new HttpError(409, BOOKING_MESSAGES.noProfile);
    const accepted = await enquiries.acceptQuote(request.params.quoteId, {
      uid,
      name: profile.name,
      email: profile.email,
      addressId: request.body.addressId,
      times: request.body.preferredTime,
      note: plainText(request.body.note),
      india: nowInIndia(now()),
    });
    if (!accepted) throw quoteNotFound();
    return reply.code(201).send({ booking: toBooking(accepted.booking), enquiry: accepted.enquiry });
  });

  app.post('/quotes/:quoteId/decline', { ...auth, schema: { params: quoteParams, response: { 200: enquirySchema } } }, async (request) => {
    const enquiry = await enquiries.declineQuote(currentUser(request).uid, request.params.quoteId, today());
    if (!enquiry) throw quoteNotFound();
    return enquiry;
  });

  // ---- the provider's side: enquiries to the listings the caller runs ----

  app.get('/provider/enquiries', { ...auth, schema: { querystring: providerEnquiryQuerySchema, response: { 200: providerEnquiryListSchema } } }, async (request) => {
    const { uid } = currentUser(request);
    if (!(await isProvider(uid))) throw forbidden('provider.notAProvider');
    return enquiries.listForProvider(uid, request.query.status, today());
  });

  app.get('/provider/enquiries/:enquiryId', { ...auth, schema: { params: enquiryParams, response: { 200: providerEnquirySchema } } }, async (request) => {
    const enquiry = await enquiries.getForProvider(currentUser(request).uid, request.params.enquiryId, today());
    if (!enquiry) throw enquiryNotFound();
    return enquiry;
  });

  // a new quote supersedes the open one; its total is the sum of its line items, added up here
  const quoting = { params: enquiryParams, body: quoteInputSchema, response: { 201: providerEnquirySchema } };
  app.post('/provider/enquiries/:enquiryId/quote', { ...auth, schema: quoting }, async (request, reply) => {
    const { lineItems, validUntil, note } = request.body;
    const fields = { lineItems: lineItems.map((item) => ({ label: plainText(item.label), amount: item.amount })), validUntil, note: plainText(note) };
    if (fields.lineItems.some((item) => !item.label)) throw badRequest('quote.lineLabelRequired');
    const enquiry = await enquiries.quote(currentUser(request).uid, request.params.enquiryId, fields, today());
    if (!enquiry) throw enquiryNotFound();
    return reply.code(201).send(enquiry);
  });

  app.post(
    '/provider/enquiries/:enquiryId/decline',
    { ...auth, schema: { params: enquiryParams, body: enquiryDeclineSchema, response: { 200: providerEnquirySchema } } },
    async (request) => {
      const reason = plainText(request.body.reason);
      if (!reason) throw badRequest('enquiry.declineReasonRequired');
      const enquiry = await enquiries.decline(currentUser(request).uid, request.params.enquiryId, reason, today());
      if (!enquiry) throw enquiryNotFound();
      return enquiry;
    },
  );
};
