import { paymentBreakdown } from '@utsav/contracts/money';
import type { Booking, BookingPayment, BookingStatus, RefundStatus } from '@utsav/contracts/schemas';
import type { BookingState, FailureReason } from '@utsav/contracts/booking-state';

/** The columns every booking read selects (`b` is bookings), dates and times already as text. */
export const BOOKING_COLUMNS = `
  b.id::text AS id, b.consumer_uid, b.consumer_name, b.consumer_email, b.service_id::text AS service_id,
  b.menu_id::text AS menu_id, b.provider_id::text AS provider_id, b.menu_name, b.amount, b.list_amount, b.discount,
  b.coupon_code, b.currency, b.status,
  b.failure_reason, b.booking_date::text AS booking_date, b.date_from::text AS date_from, b.date_to::text AS date_to,
  to_char(b.time_start, 'HH24:MI') AS time_start, to_char(b.time_end, 'HH24:MI') AS time_end, b.note,
  b.created_at, b.updated_at, b.service_title, b.provider_name, b.address_label, b.address_line1, b.address_line2,
  b.address_landmark, b.address_city, b.address_state, b.address_pincode,
  (SELECT json_build_object('amount', r.amount, 'status', r.status) FROM payment_refunds r
   WHERE r.booking_id = b.id AND r.reason = 'cancelled_by_consumer' LIMIT 1) AS cancellation_refund,
  (SELECT json_build_object('from', to_char(r.date_from, 'YYYY-MM-DD'), 'to', to_char(r.date_to, 'YYYY-MM-DD'),
                            'start', to_char(r.time_start, 'HH24:MI'), 'end', to_char(r.time_end, 'HH24:MI'))
   FROM booking_reschedules r WHERE r.booking_id = b.id AND r.status = 'proposed') AS open_reschedule,
  (SELECT json_build_object('rating', v.rating, 'text', v.body, 'date', to_char(v.reviewed_on, 'YYYY-MM-DD'))
   FROM reviews v WHERE v.booking_id = b.id) AS own_review,
  (SELECT i.number FROM invoices i WHERE i.booking_id = b.id ORDER BY i.created_at LIMIT 1) AS invoice_number`;

export interface BookingRow {
  id: string;
  consumer_uid: string;
  consumer_name: string;
  consumer_email: string;
  service_id: string;
  menu_id: string;
  provider_id: string;
  menu_name: string;
  amount: number;
  list_amount: number;
  discount: number;
  coupon_code: string | null;
  currency: string;
  status: BookingStatus;
  failure_reason: FailureReason | null;
  booking_date: string;
  date_from: string;
  date_to: string;
  time_start: string;
  time_end: string;
  note: string;
  created_at: Date | string;
  updated_at: Date | string;
  service_title: string;
  provider_name: string;
  /** the address copy: all NULL (bookings older than addresses, or detached by account deletion) or none */
  address_label: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_landmark: string | null;
  address_city: string | null;
  address_state: string | null;
  address_pincode: string | null;
  /** a paid booking the consumer cancelled: the policy's refund (migration 016); null otherwise */
  cancellation_refund: { amount: number; status: RefundStatus } | null;
  /** new dates waiting for the provider's answer (migration 017); null otherwise */
  open_reschedule: { from: string; to: string; start: string; end: string } | null;
  /** the consumer's review of it (migration 018); null until written */
  own_review: { rating: number; text: string; date: string } | null;
  /** its invoice's number (migration 019); null until paid */
  invoice_number: string | null;
}

/** The address a booking keeps, or null when it has none. */
function addressOf(row: BookingRow): Booking['address'] {
  if (row.address_line1 === null) return null;
  return {
    label: row.address_label ?? '',
    line1: row.address_line1,
    line2: row.address_line2 ?? '',
    landmark: row.address_landmark ?? '',
    city: row.address_city ?? '',
    state: row.address_state ?? '',
    pincode: row.address_pincode ?? '',
  };
}

/** A booking row's place in the state machine (status and failure_reason), as the contracts' table reads it. */
export const bookingState = ({ status, failure_reason }: Pick<BookingRow, 'status' | 'failure_reason'>): BookingState => ({
  status,
  failureReason: failure_reason,
});

/** A timestamptz as the drivers give it (a Date; a string on some paths) → ISO 8601 in UTC. */
export const toIso = (value: Date | string): string => new Date(value).toISOString();

/** What the booking's payment will be (spec §9): the same paymentBreakdown the payment order is made for. */
function bookingPayment(amount: number): BookingPayment {
  const { advance, platformFee, gst, payNow, remaining } = paymentBreakdown(amount);
  return { advance, platformFee, gst, payNow, remaining };
}

/** A booking as the contract has it (spec §3 Booking (read)). An empty note is left out. */
export function toBooking(row: BookingRow): Booking {
  return {
    bookingId: row.id,
    serviceId: row.service_id,
    menuId: row.menu_id,
    menuName: row.menu_name,
    serviceTitle: row.service_title,
    providerName: row.provider_name,
    address: addressOf(row),
    status: row.status,
    ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
    bookingDate: row.booking_date,
    preferredDateRange: { from: row.date_from, to: row.date_to },
    preferredTime: { start: row.time_start, end: row.time_end },
    ...(row.note ? { note: row.note } : {}),
    currency: 'INR', // CHECKed in SQL
    amount: row.amount,
    listAmount: row.list_amount,
    discount: row.discount,
    couponCode: row.coupon_code,
    payment: bookingPayment(row.amount),
    ...(row.cancellation_refund ? { refund: row.cancellation_refund } : {}),
    ...(row.own_review ? { review: row.own_review } : {}),
    ...(row.invoice_number ? { invoiceNumber: row.invoice_number } : {}),
    ...(row.open_reschedule
      ? {
          reschedule: {
            preferredDateRange: { from: row.open_reschedule.from, to: row.open_reschedule.to },
            preferredTime: { start: row.open_reschedule.start, end: row.open_reschedule.end },
          },
        }
      : {}),
    createdAt: toIso(row.created_at),
  };
}
