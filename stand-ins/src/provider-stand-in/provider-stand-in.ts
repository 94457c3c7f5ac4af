import type { FastifyBaseLogger } from 'fastify';

/** Who the stand-in's answers are recorded as (booking_events.actor). */
export const PROVIDER_STAND_IN_ACTOR = 'provider-stand-in';

/**
 * What the stand-in needs of the API's bookings (the API's booking repository is one): the requests and new dates
 * nobody has answered, and the provider's two answers to each, through the API's state machine.
 */
export interface StandInBookings {
  /** requests of providers without an account, at least `ageMs` old, oldest first */
  unansweredRequests(ageMs: number, limit: number): Promise<string[]>;
  /** new dates a consumer proposed to such a provider, at least `ageMs` old */
  unansweredReschedules(ageMs: number, limit: number): Promise<string[]>;
  transition(request: { bookingId: string; action: 'accept' | 'decline'; actor: string; reason?: string }): Promise<unknown>;
  answerReschedule(bookingId: string, answer: 'accept' | 'decline', actor: string, reason?: string): Promise<void>;
}

/** How the stand-in reads the API's refusals of an answer. */
export interface StandInRefusals {
  /** the provider has no room left on the dates (fully booked, away): why, in words the decline records; else undefined */
  noRoom(error: unknown): string | undefined;
  /** answered, cancelled or gone in the meantime: nothing left to do */
  answeredMeanwhile(error: unknown): boolean;
}

/** One of the API's background jobs (its jobs plugin runs it every `everyMs` from ready to close). */
export interface StandInJob {
  name: string;
  everyMs: number;
  run(stopping: AbortSignal): Promise<void>;
}

/** At most this many requests are accepted per poll (the rest wait for the next one). */
const BATCH = 50;

/** How often the stand-in looks: half the delay, at most once a second, at least every 50 ms. */
export const standInPollMs = (afterMs: number) => Math.max(50, Math.min(1000, Math.floor(afterMs / 2)));

/**
 * Local development's provider: no provider has an account locally, so without it no booking would ever be
 * accepted and Pay Now would never appear. Every `afterMs` (polled; see standInPollMs) it accepts each request at
 * least that old whose provider has no account, through the same state machine as a real provider, recorded with
 * actor 'provider-stand-in'; a request there is no room for any more (its provider is fully booked or away on one
 * of its days) is declined, saying so. New dates a consumer proposed are answered the same way.
 */
export function providerStandInJob(bookings: StandInBookings, refusals: StandInRefusals, afterMs: number, log: FastifyBaseLogger): StandInJob {
  const pollMs = standInPollMs(afterMs);

  /**
   * What a provider would do: accept; where there is no room left on the dates (another booking took them
   * first), decline saying why. `what` names it in the log ('a booking', 'new dates').
   */
  async function answer(bookingId: string, what: string, accept: () => Promise<unknown>, decline: (reason: string) => Promise<unknown>): Promise<void> {
    try {
      await accept();
      log.info({ bookingId }, `provider stand-in accepted ${what}`);
    } catch (error) {
      const reason = refusals.noRoom(error);
      if (reason !== undefined) {
        await decline(reason).then(
          () => log.info({ bookingId, reason }, `provider stand-in declined ${what}`),
          (again: unknown) => {
            if (!refusals.answeredMeanwhile(again)) throw again;
          },
        );
        return;
      }
      if (!refusals.answeredMeanwhile(error)) throw error;
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
