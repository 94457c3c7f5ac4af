import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../http/http-error';
import type { BackgroundJob } from '../jobs/periodic-job';
import type { BookingRepository } from './booking-repository';
import { PROVIDER_STAND_IN_ACTOR } from './booking-transitions';
import { UnavailableError } from './availability';

/** At most this many requests are accepted per poll (the rest wait for the next one). */
const BATCH = 50;

/** How often the stand-in looks: half the delay, at most once a second, at least every 50 ms. */
export const standInPollMs = (afterMs: number) => Math.max(50, Math.min(1000, Math.floor(afterMs / 2)));

/**
 * Local development's provider: no provider has an account locally, so without it no booking would
 * ever be accepted and Pay Now would never appear. Every `afterMs` (polled; see standInPollMs) it
 * accepts each request at least that old whose provider has no account, through the same state
 * machine as a real provider, recorded with actor 'provider-stand-in'; a request there is no room for
 * any more (its provider is fully booked or away on one of its days) is declined, saying so. New dates a
 * consumer proposed are answered the same way. Only started when
 * PROVIDER_AUTO_ACCEPT_MS is set.
 */
export function providerStandInJob(bookings: BookingRepository, afterMs: number, log: FastifyBaseLogger): BackgroundJob {
  const pollMs = standInPollMs(afterMs);

  /** Answered, cancelled or gone in the meantime: nothing left to do. */
  const answeredMeanwhile = (error: unknown) => error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404);

  /**
   * What a provider would do: accept; where there is no room left on the dates (another booking took them
   * first), decline saying why. `what` names it in the log ('a booking', 'new dates').
   */
  async function answer(bookingId: string, what: string, accept: () => Promise<unknown>, decline: (reason: string) => Promise<unknown>): Promise<void> {
    try {
      await accept();
      log.info({ bookingId }, `provider stand-in accepted ${what}`);
    } catch (error) {
      if (error instanceof UnavailableError) {
        await decline(error.message).then(
          () => log.info({ bookingId, reason: error.message }, `provider stand-in declined ${what}`),
          (again: unknown) => {
            if (!answeredMeanwhile(again)) throw again;
          },
        );
        return;
      }
      if (!answeredMeanwhile(error)) throw error;
    }
  }

  async function poll(stopping: AbortSignal): Promise<void> {
    for (const bookingId of await bookings.unansweredRequests(afterMs, BATCH)) {
      if (stopping.aborted) return;
      await answer(
        bookingId,
        'a booking',
        () => bookings.transition({ bookingId, action: 'accept', actor: PROVIDER_STAND_IN_ACTOR }),
        (reason) => bookings.transition({ bookingId, action: 'decline', actor: PROVIDER_STAND_IN_ACTOR, reason }),
      );
    }
    for (const bookingId of await bookings.unansweredReschedules(afterMs, BATCH)) {
      if (stopping.aborted) return;
      await answer(
        bookingId,
        'new dates',
        () => bookings.answerReschedule(bookingId, 'accept', PROVIDER_STAND_IN_ACTOR),
        (reason) => bookings.answerReschedule(bookingId, 'decline', PROVIDER_STAND_IN_ACTOR, reason),
      );
    }
  }

  log.info({ afterMs, pollMs }, 'provider stand-in on: requests of providers without an account are accepted automatically');
  return { name: 'provider stand-in poll', everyMs: pollMs, run: poll };
}
