import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Booking } from '@utsav/contracts/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { confirmBookingPayment, transitionBooking } from '../src/bookings/booking-transitions';
import { createFirebaseAuthentication } from '../src/auth';
import { HttpError } from '../src/http/http-error';
import { createUploadStorage } from '../src/uploads/upload-storage';
import { createAccountDeletion, DELETED_USER_NAME } from '../src/users/account-deletion';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingEvents, bookingPayload, inDays, insertCatalogFixture, makeProviderOwner, onboardConsumer, saveFixtureAddress, FIXTURE_ADDRESS, type CatalogFixture } from './support/bookings';
import { tinyPng } from './support/images';
import { request, startTestServer, testConfig, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

let server: TestServer;
let uploadsDir: string;
let catalog: CatalogFixture;
let provider: TestUser;
beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-account-deletion-'));
  [server, provider] = await Promise.all([startTestServer({ UPLOADS_DIR: uploadsDir }), signInWithPhone()]);
  catalog = await insertCatalogFixture(server.database);
  await makeProviderOwner(server.database, catalog.providerA.id, provider.uid);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const profileUrl = (uid: string) => `${server.url}/users/consumer/${uid}`;
const deleteAccount = (uid: string, token?: string) => request(profileUrl(uid), { method: 'DELETE', token });
const db = () => server.database;

async function onboard(user: TestUser): Promise<void> {
  const response = await request(profileUrl(user.uid), {
    token: user.idToken,
    json: { name: 'Asha Verma', email: 'asha@example.in', age: 29, gender: 'female', phone: user.phone, service: '', skippedService: true },
  });
  expect(response.status).toBe(201);
}

/** Opens the email verification link (read from its outbox delivery), so the notifications' emails go to the address. */
async function verifyEmail(user: TestUser): Promise<void> {
  expect((await request(`${server.url}/users/consumer/${user.uid}/email-verification`, { method: 'POST', token: user.idToken })).status).toBe(202);
  const [delivery] = await server.database.query<{ body: string }>(
    'SELECT d.body FROM notification_deliveries d JOIN email_verifications v ON v.token_hash = d.verification WHERE v.consumer_uid = $1',
    [user.uid],
  );
  const token = /\/email-verification\/([A-Za-z0-9_-]{43})/.exec(delivery!.body)![1];
  expect((await fetch(`${server.url}/email-verification/${token}`, { redirect: 'manual' })).status).toBe(303);
}

async function uploadPhoto(user: TestUser): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'me.png');
  const response = await fetch(`${server.url}/users/consumer/upload/${user.uid}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.idToken}` },
    body: form,
  });
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  return path.basename(new URL(url).pathname);
}

async function book(user: TestUser, note = 'Gate code 4411, call Asha on arrival'): Promise<Booking> {
  await onboardConsumer(db(), user);
  const response = await request(`${server.url}/bookings`, {
    token: user.idToken,
    json: bookingPayload(user, catalog.providerA.menus[0], { note }),
  });
  expect(response.status).toBe(201);
  return response.body as unknown as Booking;
}

const accept = (bookingId: string) => transitionBooking(db(), { bookingId, action: 'accept', actor: provider.uid });

/** A paid booking as the payment side leaves it: an order, a captured payment, confirmed. */
async function pay(user: TestUser, bookingId: string): Promise<void> {
  const orderId = `order_${bookingId.slice(0, 8)}`;
  await db().query(
    `INSERT INTO payment_orders (id, booking_id, consumer_uid, amount, status) VALUES ($1, $2, $3, 500000, 'paid')`,
    [orderId, bookingId, user.uid],
  );
  await db().query(
    `INSERT INTO payments (id, order_id, booking_id, amount, status, source) VALUES ($1, $2, $3, 500000, 'captured', 'checkout')`,
    [`pay_${bookingId.slice(0, 8)}`, orderId, bookingId],
  );
  await confirmBookingPayment(db(), bookingId);
}

interface StoredBooking {
  consumer_uid: string;
  consumer_name: string;
  consumer_email: string;
  note: string;
  status: string;
  failure_reason: string | null;
  consumer_deleted_at: Date | string | null;
  address_line1: string | null;
  address_city: string | null;
  address_pincode: string | null;
}
async function storedBooking(bookingId: string): Promise<StoredBooking> {
  const [row] = await db().query<StoredBooking>(
    `SELECT consumer_uid, consumer_name, consumer_email, note, status, failure_reason, consumer_deleted_at, address_line1, address_city, address_pincode
     FROM bookings WHERE id = $1`,
    [bookingId],
  );
  if (!row) throw new Error(`booking ${bookingId} is gone`);
  return row;
}
const count = async (sql: string, params: unknown[]) =>
  Number((await db().query<{ n: number }>(`SELECT count(*)::integer AS n FROM (${sql}) x`, params))[0]?.n);

describe('only the owner can delete an account', () => {
  test('another user: 403, no token: 401, and nothing is deleted', async () => {
    const [owner, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
    await onboard(owner);
    const foreign = await deleteAccount(owner.uid, other.idToken);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(errorSaying('You can only access your own account.'));
    const anonymous = await deleteAccount(owner.uid);
    expect(anonymous.status).toBe(401);
    expect((await request(profileUrl(owner.uid), { token: owner.idToken })).status).toBe(200);
  });
});

describe('deleting an account', () => {
  let user: TestUser;
  let bystander: TestUser;
  let photo: string;
  let photoCacheControl: string | null;
  let paid: Booking;
  let acceptedUnpaid: Booking;
  let requested: Booking;
  let declined: Booking;
  let bystanderBooking: Booking;
  let newcomer: TestUser;

  beforeAll(async () => {
    [user, bystander] = await Promise.all([signInWithPhone(), signInWithPhone()]);
    await onboard(user);
    await verifyEmail(user);
    photo = await uploadPhoto(user);
    expect(fs.existsSync(path.join(uploadsDir, photo))).toBe(true);
    photoCacheControl = (await fetch(`${server.url}/uploads/${photo}`)).headers.get('cache-control');

    const menu = catalog.providerA.menus[1];
    const added = await request(`${server.url}/cart/items`, {
      token: user.idToken,
      json: {
        serviceId: menu.serviceId,
        menuId: menu.id,
        preferredDateRange: { from: inDays(20), to: inDays(20) },
        preferredTime: { start: '10:00', end: '12:00' },
        addressId: await saveFixtureAddress(server.database, user),
      },
    });
    expect(added.status).toBe(201);

    paid = await book(user);
    await accept(paid.bookingId);
    await pay(user, paid.bookingId);
    acceptedUnpaid = await book(user);
    await accept(acceptedUnpaid.bookingId);
    requested = await book(user);
    declined = await book(user);
    await transitionBooking(db(), { bookingId: declined.bookingId, action: 'decline', actor: provider.uid });
    bystanderBooking = await book(bystander, 'Bystander note');
    // told of the acceptances, the payment and the decline, by email too
    expect(await count('SELECT 1 FROM notifications n JOIN notification_deliveries d ON d.notification_id = n.id WHERE n.consumer_uid = $1', [user.uid])).toBeGreaterThan(0);

    const response = await deleteAccount(user.uid, user.idToken);
    expect(response.status).toBe(204);
    expect(response.body).toEqual({});

    newcomer = await signInWithPhone(user.phone);
  });

  test('the profile is gone (and a new sign-in of the same phone has none)', async () => {
    expect(await count('SELECT 1 FROM consumers WHERE uid = $1', [user.uid])).toBe(0);
    const read = await request(profileUrl(newcomer.uid), { token: newcomer.idToken });
    expect(read.status).toBe(404);
    expect(read.body).toEqual(errorSaying('Profile not found'));
  });

  test('the Firebase user is gone: the old token is refused, and the same phone signs in as a new uid', async () => {
    expect(newcomer.uid).not.toBe(user.uid);
    const withOldToken = await request(profileUrl(user.uid), { token: user.idToken });
    expect(withOldToken.status).toBe(401);
    expect((await request(`${server.url}/cart`, { token: user.idToken })).status).toBe(401);
  });

  test('the uploaded photo is gone: row, file and URL', async () => {
    expect(await count('SELECT 1 FROM uploads WHERE uid = $1', [user.uid])).toBe(0);
    expect(fs.existsSync(path.join(uploadsDir, photo))).toBe(false);
    const served = await request(`${server.url}/uploads/${photo}`);
    expect(served.status).toBe(404);
    // and no cache goes on serving it: none shared kept it, a browser keeps it five minutes at most (then asks: 404)
    const directives = (photoCacheControl ?? '').split(',').map((directive) => directive.trim());
    expect(directives).toContain('private');
    expect(directives).not.toContain('public');
    expect(directives).not.toContain('immutable');
    expect(Number(directives.find((directive) => directive.startsWith('max-age='))?.slice('max-age='.length))).toBeLessThanOrEqual(300);
  });

  test('the cart and its items are gone; the new sign-in starts with an empty cart', async () => {
    expect(await count('SELECT 1 FROM carts WHERE consumer_uid = $1', [user.uid])).toBe(0);
    expect(await count('SELECT 1 FROM cart_items ci LEFT JOIN carts c ON c.id = ci.cart_id WHERE c.id IS NULL', [])).toBe(0);
    const cart = await request(`${server.url}/cart`, { token: newcomer.idToken });
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ consumerId: newcomer.uid, items: [] });
  });

  test('what they were told is gone, with the emails and texts still to send them', async () => {
    expect(await count('SELECT 1 FROM notifications WHERE consumer_uid = $1', [user.uid])).toBe(0);
    expect(await count('SELECT 1 FROM notification_deliveries d LEFT JOIN notifications n ON n.id = d.notification_id WHERE n.id IS NULL', [])).toBe(0);
  });

  test('the saved addresses are gone, and the kept bookings no longer say where (the bystander\'s still do)', async () => {
    expect(await count('SELECT 1 FROM addresses WHERE consumer_uid = $1', [user.uid])).toBe(0);
    for (const booking of [paid, acceptedUnpaid, requested, declined]) {
      expect(await storedBooking(booking.bookingId)).toMatchObject({ address_line1: null, address_city: null, address_pincode: null });
    }
    expect(await storedBooking(bystanderBooking.bookingId)).toMatchObject({ address_line1: FIXTURE_ADDRESS.line1, address_pincode: FIXTURE_ADDRESS.pincode });
  });

  test('the paid booking stays for the provider, confirmed, with no personal data', async () => {
    const row = await storedBooking(paid.bookingId);
    expect(row).toMatchObject({ status: 'confirmed', consumer_name: DELETED_USER_NAME, consumer_email: '', note: '' });
    expect(row.consumer_uid).toMatch(/^deleted:[0-9a-f-]{36}$/);
    expect(row.consumer_uid).not.toContain(user.uid);
    expect(row.consumer_deleted_at).not.toBeNull();
    // its payment rows are kept; the order no longer names the uid
    expect(await count('SELECT 1 FROM payments WHERE booking_id = $1 AND status = $2', [paid.bookingId, 'captured'])).toBe(1);
    const [order] = await db().query<{ consumer_uid: string }>('SELECT consumer_uid FROM payment_orders WHERE booking_id = $1', [paid.bookingId]);
    expect(order?.consumer_uid).toBe(row.consumer_uid);
  });

  test('the old uid finds nothing any more', async () => {
    expect(await count('SELECT 1 FROM bookings WHERE consumer_uid = $1', [user.uid])).toBe(0);
    expect(await count('SELECT 1 FROM payment_orders WHERE consumer_uid = $1', [user.uid])).toBe(0);
    expect(await count('SELECT 1 FROM booking_events WHERE actor = $1', [user.uid])).toBe(0);
    const markers = await db().query<{ consumer_uid: string }>(
      'SELECT consumer_uid FROM bookings WHERE id = ANY($1::uuid[])',
      [[paid.bookingId, acceptedUnpaid.bookingId, requested.bookingId, declined.bookingId]],
    );
    expect(new Set(markers.map((m) => m.consumer_uid)).size).toBe(4); // one marker per booking: they do not link up either

    const foreign = await request(`${server.url}/bookings/user/${user.uid}`, { token: newcomer.idToken });
    expect(foreign.status).toBe(403);
    const own = await request(`${server.url}/bookings/user/${newcomer.uid}`, { token: newcomer.idToken });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([]);
  });

  test('unpaid open bookings are cancelled by account-deletion and detached; a declined one stays declined', async () => {
    for (const booking of [acceptedUnpaid, requested]) {
      const row = await storedBooking(booking.bookingId);
      expect(row).toMatchObject({ status: 'cancelled', consumer_name: DELETED_USER_NAME, consumer_email: '', note: '' });
      expect(row.consumer_uid).toMatch(/^deleted:/);
      const events = await bookingEvents(db(), booking.bookingId);
      expect(events.at(-1)).toEqual({
        from_status: booking === requested ? 'requested' : 'accepted',
        to_status: 'cancelled',
        actor: 'account-deletion',
        reason: 'the consumer deleted their account',
      });
      // the creation was the consumer's: its actor is now the booking's marker
      expect(events[0]).toMatchObject({ from_status: null, actor: row.consumer_uid });
    }
    expect(await storedBooking(declined.bookingId)).toMatchObject({ status: 'failed', failure_reason: 'declined', consumer_name: DELETED_USER_NAME });
  });

  test('the provider still sees them, as a deleted user', async () => {
    const response = await fetch(`${server.url}/provider/bookings`, { headers: { Authorization: `Bearer ${provider.idToken}` } });
    expect(response.status).toBe(200);
    const list = (await response.json()) as { bookingId: string; status: string; consumer: { name: string; email: string | null; phone: string | null }; note?: string }[];
    const paidSeen = list.find((b) => b.bookingId === paid.bookingId);
    // paid, so the contact would show: there is none left to show
    expect(paidSeen).toMatchObject({ status: 'confirmed', consumer: { name: DELETED_USER_NAME, email: null, phone: null } });
    expect(paidSeen).not.toHaveProperty('note');
  });

  test('other people’s data is untouched', async () => {
    const row = await storedBooking(bystanderBooking.bookingId);
    expect(row).toMatchObject({ consumer_uid: bystander.uid, consumer_name: 'Asha Verma', note: 'Bystander note', status: 'requested', consumer_deleted_at: null });
  });
});

describe('idempotent', () => {
  test('without a profile (never onboarded, or a retry) it is still 204 and still deletes the Firebase user', async () => {
    const user = await signInWithPhone();
    const response = await deleteAccount(user.uid, user.idToken);
    expect(response.status).toBe(204);
    expect((await request(profileUrl(user.uid), { token: user.idToken })).status).toBe(401);
    expect((await signInWithPhone(user.phone)).uid).not.toBe(user.uid);
  });

  const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
  const down = async () => {
    throw new HttpError(503, 'auth.cannotCheck');
  };

  test('sessions are revoked before anything is deleted: when that fails, nothing is (503), and a retry with the same token finishes', async () => {
    const user = await signInWithPhone();
    await onboard(user);
    const notReached = async () => {
      throw new Error('the user must not be removed when their sessions could not be revoked');
    };
    const failing = createAccountDeletion({ db: db(), storage: createUploadStorage(uploadsDir), log, auth: { revokeSessions: down, removeUser: notReached } });
    await expect(failing.deleteAccount(user.uid)).rejects.toMatchObject({ statusCode: 503 });
    expect(await count('SELECT 1 FROM consumers WHERE uid = $1', [user.uid])).toBe(1);

    const retry = await deleteAccount(user.uid, user.idToken);
    expect(retry.status).toBe(204);
    expect(await count('SELECT 1 FROM consumers WHERE uid = $1', [user.uid])).toBe(0);
    expect((await request(profileUrl(user.uid), { token: user.idToken })).status).toBe(401);
  });

  test('when the Firebase user cannot be removed: the data is deleted (503); the same phone signs in as the same uid and a retry finishes', async () => {
    const user = await signInWithPhone();
    await onboard(user);
    const real = createFirebaseAuthentication(testConfig()).accounts;
    const failing = createAccountDeletion({ db: db(), storage: createUploadStorage(uploadsDir), log, auth: { revokeSessions: real.revokeSessions, removeUser: down } });
    await expect(failing.deleteAccount(user.uid)).rejects.toMatchObject({ statusCode: 503 });
    expect(await count('SELECT 1 FROM consumers WHERE uid = $1', [user.uid])).toBe(0);

    const again = await signInWithPhone(user.phone);
    expect(again.uid).toBe(user.uid);
    const retry = await deleteAccount(again.uid, again.idToken);
    expect(retry.status).toBe(204);
    for (const token of [user.idToken, again.idToken]) expect((await request(profileUrl(user.uid), { token })).status).toBe(401);
    expect((await signInWithPhone(user.phone)).uid).not.toBe(user.uid);
  });
});
