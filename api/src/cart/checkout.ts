import type { IndiaTime } from '@utsav/contracts/slot-rules';
import { joinBookingNote } from '@utsav/contracts/booking-request';
import { formatINR } from '@utsav/contracts/money';
import type { BookingRepository } from '../bookings/booking-repository';
import type { BookingRow } from '../bookings/booking-rows';
import { findBookableMenu } from '../bookings/menu-lookup';
import { assertValidSlot } from '../bookings/slot-rules';
import type { Database } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { HttpError, type WordValue } from '../http/http-error';
import { plainText } from '../http/plain-text';
import { priceCart } from './cart-pricing';
import { decideCoupon } from './cart-quote';
import { readCart } from './cart-repository';

export const CHECKOUT_MESSAGES = {
  empty: 'checkout.empty',
  couponInvalid: 'checkout.couponInvalid',
} as const satisfies Record<string, ApiMessage>;

export interface CheckoutOrder {
  uid: string;
  /** who books: the stored profile's name and email */
  consumer: { name: string; email: string };
  couponCode?: string;
  /** the Checkout form's special requests, added to each line's own note */
  requests: string;
  /** the total booking value the page showed, paise */
  expectedTotal: number;
  /** India's date and time now: the slot rules are checked at it, and the bookings are dated its day */
  at: IndiaTime;
}


/** A line that cannot be booked: its title and why (words said in the request's language). */
const lineInvalid = (title: string, reason: WordValue) => new HttpError(409, 'checkout.lineInvalid', { values: { title, reason } });

/**
 * Books every line of the consumer's cart in ONE transaction, priced by priceCart exactly as the quote was, through
 * the booking repository's one create path (each booking removes its line). Refused with a 409, nothing booked and
 * the cart unchanged, when: the cart is empty; a line can no longer be booked (its slot rules, its menu); the coupon
 * asked for does not apply; or the server's total is not `expectedTotal`. The cart row is locked first, so two
 * checkouts of one cart take turns (the second finds it empty).
 */
export function checkoutCart(db: Database, bookings: BookingRepository, order: CheckoutOrder): Promise<BookingRow[]> {
  return db.transaction(async (session) => {
    const [locked] = await session.query<{ id: string }>('SELECT id::text AS id FROM carts WHERE consumer_uid = $1 FOR UPDATE', [order.uid]);
    if (!locked) throw new HttpError(409, CHECKOUT_MESSAGES.empty);
    const { items } = await readCart(session.query, order.uid);
    if (items.length === 0) throw new HttpError(409, CHECKOUT_MESSAGES.empty);

    const menus = [];
    for (const item of items) {
      if (!item.addressId) throw lineInvalid(item.title, { id: 'checkout.noAddress' });
      try {
        assertValidSlot(item.preferredDateRange, item.preferredTime, order.at);
        menus.push(await findBookableMenu(session.query, item.menuId, item.serviceId));
      } catch (error) {
        if (error instanceof HttpError) throw lineInvalid(item.title, error.words);
        throw error;
      }
    }

    const prices = menus.map((menu) => menu.price);
    const decision = await decideCoupon(
      session.query,
      order.couponCode,
      prices.reduce((sum, price) => sum + price, 0),
    );
    if (decision.coupon && !decision.coupon.applied) throw new HttpError(409, CHECKOUT_MESSAGES.couponInvalid);
    const { lines, totals } = priceCart(prices, decision.offer);
    if (totals.total !== order.expectedTotal) {
      throw new HttpError(409, 'checkout.totalChanged', { values: { total: formatINR(totals.total) } });
    }

    const made: BookingRow[] = [];
    for (const [index, item] of items.entries()) {
      const line = lines[index]!;
      made.push(
        await bookings.insert(session, {
          consumerUid: order.uid,
          consumerName: order.consumer.name,
          consumerEmail: order.consumer.email,
          menu: menus[index]!,
          bookingDate: order.at.date,
          dates: item.preferredDateRange,
          times: item.preferredTime,
          note: plainText(joinBookingNote(item.note, order.requests)),
          addressId: item.addressId!, // checked above
          amounts: { listAmount: line.listAmount, discount: line.discount, couponCode: decision.offer?.code ?? null },
          cartItemId: item.cartItemId,
        }),
      );
    }
    return made;
  });
}
