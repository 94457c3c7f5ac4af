import type { BookingCreate } from '@utsav/contracts/schemas';
import type { z } from 'zod';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { addDays } from '@utsav/contracts/slot-rules';
import type { Database } from '../../src/db';
import type { TestUser } from './auth-emulator';

export interface FixtureMenu {
  id: string;
  serviceId: string;
  name: string;
  price: number;
}

export interface FixtureProvider {
  id: string;
  serviceId: string;
  menus: [FixtureMenu, FixtureMenu];
}

/** Two providers, one service each, two menus per service: small, fast and with known prices. */
export interface CatalogFixture {
  providerA: FixtureProvider;
  providerB: FixtureProvider;
}

async function insertProvider(db: Database, name: string, prices: [number, number]): Promise<FixtureProvider> {
  const [provider] = await db.query<{ id: string }>('INSERT INTO providers (name) VALUES ($1) RETURNING id::text AS id', [name]);
  const [service] = await db.query<{ id: string }>(
    `INSERT INTO services (provider_id, title, description, category, city, state)
     VALUES ($1, $2, 'Candid and traditional coverage', 'Photography', 'Jaipur', 'Rajasthan') RETURNING id::text AS id`,
    [provider!.id, `${name} Photography`],
  );
  const menus = await Promise.all(
    prices.map(async (price, index) => {
      const menuName = `${name} ${index === 0 ? 'Silver' : 'Gold'} package`;
      const [menu] = await db.query<{ id: string }>(
        `INSERT INTO menus (service_id, name, description, service_type, price, expected_delivery_time)
         VALUES ($1, $2, 'Photos of the day', 'Photography', $3, '2 weeks') RETURNING id::text AS id`,
        [service!.id, menuName, price],
      );
      return { id: menu!.id, serviceId: service!.id, name: menuName, price };
    }),
  );
  return { id: provider!.id, serviceId: service!.id, menus: menus as [FixtureMenu, FixtureMenu] };
}

export async function insertCatalogFixture(db: Database): Promise<CatalogFixture> {
  return {
    providerA: await insertProvider(db, 'Lens Studio', [2_500_000, 7_500_050]),
    providerB: await insertProvider(db, 'Frame House', [1_200_000, 3_000_000]),
  };
}

/** Makes a user the account of a provider (what a provider sign-up would do). */
export async function makeProviderOwner(db: Database, providerId: string, uid: string): Promise<void> {
  await db.query('UPDATE providers SET owner_uid = $2 WHERE id = $1', [providerId, uid]);
}

/** The profile onboardConsumer saves: a booking carries this name and email (bookingPayload sends the same). */
export const FIXTURE_CONSUMER = { name: 'Asha Verma', email: 'asha@example.in' } as const;

/**
 * What onboarding does, straight into the database: the profile a booking takes its name and email from
 * (POST /bookings is 409 without one). Does nothing when the user already has a profile.
 */
export async function onboardConsumer(db: Database, user: TestUser, profile: { name?: string; email?: string } = {}): Promise<void> {
  await db.query(
    `INSERT INTO consumers (uid, name, email, age, gender, phone, skipped_service) VALUES ($1, $2, $3, 30, 'female', $4, true)
     ON CONFLICT (uid) DO NOTHING`,
    [user.uid, profile.name ?? FIXTURE_CONSUMER.name, profile.email ?? FIXTURE_CONSUMER.email, user.phone],
  );
}

/** onboardConsumer over HTTP, for an API in another process: POST /users/consumer/{uid} as the app's onboarding does. */
export async function onboardOverHttp(apiUrl: string, user: TestUser): Promise<void> {
  const response = await fetch(`${apiUrl}/users/consumer/${user.uid}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...FIXTURE_CONSUMER, age: 30, gender: 'female', skippedService: true }),
  });
  if (!response.ok) throw new Error(`POST /users/consumer answered ${response.status}: ${await response.text()}`);
}

/** 'YYYY-MM-DD', some days from today in India. */
export const inDays = (days: number) => addDays(todayInIndia(), days);

/** A valid create payload, as the slot page sends it. */
export function bookingPayload(user: TestUser, menu: FixtureMenu, change: Record<string, unknown> = {}): BookingCreate & Record<string, unknown> {
  return {
    consumerId: user.uid,
    consumerName: FIXTURE_CONSUMER.name,
    consumerEmail: FIXTURE_CONSUMER.email,
    bookingDate: todayInIndia(),
    preferredDateRange: { from: inDays(10), to: inDays(11) },
    preferredTime: { start: '09:00', end: '17:00' },
    menuId: menu.id,
    menuName: menu.name,
    serviceId: menu.serviceId,
    amount: menu.price,
    currency: 'INR',
    note: '',
    createdAt: new Date().toISOString(),
    ...change,
  };
}

/** The body must be exactly the contract: parseable, and nothing more than what the schema keeps. */
export function expectContract<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.parse(body);
  expect(body).toEqual(parsed);
  return parsed;
}

/** The status history of a booking, oldest first. */
export function bookingEvents(db: Database, bookingId: string) {
  return db.query<{ from_status: string | null; to_status: string; actor: string; reason: string | null }>(
    'SELECT from_status, to_status, actor, reason FROM booking_events WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );
}
