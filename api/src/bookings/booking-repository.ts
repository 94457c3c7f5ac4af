import { announceChange, announceToListingOwner } from '../live/live-bus';
import { notifyProvider } from '../notifications/outbox';
import type { Database, Query, SqlSession } from '../db';
import type { Page } from '../http/page-query';
import { HttpError } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { ADDRESS_MESSAGES } from '../addresses/address-repository';
import { BOOKING_MESSAGES, BOOKING_NOT_FOUND } from './booking-messages';
import { BOOKING_COLUMNS, type BookingRow } from './booking-rows';
import { INITIAL_STATUS } from '@utsav/contracts/booking-state';
import { transitionBooking, type Actor, type DeclineWith, type TransitionRequest } from './booking-transitions';
import { answerReschedule, proposeReschedule, unansweredReschedules, type Slot } from './booking-reschedule';
import type { DateRange, TimeRange } from './slot-rules';
import type { BookableMenu } from './menu-lookup';
import { assertAvailable } from './availability';

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
   * One of the consumer's saved addresses: the booking keeps a copy of it (and of the service's title and the
   * provider's name, read here too). Unknown or someone else's → 404, nothing booked.
   */
  addressId: string;
  /**
   * The consumer's cart item this booking was made from: removed in the same transaction. If it is not
   * in their cart (already booked, removed, someone else's) or is of another menu or address, nothing is booked (409).
   */
  cartItemId?: string;
  /**
   * An accepted quote this booking is made from (issue 37, item 3: enquiry-repository.ts): the booking keeps its id
   * (one booking per quote, migration 031) and is charged its total, which the server added up (`amounts` is then
   * left out). `menu` is then the service's reference package, with the quote's readable name and its total as price.
   */
  quote?: { quoteId: string; total: number };
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
  /** the booking as it is now, after a change (404 if it has gone) */
  reload(bookingId: string): Promise<OwnedBookingRow>;
  /** does this account run at least one provider? */
  isProvider(uid: string): Promise<boolean>;
  /**
   * Ids of requests at least `ageMs` old whose provider has no account (the stand-in's work), oldest
   * first.
   */
  unansweredRequests(ageMs: number, limit: number): Promise<string[]>;
  /** every status change (see booking-transitions.ts) */
  transition(request: TransitionRequest): Promise<BookingRow>;
  /** the consumer proposes new dates for the booking as read (booking-reschedule.ts) */
  proposeReschedule(booking: BookingRow, slot: Slot, actor: Actor): Promise<void>;
  /** the provider's answer to the new dates waiting on the booking */
  answerReschedule(bookingId: string, answer: 'accept' | 'decline', actor: Actor, reason?: string, decline?: DeclineWith): Promise<void>;
  /** ids of bookings whose new dates have waited at least `ageMs` and whose provider has no account (the stand-in's work) */
  unansweredReschedules(ageMs: number, limit: number): Promise<string[]>;
}

// one INSERT takes the copies from the database (never from the client): the service's title, its provider's
// name and the consumer's own saved address; no row when the address is not theirs
const INSERT_SQL = `
  INSERT INTO bookings AS b (consumer_uid, consumer_name, consumer_email, service_id, menu_id, provider_id, menu_name,
                             amount, status, booking_date, date_from, date_to, time_start, time_end, note,
                             service_title, provider_name, address_label, address_line1, address_line2, address_landmark,
                             address_city, address_state, address_pincode, list_amount, discount, coupon_code, quote_id)
  SELECT $1::text, $2::text, $3::text, s.id, $5::uuid, p.id, $7::text, $8::integer, $9::text, $10::date, $11::date, $12::date,
         $13::time, $14::time, $15::text, s.title, p.name, a.label, a.line1, a.line2, a.landmark, a.city, a.state, a.pincode,
         $17::integer, $18::integer, $19::text, $20::uuid
  FROM services s JOIN providers p ON p.id = s.provider_id
  JOIN addresses a ON a.id = $16::uuid AND a.consumer_uid = $1::text
  WHERE s.id = $4::uuid AND p.id = $6::uuid
  RETURNING ${BOOKING_COLUMNS}`;

// the menu is checked after the delete: a mismatch throws, which rolls the delete back with the booking
const REMOVE_CART_ITEM_SQL = `
  WITH removed AS (
    DELETE FROM cart_items ci USING carts c
    WHERE ci.id = $1 AND ci.cart_id = c.id AND c.consumer_uid = $2
    RETURNING ci.cart_id, ci.menu_id::text AS menu_id, ci.address_id::text AS address_id
  ), touched AS (
    UPDATE carts SET updated_at = now() WHERE id IN (SELECT cart_id FROM removed)
  )
  SELECT menu_id, address_id FROM removed`;

const NEWEST_FIRST = 'ORDER BY b.created_at DESC, b.id DESC';

async function insertBooking(session: SqlSession, booking: NewBooking): Promise<BookingRow> {
  if (!isUuid(booking.addressId)) throw new HttpError(404, ADDRESS_MESSAGES.notFound);
  const { listAmount, discount, couponCode } = booking.quote
    ? { listAmount: booking.quote.total, discount: 0, couponCode: null }
    : (booking.amounts ?? { listAmount: booking.menu.price, discount: 0, couponCode: null });
  // a day the provider is fully booked on, or takes no bookings, is refused now (409) rather than left to the provider
  await assertAvailable(session, { providerId: booking.menu.providerId, from: booking.dates.from, to: booking.dates.to, lock: false });
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
    booking.addressId,
    listAmount,
    discount,
    couponCode,
    booking.quote?.quoteId ?? null,
  ]);
  // the address is not the consumer's (or is gone): the SELECT gave no row
  if (!row) throw new HttpError(404, ADDRESS_MESSAGES.notFound);
  await session.query(
    'INSERT INTO booking_events (booking_id, from_status, to_status, actor, reason) VALUES ($1, NULL, $2, $3, $4)',
    [row.id, INITIAL_STATUS, booking.consumerUid, booking.quote ? 'requested by the consumer, from an accepted quote' : 'requested by the consumer'],
  );
  // the consumer's other tabs and phones list it too
  await announceChange(session.query, booking.consumerUid);
  // and the person who runs the listing hears of it (issue 36, item 3), and sees it in their live stream
  await notifyProvider(session.query, { bookingId: row.id, kind: 'new_request' });
  await announceToListingOwner(session.query, row.id);
  if (booking.cartItemId !== undefined) {
    // after the insert, so that a concurrent booking of the same item waits on the row and then finds it gone
    const [removed] = isUuid(booking.cartItemId)
      ? await session.query<{ menu_id: string; address_id: string | null }>(REMOVE_CART_ITEM_SQL, [booking.cartItemId, booking.consumerUid])
      : [];
    if (!removed) throw new HttpError(409, BOOKING_MESSAGES.cartItemGone);
    if (removed.menu_id !== booking.menu.menuId) throw new HttpError(409, BOOKING_MESSAGES.cartItemOtherMenu);
    // a booking made from a cart item is for the item's address
    if (removed.address_id !== booking.addressId.toLowerCase()) throw new HttpError(409, BOOKING_MESSAGES.cartItemOtherAddress);
  }
  return row;
}

export function createBookingRepository(db: Database): BookingRepository {
  const repository: BookingRepository = {
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

    async reload(bookingId) {
      const row = await repository.find(bookingId);
      if (!row) throw new HttpError(404, BOOKING_NOT_FOUND);
      return row;
    },

    async isProvider(uid) {
      const [row] = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM providers WHERE owner_uid = $1) AS found', [uid]);
      return row?.found === true;
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

    proposeReschedule: (booking, slot, actor) => db.transaction((session) => proposeReschedule(session, booking, slot, actor)),

    answerReschedule: (bookingId, answer, actor, reason, decline) =>
      db.transaction((session) => answerReschedule(session, bookingId, answer, actor, reason, decline)),

    unansweredReschedules: (ageMs, limit) => unansweredReschedules(db, ageMs, limit),
  };
  return repository;
}

/** Who booked `bookingId` (any string: a malformed one is not found), or null. */
export async function findBookingConsumer(query: Query, bookingId: string): Promise<string | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await query<{ consumer_uid: string }>('SELECT consumer_uid FROM bookings WHERE id = $1', [bookingId]);
  return row?.consumer_uid ?? null;
}

/** Local development only (the provider stand-in's /dev routes): the booking's days become `day`, as if time had passed. */
export async function moveBookingToDay(query: Query, bookingId: string, day: string): Promise<void> {
  await query('UPDATE bookings SET date_from = $2, date_to = $2, updated_at = now() WHERE id = $1', [bookingId, day]);
}
