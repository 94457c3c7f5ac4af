import type { FastifyInstance } from 'fastify';
import type { ProviderStandInApi } from '@utsav/stand-ins/src/provider-stand-in';
import { currentUser, signedIn } from '../auth';
import type { Query } from '../db';
import { forbidden, HttpError, notFound } from '../http/http-error';
import { errorAnswerSchema } from '../http/route-schemas';
import { UnavailableError } from './availability';
import { BOOKING_MESSAGES, BOOKING_NOT_FOUND } from './booking-messages';
import { findBookingConsumer, moveBookingToDay, type BookingRepository } from './booking-repository';
import { formatInviteCode, inviteCodeHash, localInviteCode } from './provider-invites';
import { findProviderOfService, setProviderOwner, storeInvites, unclaimedListing, unclaimedListings } from './provider-repository';

/**
 * What the API lends the provider stand-in (stand-ins/src/provider-stand-in, loaded only where it runs, never in
 * production): its bookings and listings, its clock, and its refusals. The stand-in's code is not in the API.
 */
export function providerStandInApi(app: FastifyInstance, { query, bookings, now }: { query: Query; bookings: BookingRepository; now: () => Date }): ProviderStandInApi {
  return {
    signedIn: signedIn(app),
    callerUid: (request) => currentUser(request).uid,
    listings: {
      ofService: (serviceId) => findProviderOfService(query, serviceId),
      setOwner: (providerId, uid) => setProviderOwner(query, providerId, uid),
      unclaimed: () => unclaimedListing(query),
      unclaimedAll: (limit) => unclaimedListings(query, limit),
      storeInvites: (codeHashOf) => storeInvites(query, codeHashOf),
    },
    invites: { local: localInviteCode, hash: inviteCodeHash, format: formatInviteCode },
    bookings: {
      unansweredRequests: (ageMs, limit) => bookings.unansweredRequests(ageMs, limit),
      unansweredReschedules: (ageMs, limit) => bookings.unansweredReschedules(ageMs, limit),
      transition: (request) => bookings.transition(request),
      answerReschedule: (bookingId, answer, actor, reason) => bookings.answerReschedule(bookingId, answer, actor, reason),
      consumerOf: (bookingId) => findBookingConsumer(query, bookingId),
      moveToDay: (bookingId, day) => moveBookingToDay(query, bookingId, day),
    },
    now,
    refusals: {
      serviceNotFound: () => notFound('catalog.serviceNotFound'),
      listingNotFound: () => notFound('catalog.providerNotFound'),
      listingTaken: () => new HttpError(409, 'booking.providerExists'),
      bookingNotFound: () => notFound(BOOKING_NOT_FOUND),
      notYourBooking: () => forbidden(BOOKING_MESSAGES.notYourBooking),
      // the message (English) is the decline reason the stand-in records
      noRoom: (error) => (error instanceof UnavailableError ? error.message : undefined),
      answeredMeanwhile: (error) => error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404),
    },
    errorAnswer: errorAnswerSchema,
  };
}
