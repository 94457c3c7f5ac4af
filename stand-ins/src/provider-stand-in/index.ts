import type { FastifyBaseLogger } from 'fastify';
import { localRoutes, type LocalRoutesApi } from './local-routes';
import { providerStandInJob, type StandInBookings, type StandInJob, type StandInRefusals } from './provider-stand-in';

export { PROVIDER_STAND_IN_ACTOR, standInPollMs } from './provider-stand-in';
export type { LocalRoutesApi, StandInBookings, StandInJob, StandInRefusals };

/** What the provider stand-in needs of the API: its bookings and how it refuses, and what the local routes need. */
export interface ProviderStandInApi extends LocalRoutesApi {
  bookings: LocalRoutesApi['bookings'] & StandInBookings;
  refusals: LocalRoutesApi['refusals'] & StandInRefusals;
}

/**
 * The provider stand-in as the API loads it (only where PROVIDER_AUTO_ACCEPT_MS is set, never in production: the
 * API's configuration refuses it there, its image does not hold this package, and this refuses too): its
 * background job, which answers the requests of providers without an account after `afterMs`, and its local
 * routes (a Fastify plugin the API registers under /dev).
 */
export function providerStandIn(api: ProviderStandInApi, { afterMs, log, env = process.env }: { afterMs: number; log: FastifyBaseLogger; env?: Record<string, string | undefined> }) {
  if (env.NODE_ENV?.trim() === 'production') throw new Error('NODE_ENV=production: the provider stand-in would answer bookings on real providers\' behalf');
  const job: StandInJob = providerStandInJob(api.bookings, api.refusals, afterMs, log);
  return { job, routes: localRoutes };
}
