import { nowInIndia } from '@utsav/contracts/slot-rules';
import { cartItemCreateSchema, cartSchema } from '@utsav/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth';
import { findBookableMenu } from '../bookings/menu-lookup';
import { assertValidSlot } from '../bookings/slot-rules';
import { checkedResponse } from '../http/checked-response';
import { notFound } from '../http/http-error';
import { parse } from '../http/parse';
import { plainText } from '../http/plain-text';
import { CART_MESSAGES, type CartRepository } from './cart-repository';

type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

export interface CartRoutesOptions {
  carts: CartRepository;
  /** reads the catalog (the menu an item names) */
  query: Query;
  /** the clock: India's date and time are read from it (tests may fix it) */
  now?: () => Date;
}

const itemParams = z.object({ id: z.string() });

/** The signed-in consumer's cart (spec §3 Cart; not among the spec's calls). Every answer is the whole cart. */
export function registerCartRoutes(app: FastifyInstance, { carts, query, now = () => new Date() }: CartRoutesOptions): void {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/cart', signedIn, async (request) => checkedResponse(cartSchema, await carts.get(currentUser(request).uid)));

  app.post('/cart/items', signedIn, async (request, reply) => {
    const { uid } = currentUser(request);
    const item = parse(cartItemCreateSchema, request.body);
    // the same rules as a booking: the cart must not hold what could not be booked
    assertValidSlot(item.preferredDateRange, item.preferredTime, nowInIndia(now()));
    const menu = await findBookableMenu(query, item.menuId, item.serviceId);
    const cart = await carts.addItem(uid, {
      menu,
      quantity: item.quantity,
      dates: item.preferredDateRange,
      times: item.preferredTime,
      note: plainText(item.note),
    });
    return reply.code(201).send(checkedResponse(cartSchema, cart));
  });

  app.delete('/cart/items/:id', signedIn, async (request) => {
    const { id } = parse(itemParams, request.params);
    const cart = await carts.removeItem(currentUser(request).uid, id);
    if (!cart) throw notFound(CART_MESSAGES.itemNotFound);
    return checkedResponse(cartSchema, cart);
  });
}
