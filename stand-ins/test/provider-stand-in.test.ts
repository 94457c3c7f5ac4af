import type { FastifyBaseLogger } from 'fastify';
import { providerStandIn, type ProviderStandInApi } from '../src/provider-stand-in';

/** The stand-in's own refusal (the API's configuration refuses PROVIDER_AUTO_ACCEPT_MS in production first). */
const log = { info: () => undefined } as unknown as FastifyBaseLogger;
const api = { bookings: {}, refusals: {} } as unknown as ProviderStandInApi;

test('refuses to run under NODE_ENV=production, whatever else is set', () => {
  expect(() => providerStandIn(api, { afterMs: 1000, log, env: { NODE_ENV: 'production' } })).toThrow(/NODE_ENV=production/);
  expect(() => providerStandIn(api, { afterMs: 1000, log, env: { NODE_ENV: ' production ' } })).toThrow(/NODE_ENV=production/);
});

test('runs elsewhere: a job polling at half the delay, and its routes', () => {
  const standIn = providerStandIn(api, { afterMs: 1000, log, env: { NODE_ENV: 'development' } });
  expect(standIn.job).toMatchObject({ name: 'provider stand-in poll', everyMs: 500 });
  expect(typeof standIn.routes).toBe('function');
});
