/**
 * The `contended` scenario's world and its verdict. Before the API starts: a few providers of this run only,
 * one per kind of service with its default daily capacity (a venue 1, a caterer 2, a make-up artist 3, a salon
 * 4: migration 015), each with an account (a signed-in Auth emulator user as providers.owner_uid) and one menu.
 * After the API has stopped: the database is counted, day by day, with availability.ts's own rule of what
 * holds capacity (HOLDS) and its own reading of a provider's capacity (providerAvailability), for EVERY
 * provider and day there, not only this run's.
 */
import { nowInIndia } from '@utsav/contracts/slot-rules';
import { HOLDS, providerAvailability } from '../../src/bookings/availability';
import type { Database } from '../../src/db';
import { signInWithPhone, type TestUser } from '../../test/support/auth-emulator';
import { fixtureAddressId, inDays, onboardOverHttp } from '../../test/support/bookings';
import type { ContendedConsumer, ContendedPlan, ContendedProvider } from './contended-mix';

/** one provider of each: the defaults of default_daily_capacity() are 1, 2, 3 and 4 */
const CATEGORIES = ['Venues', 'Catering', 'Makeup', 'Haircut'] as const;
const CONSUMERS = 15;
/** days 1 to 360 ahead: the booking window is 365 (today's hours may be gone; a two-day request needs the next) */
const FIRST_DAY = 1;
const LAST_DAY = 360;
const MIX = { windowDays: 3, acceptEvery: 3, repeatEvery: 10, twoDayEvery: 4 } as const;

/** This run's providers, inserted straight into the database (there is no API to make one). */
export async function insertContendedProviders(db: Database, tag: string): Promise<ContendedProvider[]> {
  const providers: ContendedProvider[] = [];
  for (const category of CATEGORIES) {
    const owner = await signInWithPhone();
    const name = `Load bench ${category} ${tag}`;
    const [provider] = await db.query<{ id: string }>('INSERT INTO providers (name, owner_uid) VALUES ($1, $2) RETURNING id::text AS id', [name, owner.uid]);
    const providerId = provider!.id;
    const [service] = await db.query<{ id: string }>(
      `INSERT INTO services (provider_id, title, description, category, city, state)
       VALUES ($1, $2, 'A provider of bench:load''s contended scenario', $3, 'Jaipur', 'Rajasthan') RETURNING id::text AS id`,
      [providerId, name, category],
    );
    const menuName = `${name} package`;
    const price = 5_000_000;
    const [menu] = await db.query<{ id: string }>(
      `INSERT INTO menus (service_id, name, description, service_type, price, expected_delivery_time)
       VALUES ($1, $2, 'One day', $3, $4, 'On the day') RETURNING id::text AS id`,
      [service!.id, menuName, category, price],
    );
    // the capacity as the API reads it: the provider's own (none here), else its kind's default
    const { dailyCapacity } = await providerAvailability({ query: db.query }, providerId, nowInIndia(new Date()).date);
    providers.push({ providerId, name, capacity: dailyCapacity, token: owner.idToken, menu: { id: menu!.id, serviceId: service!.id, name: menuName, price } });
  }
  return providers;
}

/** Consumers signed in and onboarded over the API (a profile and a saved address), and the plan of the run. */
export async function contendedPlan(apiUrl: string, providers: ContendedProvider[]): Promise<ContendedPlan> {
  const consumers: ContendedConsumer[] = [];
  for (let count = 0; count < CONSUMERS; count++) {
    const user: TestUser = await signInWithPhone();
    await onboardOverHttp(apiUrl, user);
    consumers.push({ uid: user.uid, phone: user.phone, token: user.idToken, addressId: fixtureAddressId(user) });
  }
  const days = Array.from({ length: LAST_DAY - FIRST_DAY + 1 }, (_, index) => inDays(FIRST_DAY + index));
  return { providers, consumers, days, ...MIX };
}

export interface OverBookedDay {
  providerId: string;
  day: string;
  held: number;
  capacity: number;
}

export interface CapacityCheck {
  /** provider-days (every provider in the database) on which a booking holds capacity */
  providerDays: number;
  /** of those, the days at their provider's capacity */
  fullDays: number;
  /** bookings beyond capacity, summed over every provider and day: must be 0 */
  overBookings: number;
  /** the first few days over capacity */
  overBookedDays: OverBookedDay[];
  /** this run's providers: their bookings accepted, and their requests still waiting */
  run: { accepted: number; requested: number };
}

/** Every provider's every day: how many bookings hold capacity on it, against the provider's capacity. */
export async function checkCapacity(db: Database, runProviders: string[]): Promise<CapacityCheck> {
  const days = await db.query<{ provider_id: string; day: string; held: number }>(
    `SELECT b.provider_id::text AS provider_id, to_char(d, 'YYYY-MM-DD') AS day, count(*)::integer AS held
     FROM bookings b CROSS JOIN LATERAL generate_series(b.date_from, b.date_to, interval '1 day') AS d
     WHERE ${HOLDS}
     GROUP BY b.provider_id, d
     ORDER BY 1, 2`,
  );
  const today = nowInIndia(new Date()).date;
  const capacities = new Map<string, number>();
  for (const providerId of new Set(days.map((row) => row.provider_id))) {
    capacities.set(providerId, (await providerAvailability({ query: db.query }, providerId, today)).dailyCapacity);
  }
  let fullDays = 0;
  let overBookings = 0;
  const overBookedDays: OverBookedDay[] = [];
  for (const { provider_id: providerId, day, held } of days) {
    const capacity = capacities.get(providerId) as number;
    if (held >= capacity) fullDays++;
    if (held > capacity) {
      overBookings += held - capacity;
      if (overBookedDays.length < 10) overBookedDays.push({ providerId, day, held, capacity });
    }
  }
  const [run] = await db.query<{ accepted: number; requested: number }>(
    `SELECT count(*) FILTER (WHERE status = 'accepted')::integer AS accepted, count(*) FILTER (WHERE status = 'requested')::integer AS requested
     FROM bookings WHERE provider_id = ANY($1::uuid[])`,
    [runProviders],
  );
  return { providerDays: days.length, fullDays, overBookings, overBookedDays, run: run ?? { accepted: 0, requested: 0 } };
}

/** PostgreSQL keeps its data between runs: this run's providers go, with their bookings (events, services, menus cascade). */
export async function removeContendedProviders(db: Database, providerIds: string[]): Promise<void> {
  await db.transaction(async (session) => {
    await session.query('DELETE FROM bookings WHERE provider_id = ANY($1::uuid[])', [providerIds]);
    await session.query('DELETE FROM providers WHERE id = ANY($1::uuid[])', [providerIds]);
  });
}
