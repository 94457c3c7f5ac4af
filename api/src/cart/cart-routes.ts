import { nowInIndia } from '@utsav/contracts/slot-rules';
import { cartCountSchema, cartItemCreateSchema, cartQuoteQuerySchema, cartSchema, checkoutRequestSchema, checkoutResponseSchema } from '@utsav/contracts/schemas';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { BOOKING_MESSAGES } from '../bookings/booking-messages';
import type { BookingRepository } from '../bookings/booking-repository';
import { toBooking } from '../bookings/booking-rows';
import { findBookableMenu } from '../bookings/menu-lookup';
import { assertValidSlot } from '../bookings/slot-rules';
import type { Database } from '../db';
import { HttpError, notFound } from '../http/http-error';
import type { ApiPlugin } from '../http/route-schemas';
import { plainText } from '../http/plain-text';
import type { ConsumerRepository } from '../users/consumer-repository';
import { quoteCart } from './cart-quote';
import { CART_MESSAGES, type CartRepository } from './cart-repository';
import { checkoutCart } from './checkout';

export interface CartRoutesOptions {
  carts: CartRepository;
  /** reads the catalog (the menu an item names) and the offers; checkout's transaction */
  db: Database;
  /** checkout books through the repository's one create path */
  bookings: BookingRepository;
  /** the bookings' name and email are the consumer's stored profile's */
  consumers: Pick<ConsumerRepository, 'find'>;
  /** the clock: India's date and time are read from it (tests may fix it) */
  now?: () => Date;
}

const itemParams = z.object({ id: z.string() });

/**
 * The signed-in consumer's cart (spec §3 Cart; not among the spec's calls). Every answer is the whole cart priced by
 * the server (`?coupon=CODE` on GET and DELETE prices it with that coupon and says whether it applies), and
 * POST /checkout books it.
 */
export const cartRoutes: ApiPlugin<CartRoutesOptions> = async (app, { carts, db, bookings, consumers, now = () => new Date() }) => {
  const asUser = signedIn(app);
  const query = db.query;

  app.get('/cart', { ...asUser, schema: { querystring: cartQuoteQuerySchema, response: { 200: cartSchema } } }, async (request) =>
    quoteCart(query, await carts.get(currentUser(request).uid), request.query.coupon),
  );

  // the top bar's badge: how many lines, without pricing the whole cart
  app.get('/cart/count', { ...asUser, schema: { response: { 200: cartCountSchema } } }, async (request) => ({
    count: await carts.count(currentUser(request).uid),
  }));

  app.post('/cart/items', { ...asUser, schema: { body: cartItemCreateSchema, response: { 201: cartSchema } } }, async (request, reply) => {
    const { uid } = currentUser(request);
    const item = request.body;
    // the same rules as a booking: the cart must not hold what could not be booked
    assertValidSlot(item.preferredDateRange, item.preferredTime, nowInIndia(now()));
    const menu = await findBookableMenu(query, item.menuId, item.serviceId);
    const cart = await carts.addItem(uid, {
      menu,
      dates: item.preferredDateRange,
      times: item.preferredTime,
      note: plainText(item.note),
      addressId: item.addressId,
    });
    return reply.code(201).send(await quoteCart(query, cart));
  });

  const removal = { params: itemParams, querystring: cartQuoteQuerySchema, response: { 200: cartSchema } };
  app.delete('/cart/items/:id', { ...asUser, schema: removal }, async (request) => {
    const cart = await carts.removeItem(currentUser(request).uid, request.params.id);
    if (!cart) throw notFound(CART_MESSAGES.itemNotFound);
    return quoteCart(query, cart, request.query.coupon);
  });

  app.post('/checkout', { ...asUser, schema: { body: checkoutRequestSchema, response: { 201: checkoutResponseSchema } } }, async (request, reply) => {
    const { uid } = currentUser(request);
    // amounts are never read from the body: only the coupon, the requests and the total the page showed
    const order = request.body;
    const profile = await consumers.find(uid);
    if (!profile) throw new HttpError(409, BOOKING_MESSAGES.noProfile);
    const made = await checkoutCart(db, bookings, {
      uid,
      consumer: { name: profile.name, email: profile.email },
      couponCode: order.couponCode,
      requests: order.requests,
      expectedTotal: order.expectedTotal,
      at: nowInIndia(now()),
    });
    const cart = await quoteCart(query, await carts.get(uid));
    return reply.code(201).send({ bookings: made.map(toBooking), cart });
  });
};
