import type { BookingStatus } from '@utsav/contracts/schemas';
import type { Database, SqlSession } from '../db';
import type { Page } from '../http/page-query';
import { HttpError } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { BOOKING_MESSAGES } from './booking-messages';
import { BOOKING_COLUMNS, type BookingRow } from './booking-rows';
import { INITIAL_STATUS } from '@utsav/contracts/booking-state';
import { transitionBooking, type TransitionRequest } from './booking-transitions';
import type { DateRange, TimeRange } from './slot-rules';
import type { BookableMenu } from './menu-lookup';

export interface NewBooking {
  consumerUid: string;
  consumerName: string;
  consumerEmail: string;
  menu: BookableMenu;
  /** 'YYYY-MM-DD', the day the request is made (India) */
  bookingDate: string;
  dates: DateRange;
  times: TimeRange;
  note: string;
  /**
   * What it is charged (checkout: the menu's price with the line's share of the coupon, as quoted). Without it:
   * the menu's price, no discount. `amount` is always listAmount − discount.
   */
  amounts?: BookingAmounts;
  /**
   * The consumer's cart item this booking was made from: removed in the same transaction. If it is not
   * in their cart (already booked, removed, someone else's) or is of another menu, nothing is booked (409).
   */
  cartItemId?: string;
}

export interface BookingAmounts {
  /** the menu's price at booking, paise */
  listAmount: number;
  /** this booking's share of the coupon, paise (≤ listAmount) */
  discount: number;
  /** the coupon's code, null when none */
  couponCode: string | null;
}

/** A booking with whose it is: the consumer's uid and the uid of its provider's account (if any). */
export type OwnedBookingRow = BookingRow & { provider_owner_uid: string | null };

export interface BookingRepository {
  create(booking: NewBooking): Promise<BookingRow>;
  /**
   * The one way a booking is made: inside the caller's transaction (create runs it in its own; checkout books every
   * cart line in one). Inserts the booking and its first event, and removes its cart item if it names one.
   */
  insert(session: SqlSession, booking: NewBooking): Promise<BookingRow>;
  /** newest first */
  listForConsumer(uid: string, page: Page): Promise<BookingRow[]>;
  /** null for an unknown id (any string) */
  find(bookingId: string): Promise<OwnedBookingRow | null>;
  /** does this account run at least one provider? */
  isProvider(uid: string): Promise<boolean>;
  /** the bookings of every provider the account runs, newest first, optionally of one status */
  listForProvider(ownerUid: string, status: BookingStatus | undefined, page: Page): Promise<BookingRow[]>;
  /**
   * Ids of requests at least `ageMs` old whose provider has no account (the stand-in's work), oldest
   * first.
   */
  unansweredRequests(ageMs: number, limit: number): Promise<string[]>;
  /** every status change (see booking-transitions.ts) */
  transition(request: TransitionRequest): Promise<BookingRow>;
}

const INSERT_SQL = `
  INSERT INTO bookings AS b (consumer_uid, consumer_name, consumer_email, service_id, menu_id, provider_id, menu_name,
                             amount, status, booking_date, date_from, date_to, time_start, time_end, note,
                             list_amount, discount, coupon_code)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
  RETURNING ${BOOKING_COLUMNS}`;

// the menu is checked after the delete: a mismatch throws, which rolls the delete back with the booking
const REMOVE_CART_ITEM_SQL = `
  WITH removed AS (
    DELETE FROM cart_items ci USING carts c
    WHERE ci.id = $1 AND ci.cart_id = c.id AND c.consumer_uid = $2
    RETURNING ci.cart_id, ci.menu_id::text AS menu_id
  ), touched AS (
    UPDATE carts SET updated_at = now() WHERE id IN (SELECT cart_id FROM removed)
  )
  SELECT menu_id FROM removed`;

const NEWEST_FIRST = 'ORDER BY b.created_at DESC, b.id DESC';

async function insertBooking(session: SqlSession, booking: NewBooking): Promise<BookingRow> {
  const { listAmount, discount, couponCode } = booking.amounts ?? { listAmount: booking.menu.price, discount: 0, couponCode: null };
  const [row] = await session.query<BookingRow>(INSERT_SQL, [
    booking.consumerUid,
    booking.consumerName,
    booking.consumerEmail,
    booking.menu.serviceId,
    booking.menu.menuId,
    booking.menu.providerId,
    booking.menu.name,
    listAmount - discount,
    INITIAL_STATUS,
    booking.bookingDate,
    booking.dates.from,
    booking.dates.to,
    booking.times.start,
    booking.times.end,
    booking.note,
    listAmount,
    discount,
    couponCode,
  ]);
  if (!row) throw new Error('INSERT … RETURNING gave no booking');
  await session.query(
    'INSERT INTO booking_events (booking_id, from_status, to_status, actor, reason) VALUES ($1, NULL, $2, $3, $4)',
    [row.id, INITIAL_STATUS, booking.consumerUid, 'requested by the consumer'],
  );
  if (booking.cartItemId !== undefined) {
    // after the insert, so that a concurrent booking of the same item waits on the row and then finds it gone
    const [removed] = isUuid(booking.cartItemId)
      ? await session.query<{ menu_id: string }>(REMOVE_CART_ITEM_SQL, [booking.cartItemId, booking.consumerUid])
      : [];
    if (!removed) throw new HttpError(409, BOOKING_MESSAGES.cartItemGone);
    if (removed.menu_id !== booking.menu.menuId) throw new HttpError(409, BOOKING_MESSAGES.cartItemOtherMenu);
  }
  return row;
}

export function createBookingRepository(db: Database): BookingRepository {
  return {
    create: (booking) => db.transaction((session) => insertBooking(session, booking)),

    insert: insertBooking,

    listForConsumer(uid, { limit, offset }) {
      return db.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.consumer_uid = $1 ${NEWEST_FIRST} LIMIT $2 OFFSET $3`, [uid, limit, offset]);
    },

    async find(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await db.query<OwnedBookingRow>(
        `SELECT ${BOOKING_COLUMNS}, p.owner_uid AS provider_owner_uid
         FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.id = $1`,
        [bookingId],
      );
      return row ?? null;
    },

    async isProvider(uid) {
      const [row] = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM providers WHERE owner_uid = $1) AS found', [uid]);
      return row?.found === true;
    },

    listForProvider(ownerUid, status, { limit, offset }) {
      return db.query<BookingRow>(
        `SELECT ${BOOKING_COLUMNS}
         FROM bookings b JOIN providers p ON p.id = b.provider_id
         WHERE p.owner_uid = $1 AND ($2::text IS NULL OR b.status = $2::text) ${NEWEST_FIRST} LIMIT $3 OFFSET $4`,
        [ownerUid, status ?? null, limit, offset],
      );
    },

    async unansweredRequests(ageMs, limit) {
      const rows = await db.query<{ id: string }>(
        `SELECT b.id::text AS id
         FROM bookings b JOIN providers p ON p.id = b.provider_id
         WHERE b.status = 'requested' AND p.owner_uid IS NULL
           AND b.created_at <= now() - $1::integer * interval '1 millisecond'
         ORDER BY b.created_at, b.id LIMIT $2`,
        [ageMs, limit],
      );
      return rows.map((row) => row.id);
    },

    transition: (request) => transitionBooking(db, request),
  };
}
