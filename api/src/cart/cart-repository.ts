import type { Cart, CartItem } from '@utsav/contracts/schemas';
import type { BookableMenu } from '../bookings/menu-lookup';
import type { DateRange, TimeRange } from '../bookings/slot-rules';
import { toIso } from '../bookings/booking-rows';
import type { Database } from '../db';
import { HttpError } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { ADDRESS_MESSAGES } from '../addresses/address-repository';

/** At most this many lines (different selections) in one cart. */
export const CART_MAX_ITEMS = 20;

export const CART_MESSAGES = {
  full: 'cart.full',
  duplicate: 'cart.duplicate',
  itemNotFound: 'cart.itemNotFound',
} as const;

/** The cart as stored, before pricing (cart-quote.ts prices it: every answer carries the server's figures). */
export type CartContents = Omit<Cart, 'items' | 'coupon' | 'totals'> & { items: Omit<CartItem, 'pricing'>[] };

/** A selection to keep: one line is one booking (quantity 1). */
export interface NewCartItem {
  menu: BookableMenu;
  dates: DateRange;
  times: TimeRange;
  note: string;
  /** one of the consumer's saved addresses (unknown or someone else's → 404) */
  addressId: string;
}

export interface CartRepository {
  /** the consumer's cart, created empty on first use */
  get(uid: string): Promise<CartContents>;
  /**
   * Adds a selection as a new line. The same menu, dates, times and note as a line already there is a 409
   * (CART_MESSAGES.duplicate: a line is one booking, there is no quantity to raise); so is a line over CART_MAX_ITEMS.
   */
  addItem(uid: string, item: NewCartItem): Promise<CartContents>;
  /** null when the consumer's cart has no such item */
  removeItem(uid: string, cartItemId: string): Promise<CartContents | null>;
  /** how many lines the consumer's cart holds (0 without a cart) */
  count(uid: string): Promise<number>;
}

export type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

interface CartRow {
  id: string;
  consumer_uid: string;
  created_at: Date | string;
  updated_at: Date | string;
}

interface CartItemRow {
  id: string;
  service_id: string;
  menu_id: string;
  title: string;
  service_title: string;
  provider_name: string;
  price: number;
  date_from: string;
  date_to: string;
  time_start: string;
  time_end: string;
  note: string;
  address_id: string | null;
  label: string | null;
  line1: string | null;
  line2: string | null;
  landmark: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
}

const ENSURE_CART_SQL = 'INSERT INTO carts (consumer_uid) VALUES ($1) ON CONFLICT (consumer_uid) DO NOTHING';
const CART_SQL = 'SELECT id::text AS id, consumer_uid, created_at, updated_at FROM carts WHERE consumer_uid = $1';
// title and price are the menu's current ones, and who is booked the service's and its provider's; items in the order added
const ITEMS_SQL = `
  SELECT ci.id::text AS id, ci.service_id::text AS service_id, ci.menu_id::text AS menu_id, m.name AS title,
         s.title AS service_title, p.name AS provider_name, m.price, ci.date_from::text AS date_from, ci.date_to::text AS date_to,
         to_char(ci.time_start, 'HH24:MI') AS time_start, to_char(ci.time_end, 'HH24:MI') AS time_end, ci.note,
         ci.address_id::text AS address_id, a.label, a.line1, a.line2, a.landmark, a.city, a.state, a.pincode
  FROM cart_items ci JOIN menus m ON m.id = ci.menu_id JOIN services s ON s.id = m.service_id JOIN providers p ON p.id = s.provider_id
  LEFT JOIN addresses a ON a.id = ci.address_id
  WHERE ci.cart_id = $1
  ORDER BY ci.created_at, ci.id`;

/** The consumer's cart as stored now (lines with the menus' current names and prices), in the order added. */
export async function readCart(query: Query, uid: string): Promise<CartContents> {
  const [cart] = await query<CartRow>(CART_SQL, [uid]);
  if (!cart) throw new Error(`The cart of ${uid} is missing`);
  const items = await query<CartItemRow>(ITEMS_SQL, [cart.id]);
  return {
    cartId: cart.id,
    consumerId: cart.consumer_uid,
    createdAt: toIso(cart.created_at),
    updatedAt: toIso(cart.updated_at),
    items: items.map((item) => ({
      cartItemId: item.id,
      serviceId: item.service_id,
      menuId: item.menu_id,
      title: item.title,
      serviceTitle: item.service_title,
      providerName: item.provider_name,
      quantity: 1 as const, // CHECKed: a line is one booking
      price: item.price,
      currency: 'INR', // CHECKed on menus
      preferredDateRange: { from: item.date_from, to: item.date_to },
      preferredTime: { start: item.time_start, end: item.time_end },
      note: item.note,
      // the saved address as it is now (a booking made from the item keeps a copy of it then)
      addressId: item.address_id,
      address:
        item.line1 === null
          ? null
          : {
              label: item.label ?? '',
              line1: item.line1,
              line2: item.line2 ?? '',
              landmark: item.landmark ?? '',
              city: item.city ?? '',
              state: item.state ?? '',
              pincode: item.pincode ?? '',
            },
    })),
  };
}

const COUNT_SQL = 'SELECT count(*)::int AS count FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.consumer_uid = $1';

export function createCartRepository(db: Database): CartRepository {
  return {
    async count(uid) {
      const [row] = await db.query<{ count: number }>(COUNT_SQL, [uid]);
      return row?.count ?? 0;
    },

    async get(uid) {
      await db.query(ENSURE_CART_SQL, [uid]);
      return readCart(db.query, uid);
    },

    addItem(uid, item) {
      if (!isUuid(item.addressId)) throw new HttpError(404, ADDRESS_MESSAGES.notFound);
      return db.transaction(async (session) => {
        const [address] = await session.query<{ id: string }>(
          'SELECT id::text AS id FROM addresses WHERE id = $1 AND consumer_uid = $2 FOR SHARE',
          [item.addressId, uid],
        );
        if (!address) throw new HttpError(404, ADDRESS_MESSAGES.notFound);
        await session.query(ENSURE_CART_SQL, [uid]);
        // the cart row is the lock: concurrent adds to one cart take turns, so the limits hold
        const [cart] = await session.query<{ id: string }>('SELECT id::text AS id FROM carts WHERE consumer_uid = $1 FOR UPDATE', [uid]);
        if (!cart) throw new Error(`The cart of ${uid} is missing`);
        const [same] = await session.query<{ id: string }>(
          `SELECT id::text AS id FROM cart_items
           WHERE cart_id = $1 AND menu_id = $2 AND date_from = $3 AND date_to = $4 AND time_start = $5 AND time_end = $6
             AND note = $7 AND address_id = $8`,
          [cart.id, item.menu.menuId, item.dates.from, item.dates.to, item.times.start, item.times.end, item.note, address.id],
        );
        if (same) throw new HttpError(409, CART_MESSAGES.duplicate);
        const [count] = await session.query<{ lines: number }>('SELECT count(*)::integer AS lines FROM cart_items WHERE cart_id = $1', [cart.id]);
        if ((count?.lines ?? 0) >= CART_MAX_ITEMS) throw new HttpError(409, CART_MESSAGES.full);
        await session.query(
          `INSERT INTO cart_items (cart_id, service_id, menu_id, quantity, date_from, date_to, time_start, time_end, note, address_id)
           VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9)`,
          [cart.id, item.menu.serviceId, item.menu.menuId, item.dates.from, item.dates.to, item.times.start, item.times.end, item.note, address.id],
        );
        await session.query('UPDATE carts SET updated_at = now() WHERE id = $1', [cart.id]);
        return readCart(session.query, uid);
      });
    },

    async removeItem(uid, cartItemId) {
      if (!isUuid(cartItemId)) return null;
      return db.transaction(async (session) => {
        const removed = await session.query<{ cart_id: string }>(
          `DELETE FROM cart_items ci USING carts c
           WHERE ci.id = $1 AND ci.cart_id = c.id AND c.consumer_uid = $2 RETURNING ci.cart_id::text AS cart_id`,
          [cartItemId, uid],
        );
        if (removed.length === 0) return null;
        await session.query('UPDATE carts SET updated_at = now() WHERE consumer_uid = $1', [uid]);
        return readCart(session.query, uid);
      });
    },
  };
}
