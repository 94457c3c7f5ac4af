import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInWithPhone, type TestUser } from './auth-emulator';
import { fixtureAddressId, inDays, insertCatalogFixture, type CatalogFixture } from './bookings';
import { photoForm, tinyPng } from './images';
import { bookingIn, startPaymentStack, type PaymentStack } from './payments';
import { request } from './test-server';

/** A user with something of everything: profile, photo, an accepted booking with a payment order, a cart item. */
export interface UserWithData {
  user: TestUser;
  profile: { name: string; email: string; phone: string };
  uploadFileName: string;
  bookingId: string;
  orderId: string;
  cartItemId: string;
  /** the saved address the booking and the cart item are for */
  addressId: string;
  /** a wedding plan, one event of it, and the shortlist entry (provider B's service) saved for that event */
  planId: string;
  eventId: string;
  /** an enquiry for that event to provider B's listing, and the quote its provider answered with (open) */
  enquiryId: string;
  quoteId: string;
  /** a message of theirs in that enquiry's conversation */
  messageId: string;
}

export interface SecurityWorld {
  stack: PaymentStack;
  catalog: CatalogFixture;
  uploadsDir: string;
  close(): Promise<void>;
}

/** The API with the payment sandbox, a small catalog and uploads in a temporary folder. */
export async function startSecurityWorld(): Promise<SecurityWorld> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-security-'));
  const stack = await startPaymentStack({ UPLOADS_DIR: uploadsDir });
  const catalog = await insertCatalogFixture(stack.server.database);
  // as every seeded service has (the catalog's answers require a main image)
  await stack.server.database.query(
    `INSERT INTO service_images (service_id, role, position, width, height, alt)
     SELECT id, 'main', 0, 800, 600, title FROM services WHERE id = ANY($1::uuid[])`,
    [[catalog.providerA.serviceId, catalog.providerB.serviceId]],
  );
  return {
    stack,
    catalog,
    uploadsDir,
    close: async () => {
      await stack.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

async function expectStatus<T extends { status: number; body: unknown }>(what: string, expected: number, response: Promise<T>): Promise<T> {
  const answer = await response;
  if (answer.status !== expected) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Signs a new user in and gives them data of every kind, through the API as the app would. */
export async function userWithData({ stack, catalog }: SecurityWorld, name: string): Promise<UserWithData> {
  const api = stack.server.url;
  const user = await signInWithPhone();
  const profile = { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`, phone: user.phone };
  await expectStatus('profile', 201, request(`${api}/users/consumer/${user.uid}`, { token: user.idToken, json: { ...profile, age: 31, gender: 'female', skippedService: true } }));

  const uploaded = await fetch(`${api}/users/consumer/upload/${user.uid}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.idToken}` },
    body: photoForm(tinyPng()),
  });
  const { url } = (await uploaded.json()) as { url: string };
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);

  const booking = await bookingIn(stack.server, user, catalog.providerA.menus[0]);
  const order = await expectStatus(
    'create_order',
    200,
    request(`${api}/payment/create_order`, { token: user.idToken, json: { userId: user.uid, bookingId: booking.bookingId } }),
  );
  const menu = catalog.providerB.menus[0];
  const cart = await expectStatus(
    'cart item',
    201,
    request(`${api}/cart/items`, {
      token: user.idToken,
      json: { serviceId: menu.serviceId, menuId: menu.id, preferredDateRange: booking.preferredDateRange, preferredTime: booking.preferredTime, addressId: fixtureAddressId(user) },
    }),
  );
  const [item] = cart.body.items as { cartItemId: string }[];
  const plan = await expectStatus('plan', 201, request(`${api}/plans`, { token: user.idToken, json: { title: `${name}'s wedding`, from: inDays(60), to: inDays(64) } }));
  const planId = String(plan.body.planId);
  const event = await expectStatus('event', 201, request(`${api}/plans/${planId}/events`, { token: user.idToken, json: { kind: 'sangeet', date: inDays(61), guests: 150 } }));
  const eventId = String(event.body.eventId);
  await expectStatus('shortlist', 200, request(`${api}/shortlist/${menu.serviceId}`, { method: 'PUT', token: user.idToken, json: { eventId } }));
  const enquiry = await expectStatus(
    'enquiry',
    201,
    request(`${api}/enquiries`, { token: user.idToken, json: { eventId, serviceIds: [menu.serviceId], message: 'Do you cover a sangeet?' } }),
  );
  const enquiryId = String((enquiry.body as unknown as Array<{ enquiryId: string }>)[0]!.enquiryId);
  // what the quote of the person who runs provider B's listing writes (nobody runs it in this world)
  const [quote] = await stack.server.database.query<{ id: string }>(
    `INSERT INTO quotes (enquiry_id, line_items, total, valid_until, created_by) VALUES ($1, '[{"label":"Full day","amount":500000}]', 500000, $2, 'provider')
     RETURNING id::text AS id`,
    [enquiryId, inDays(20)],
  );
  await stack.server.database.query("UPDATE enquiries SET status = 'quoted' WHERE id = $1", [enquiryId]);
  const message = await expectStatus(
    'message',
    201,
    request(`${api}/threads/enquiry/${enquiryId}/messages`, { token: user.idToken, json: { body: 'Can you also do a pre-wedding shoot?', clientKey: randomUUID() } }),
  );
  return {
    user,
    profile,
    uploadFileName: path.basename(new URL(url).pathname),
    bookingId: booking.bookingId,
    orderId: String(order.body.id),
    cartItemId: item!.cartItemId,
    addressId: fixtureAddressId(user),
    planId,
    eventId,
    enquiryId,
    quoteId: quote!.id,
    messageId: String(message.body.messageId),
  };
}

/** Everything that identifies the user or their data: none of it may appear in an answer to someone else. */
export function secretsOf(owner: UserWithData): string[] {
  const { user, profile } = owner;
  return [user.uid, user.phone, user.phone.replace('+91', ''), profile.name, profile.email, owner.uploadFileName, owner.bookingId, owner.orderId, owner.cartItemId, owner.addressId, owner.planId, owner.eventId, owner.enquiryId, owner.quoteId, owner.messageId];
}
