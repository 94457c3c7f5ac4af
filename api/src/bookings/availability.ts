import { type CalendarDay, type MonthAvailability, type ProviderAvailability, type UnavailableReason } from '@utsav/contracts/schemas';
import type { SqlSession } from '../db';
import { formatDate } from '@utsav/contracts/date-format';
import type { Locale } from '@utsav/contracts/language';
import { HttpError } from '../http/http-error';

/**
 * A provider cannot be double-booked (migration 015): it takes at most its daily capacity of bookings a
 * day, none on its blocked days. A booking holds capacity on every day of its dates from its acceptance
 * (holdsCapacity in @utsav/contracts/booking-state). Checked when a request is made (a full or blocked
 * day is refused at once) and when one is accepted, with the provider's row locked: two acceptances for
 * one provider wait for each other, so the second counts the first (PostgreSQL's READ COMMITTED reads
 * what committed before each statement).
 */

/** A 409 for dates the provider cannot take: the provider stand-in declines a request with its message. */
export class UnavailableError extends HttpError {
  constructor(
    readonly date: string,
    readonly reason: UnavailableReason,
    providerName: string,
  ) {
    // the message (English) is also the decline reason the provider stand-in records; the answer is in the request's
    // language, and names the day and why as data too (a client, the load mix, reads which day without the words)
    super(409, reason === 'full' ? 'booking.fullyBooked' : 'booking.notTakingBookings', {
      values: { provider: providerName, date: (locale: Locale) => formatDate(date, locale) },
      details: { date, reason },
    });
  }
}

/**
 * What holds capacity, in SQL: the contracts' holdsCapacity, written as migration 015's partial index has it so
 * the planner uses the index (bookings-availability.test checks the two agree on every state).
 */
export const HOLDS = `(b.status IN ('accepted', 'confirmed') OR b.failure_reason = 'payment_failed')`;

/** The provider's capacity: its own, else its kind of service's default. */
const PROVIDER_SQL = `
  SELECT p.name,
         COALESCE(p.daily_capacity, (SELECT max(default_daily_capacity(s.category)) FROM services s WHERE s.provider_id = p.id), 1) AS capacity
  FROM providers p WHERE p.id = $1`;

/** Each day from $2 to $3: blocked, and how many bookings (other than $4) hold capacity on it. */
const DAYS_SQL = `
  SELECT to_char(d, 'YYYY-MM-DD') AS day,
         EXISTS (SELECT 1 FROM provider_blocked_days x WHERE x.provider_id = $1 AND x.day = d::date) AS blocked,
         (SELECT count(*) FROM bookings b
          WHERE b.provider_id = $1 AND b.date_from <= d::date AND b.date_to >= d::date AND ${HOLDS}
            AND b.id IS DISTINCT FROM $4::uuid)::integer AS held
  FROM generate_series($2::date, $3::date, interval '1 day') AS d
  ORDER BY d`;

interface Day {
  day: string;
  blocked: boolean;
  held: number;
}

async function daysOf(session: Pick<SqlSession, 'query'>, providerId: string, from: string, to: string, exclude: string | null) {
  const [provider] = await session.query<{ name: string; capacity: number }>(PROVIDER_SQL, [providerId]);
  if (!provider) throw new HttpError(404, 'catalog.providerNotFound');
  const days = await session.query<Day>(DAYS_SQL, [providerId, from, to, exclude]);
  return { provider, days };
}

const reasonOf = (day: Day, capacity: number): UnavailableReason | null => (day.blocked ? 'blocked' : day.held >= capacity ? 'full' : null);

export interface AvailabilityCheck {
  providerId: string;
  /** the booking's dates, 'YYYY-MM-DD' */
  from: string;
  to: string;
  /** the booking being accepted (it holds nothing yet, but is never counted against itself) */
  bookingId?: string;
  /** lock the provider's row first: for an acceptance, which takes capacity */
  lock: boolean;
}

/** Throws UnavailableError (409) on the first day of the dates the provider cannot take one more booking on. */
export async function assertAvailable(session: SqlSession, check: AvailabilityCheck): Promise<void> {
  if (check.lock) await session.query('SELECT 1 FROM providers WHERE id = $1 FOR UPDATE', [check.providerId]);
  const { provider, days } = await daysOf(session, check.providerId, check.from, check.to, check.bookingId ?? null);
  for (const day of days) {
    const reason = reasonOf(day, provider.capacity);
    if (reason) throw new UnavailableError(day.day, reason, provider.name);
  }
}

/** The first and last day ('YYYY-MM-DD') of `month` ('YYYY-MM'). */
function daysOfMonth(month: string): { first: string; last: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // day 0 of the next month is this month's last
  return { first: `${month}-01`, last: `${month}-${String(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()).padStart(2, '0')}` };
}

/** The days of `month` ('YYYY-MM') the service's provider cannot take a booking on; null for an unknown service. */
export async function monthAvailability(session: Pick<SqlSession, 'query'>, serviceId: string, month: string): Promise<MonthAvailability | null> {
  const [service] = await session.query<{ provider_id: string }>('SELECT provider_id::text AS provider_id FROM services WHERE id = $1', [serviceId]);
  if (!service) return null;
  const { first, last } = daysOfMonth(month);
  const { provider, days } = await daysOf(session, service.provider_id, first, last, null);
  const unavailable = days.flatMap((day) => {
    const reason = reasonOf(day, provider.capacity);
    return reason ? [{ date: day.day, reason }] : [];
  });
  return { serviceId, month, dailyCapacity: provider.capacity, unavailable };
}

/** Each day from $2 to $3: the provider's bookings on it by status, those holding capacity, and its block. */
const CALENDAR_SQL = `
  SELECT to_char(d, 'YYYY-MM-DD') AS day, x.reason AS blocked_reason, x.day IS NOT NULL AS blocked,
         count(b.id) FILTER (WHERE b.status = 'requested')::integer AS requested,
         count(b.id) FILTER (WHERE b.status = 'accepted')::integer AS accepted,
         count(b.id) FILTER (WHERE b.status = 'confirmed')::integer AS confirmed,
         count(b.id) FILTER (WHERE ${HOLDS})::integer AS held
  FROM generate_series($2::date, $3::date, interval '1 day') AS d
  LEFT JOIN provider_blocked_days x ON x.provider_id = $1 AND x.day = d::date
  LEFT JOIN bookings b ON b.provider_id = $1 AND b.date_from <= d::date AND b.date_to >= d::date
  GROUP BY d, x.day, x.reason
  ORDER BY d`;

/**
 * The provider's calendar for `month` ('YYYY-MM'): every day, its bookings by status, what holds capacity (the same
 * rule a request and an acceptance are checked with, HOLDS) and what is left of `capacity`, and its block.
 */
export async function providerCalendar(session: Pick<SqlSession, 'query'>, providerId: string, month: string, capacity: number): Promise<CalendarDay[]> {
  const { first, last } = daysOfMonth(month);
  const rows = await session.query<{ day: string; blocked_reason: string | null; blocked: boolean; requested: number; accepted: number; confirmed: number; held: number }>(
    CALENDAR_SQL,
    [providerId, first, last],
  );
  return rows.map((row) => ({
    date: row.day,
    requested: row.requested,
    accepted: row.accepted,
    confirmed: row.confirmed,
    held: row.held,
    capacity,
    free: row.blocked ? 0 : Math.max(0, capacity - row.held),
    blocked: row.blocked ? { reason: row.blocked_reason ?? '' } : null,
  }));
}

export { providerAvailabilitySchema, type ProviderAvailability } from '@utsav/contracts/schemas';

/** The provider's capacity and its blocked days from `today` on, in date order. */
export async function providerAvailability(session: Pick<SqlSession, 'query'>, providerId: string, today: string, month?: string): Promise<ProviderAvailability> {
  const [provider] = await session.query<{ capacity: number }>(PROVIDER_SQL, [providerId]);
  if (!provider) throw new HttpError(404, 'catalog.providerNotFound');
  const blockedDays = await session.query<{ date: string; reason: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS date, reason FROM provider_blocked_days WHERE provider_id = $1 AND day >= $2::date ORDER BY day`,
    [providerId, today],
  );
  if (!month) return { providerId, dailyCapacity: provider.capacity, blockedDays };
  return { providerId, dailyCapacity: provider.capacity, blockedDays, calendar: { month, days: await providerCalendar(session, providerId, month, provider.capacity) } };
}
