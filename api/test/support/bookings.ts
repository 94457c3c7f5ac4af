import type { AddressFields, BookingCreate } from '@utsav/contracts/schemas';
import { createHash } from 'node:crypto';
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

/**
 * A fixture provider takes 100 bookings a day (its kind's default is 1): the tests of every other rule book
 * the same dates again and again. The availability tests set the capacities they test.
 */
const FIXTURE_DAILY_CAPACITY = 100;

async function insertProvider(db: Database, name: string, prices: [number, number]): Promise<FixtureProvider> {
  const [provider] = await db.query<{ id: string }>('INSERT INTO providers (name, daily_capacity) VALUES ($1, $2) RETURNING id::text AS id', [
    name,
    FIXTURE_DAILY_CAPACITY,
  ]);
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

/**
 * A listing of its own run by `uid` (one service, one ₹9,000 package), so other tests' bookings do not count in
 * what it sees: the menu to book.
 */
export async function listingOwnedBy(db: Database, uid: string): Promise<{ id: string; serviceId: string; name: string; price: number }> {
  const [row] = await db.query<{ id: string }>("INSERT INTO providers (name) VALUES ('Mehendi Arts') RETURNING id::text AS id");
  const [service] = await db.query<{ id: string }>(
    `INSERT INTO services (provider_id, title, description, category, city, state)
     VALUES ($1, 'Mehendi Arts', 'Bridal mehendi', 'Makeup', 'Pune', 'Maharashtra') RETURNING id::text AS id`,
    [row!.id],
  );
  const [menu] = await db.query<{ id: string }>(
    `INSERT INTO menus (service_id, name, description, service_type, price, expected_delivery_time)
     VALUES ($1, 'Bridal', 'Both hands', 'Makeup', 900000, 'Same day') RETURNING id::text AS id`,
    [service!.id],
  );
  await makeProviderOwner(db, row!.id, uid);
  return { id: menu!.id, serviceId: service!.id, name: 'Bridal', price: 900_000 };
}

/** The profile onboardConsumer saves: a booking carries this name and email (bookingPayload sends the same). */
export const FIXTURE_CONSUMER = { name: 'Asha Verma', email: 'asha@example.in' } as const;

/** The saved address the fixtures book at (what the slot page's address form would save). */
export const FIXTURE_ADDRESS: AddressFields = {
  label: 'Home',
  line1: '12 MG Road',
  line2: 'Indiranagar',
  landmark: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
};

// the saved address each user books at: a fixed id per user (saved by onboardConsumer), or the one the API
// gave when it was saved over HTTP (onboardOverHttp)
const savedOverHttp = new Map<string, string>();

/** The id of the user's fixture address: bookingPayload and cart bodies send it. */
export function fixtureAddressId(user: Pick<TestUser, 'uid'>): string {
  const known = savedOverHttp.get(user.uid);
  if (known) return known;
  const hex = createHash('sha256').update(`address:${user.uid}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Saves the user's fixture address straight into the database (nothing when it is there). */
export async function saveFixtureAddress(db: Database, user: Pick<TestUser, 'uid'>): Promise<string> {
  const id = fixtureAddressId(user);
  const a = FIXTURE_ADDRESS;
  await db.query(
    `INSERT INTO addresses (id, consumer_uid, label, line1, line2, landmark, city, state, pincode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
    [id, user.uid, a.label, a.line1, a.line2, a.landmark, a.city, a.state, a.pincode],
  );
  return id;
}

/**
 * What onboarding does, straight into the database: the profile a booking takes its name and email from
 * (POST /bookings is 409 without one), and a saved address to book at (what the slot page asks for). Does
 * nothing when the user already has them.
 */
export async function onboardConsumer(db: Database, user: TestUser, profile: { name?: string; email?: string; emailVerified?: boolean } = {}): Promise<void> {
  // the email verified (its link opened, test/email-verification.test.ts) unless told otherwise: notifications go to it
  const email = profile.email ?? FIXTURE_CONSUMER.email;
  await db.query(
    `INSERT INTO consumers (uid, name, email, email_verified, age, gender, phone, skipped_service) VALUES ($1, $2, $3, $4, 30, 'female', $5, true)
     ON CONFLICT (uid) DO NOTHING`,
    [user.uid, profile.name ?? FIXTURE_CONSUMER.name, email, profile.emailVerified === false ? null : email, user.phone],
  );
  await saveFixtureAddress(db, user);
}

/**
 * onboardConsumer over HTTP, for an API in another process: POST /users/consumer/{uid} as the app's onboarding
 * does, then the fixture address through POST /users/consumer/{uid}/addresses (bookingPayload then sends its id).
 */
export async function onboardOverHttp(apiUrl: string, user: TestUser): Promise<void> {
  const headers = { Authorization: `Bearer ${user.idToken}`, 'Content-Type': 'application/json' };
  const response = await fetch(`${apiUrl}/users/consumer/${user.uid}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...FIXTURE_CONSUMER, age: 30, gender: 'female', skippedService: true }),
  });
  if (!response.ok) throw new Error(`POST /users/consumer answered ${response.status}: ${await response.text()}`);
  const saved = await fetch(`${apiUrl}/users/consumer/${user.uid}/addresses`, { method: 'POST', headers, body: JSON.stringify(FIXTURE_ADDRESS) });
  if (saved.status !== 201) throw new Error(`POST /users/consumer/…/addresses answered ${saved.status}: ${await saved.text()}`);
  savedOverHttp.set(user.uid, ((await saved.json()) as { addressId: string }).addressId);
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
    addressId: fixtureAddressId(user),
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
