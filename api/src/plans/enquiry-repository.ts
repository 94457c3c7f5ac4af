import {
  ENQUIRY_OPEN_MAX,
  QUOTE_VALID_DAYS_MAX,
  type Enquiry,
  type EnquiryFields,
  type EnquiryStatus,
  type PlanEventKind,
  type ProviderEnquiry,
  type Quote,
  type QuoteFields,
  type ServiceCategory,
} from '@utsav/contracts/schemas';
import {
  OPEN_ENQUIRY_STATUSES,
  planEnquiryTransition,
  planQuoteTransition,
  quoteStatusOn,
  type EnquiryAction,
  type Planned,
  type QuoteAction,
  type StoredQuoteStatus,
} from '@utsav/contracts/enquiry-state';
import { paymentBreakdown } from '@utsav/contracts/money';
import { formatDate } from '@utsav/contracts/date-format';
import { addDays, type IndiaTime } from '@utsav/contracts/slot-rules';
import type { BookingRepository } from '../bookings/booking-repository';
import type { BookingRow } from '../bookings/booking-rows';
import { toIso } from '../bookings/booking-rows';
import { assertValidSlot, type TimeRange } from '../bookings/slot-rules';
import type { Database, Query, SqlSession } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { notifyEnquiry } from '../notifications/outbox';
import { eventNotFound } from './plan-repository';

/**
 * Enquiries and quotes (issue 37, item 3). Every status change goes through the contracts' tables
 * (@utsav/contracts/enquiry-state) and is recorded in enquiry_events in its own transaction; an accepted quote becomes
 * a booking request through the one booking path (BookingRepository.insert), in the same transaction. The other side
 * hears of a change in its transaction too (the notifications' outbox, notifyEnquiry): the listing's owner of a new
 * enquiry and of one withdrawn, the consumer of a quote and of a decline.
 */

export const ENQUIRY_MESSAGES = {
  notFound: 'enquiry.notFound',
  tooMany: 'enquiry.tooMany',
  alreadyOpen: 'enquiry.alreadyOpen',
  eventPassed: 'enquiry.eventPassed',
  serviceNotFound: 'catalog.serviceNotFound',
  quoteNotFound: 'quote.notFound',
  validUntil: 'quote.validUntil',
  noPackage: 'quote.noPackage',
} as const satisfies Record<string, ApiMessage>;

export const enquiryNotFound = () => notFound(ENQUIRY_MESSAGES.notFound);
export const quoteNotFound = () => notFound(ENQUIRY_MESSAGES.quoteNotFound);

/** Who accepts a quote: the signed-in consumer as onboarded (the booking carries their profile's name and email). */
export interface QuoteAcceptance {
  uid: string;
  name: string;
  email: string;
  addressId: string;
  times: TimeRange;
  /** plain text already */
  note: string;
  /** India's date and time now (slot rules, expiry) */
  india: IndiaTime;
}

export interface EnquiryRepository {
  /** the consumer's enquiries, newest first, each with its quotes (newest first) */
  list(uid: string, today: string): Promise<Enquiry[]>;
  get(uid: string, enquiryId: string, today: string): Promise<Enquiry | null>;
  /** one enquiry per service, in the order asked; 404 for an event not theirs or an unknown service, 409 at the limit or for one already open */
  create(uid: string, fields: EnquiryFields, today: string): Promise<Enquiry[]>;
  /** null: no such enquiry of theirs */
  withdraw(uid: string, enquiryId: string, today: string): Promise<Enquiry | null>;
  /** the enquiries to every listing `ownerUid` runs, newest first */
  listForProvider(ownerUid: string, status: EnquiryStatus | undefined, today: string): Promise<ProviderEnquiry[]>;
  /** null: not an enquiry to a listing they run */
  getForProvider(ownerUid: string, enquiryId: string, today: string): Promise<ProviderEnquiry | null>;
  /** a new quote (the open one, if any, superseded); null: not an enquiry to a listing they run */
  quote(ownerUid: string, enquiryId: string, fields: QuoteFields, today: string): Promise<ProviderEnquiry | null>;
  decline(ownerUid: string, enquiryId: string, reason: string, today: string): Promise<ProviderEnquiry | null>;
  /** the quote becomes a booking request at its total (the enquiry 'booked'); null: no such quote of theirs */
  acceptQuote(quoteId: string, acceptance: QuoteAcceptance): Promise<{ booking: BookingRow; enquiry: Enquiry } | null>;
  declineQuote(uid: string, quoteId: string, today: string): Promise<Enquiry | null>;
}

interface EnquiryRow {
  id: string;
  consumer_uid: string;
  event_id: string | null;
  service_id: string;
  provider_id: string;
  event_kind: string;
  event_name: string;
  event_date: string;
  event_city: string;
  guests: number;
  message: string;
  status: EnquiryStatus;
  decline_reason: string | null;
  created_at: Date | string;
  service_title: string;
  service_category: string;
  service_city: string;
  provider_name: string;
  booking_id: string | null;
  consumer_name: string | null;
}

interface QuoteRow {
  id: string;
  enquiry_id: string;
  line_items: Array<{ label: string; amount: number }>;
  total: number;
  valid_until: string;
  note: string;
  status: StoredQuoteStatus;
  created_at: Date | string;
}

const ENQUIRY_COLUMNS = `
  e.id::text AS id, e.consumer_uid, e.event_id::text AS event_id, e.service_id::text AS service_id, e.provider_id::text AS provider_id,
  e.event_kind, e.event_name, to_char(e.event_date, 'YYYY-MM-DD') AS event_date, e.event_city, e.guests, e.message, e.status,
  e.decline_reason, e.created_at, s.title AS service_title, s.category AS service_category, s.city AS service_city, p.name AS provider_name,
  (SELECT b.id::text FROM bookings b JOIN quotes q ON q.id = b.quote_id WHERE q.enquiry_id = e.id ORDER BY b.created_at DESC LIMIT 1) AS booking_id,
  (SELECT c.name FROM consumers c WHERE c.uid = e.consumer_uid) AS consumer_name`;
const ENQUIRY_FROM = 'FROM enquiries e JOIN services s ON s.id = e.service_id JOIN providers p ON p.id = e.provider_id';
const NEWEST_FIRST = 'ORDER BY e.created_at DESC, e.id DESC';
const QUOTE_COLUMNS = `q.id::text AS id, q.enquiry_id::text AS enquiry_id, q.line_items, q.total, to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until, q.note, q.status, q.created_at`;

const toQuote = (row: QuoteRow, today: string): Quote => ({
  quoteId: row.id,
  enquiryId: row.enquiry_id,
  lineItems: row.line_items.map(({ label, amount }) => ({ label, amount })),
  total: row.total,
  // the house's advance policy (the same function the booking's payment is made with)
  advance: paymentBreakdown(row.total).advance,
  validUntil: row.valid_until,
  note: row.note,
  status: quoteStatusOn(row.status, row.valid_until, today),
  createdAt: toIso(row.created_at),
});

function toEnquiry(row: EnquiryRow, quotes: QuoteRow[], today: string): Enquiry {
  return {
    enquiryId: row.id,
    event: {
      eventId: row.event_id,
      // CHECKed in SQL, copied from the event
      kind: row.event_kind as PlanEventKind,
      name: row.event_name,
      date: row.event_date,
      city: row.event_city,
      guests: row.guests,
    },
    service: {
      serviceId: row.service_id,
      title: row.service_title,
      category: row.service_category as ServiceCategory,
      city: row.service_city,
      providerName: row.provider_name,
    },
    message: row.message,
    status: row.status,
    declineReason: row.decline_reason,
    quotes: quotes.filter((quote) => quote.enquiry_id === row.id).map((quote) => toQuote(quote, today)),
    bookingId: row.booking_id,
    createdAt: toIso(row.created_at),
  };
}

/** Only the first name reaches the provider (no contact before a booking is confirmed, like the provider's bookings). */
export const firstName = (name: string | null): string => (name ?? '').trim().split(/\s+/)[0] ?? '';

const toProviderEnquiry = (row: EnquiryRow, quotes: QuoteRow[], today: string): ProviderEnquiry => ({
  ...toEnquiry(row, quotes, today),
  consumer: { firstName: firstName(row.consumer_name) },
});

/** The 409 of an enquiry change its state does not allow: "Only … (this one is withdrawn)". */
function enquiryRefused(plan: Extract<Planned<EnquiryStatus, EnquiryAction>, { ok: false }>): HttpError {
  return new HttpError(409, 'enquiry.refused', {
    values: { refusal: { id: `enquiry.refusal.${plan.action}` }, state: { id: `enquiry.state.${plan.state as EnquiryStatus}` } },
  });
}

/** The 409 of a quote that cannot be accepted or declined: it says which state it is in (expired: until when). */
function quoteRefused(plan: { state: string }, validUntil: string): HttpError {
  switch (plan.state) {
    case 'expired':
      return new HttpError(409, 'quote.refused.expired', { values: { date: (locale) => formatDate(validUntil, locale) } });
    case 'accepted':
      return new HttpError(409, 'quote.refused.accepted');
    case 'declined':
      return new HttpError(409, 'quote.refused.declined');
    case 'superseded':
      return new HttpError(409, 'quote.refused.superseded');
    default:
      return new HttpError(409, 'quote.refused.withdrawn');
  }
}

/** 'YYYY-MM-DD' from today to QUOTE_VALID_DAYS_MAX days ahead (India), else 400. */
export function assertValidUntil(validUntil: string, today: string): void {
  const last = addDays(today, QUOTE_VALID_DAYS_MAX);
  if (validUntil < today || validUntil > last) throw badRequest(ENQUIRY_MESSAGES.validUntil, { last: (locale) => formatDate(last, locale), days: QUOTE_VALID_DAYS_MAX });
}

/** The booking's name for an accepted quote: its line items, as the provider wrote them. */
export function quoteMenuName(items: Array<{ label: string }>): string {
  const name = items.map((item) => item.label).join(' · ');
  return name.length <= 200 ? name : `${name.slice(0, 199)}…`;
}

async function logEvent(
  query: Query,
  event: { enquiryId: string; quoteId?: string | null; action: string; from: string | null; to: string; actor: string },
): Promise<void> {
  await query('INSERT INTO enquiry_events (enquiry_id, quote_id, action, from_status, to_status, actor) VALUES ($1, $2, $3, $4, $5, $6)', [
    event.enquiryId,
    event.quoteId ?? null,
    event.action,
    event.from,
    event.to,
    event.actor,
  ]);
}

export function createEnquiryRepository(db: Database, bookings: Pick<BookingRepository, 'insert'>): EnquiryRepository {
  const quotesOf = (query: Query, enquiryIds: string[]) =>
    enquiryIds.length === 0
      ? Promise.resolve([])
      : query<QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM quotes q WHERE q.enquiry_id = ANY($1::uuid[]) ORDER BY q.created_at DESC, q.id DESC`, [enquiryIds]);

  /** enquiries by a condition on `e`/`p` ($1… its params), each with its quotes */
  async function read(query: Query, where: string, params: unknown[]): Promise<EnquiryRow[]> {
    return query<EnquiryRow>(`SELECT ${ENQUIRY_COLUMNS} ${ENQUIRY_FROM} WHERE ${where} ${NEWEST_FIRST}`, params);
  }

  async function consumerEnquiries(query: Query, uid: string, today: string, enquiryIds?: string[]): Promise<Enquiry[]> {
    const rows = await read(query, enquiryIds ? 'e.consumer_uid = $1 AND e.id = ANY($2::uuid[])' : 'e.consumer_uid = $1', enquiryIds ? [uid, enquiryIds] : [uid]);
    const quotes = await quotesOf(query, rows.map((row) => row.id));
    return rows.map((row) => toEnquiry(row, quotes, today));
  }

  async function providerEnquiries(query: Query, ownerUid: string, today: string, filter: { enquiryId?: string; status?: EnquiryStatus }): Promise<ProviderEnquiry[]> {
    const rows = await read(
      query,
      'p.owner_uid = $1 AND ($2::uuid IS NULL OR e.id = $2::uuid) AND ($3::text IS NULL OR e.status = $3::text)',
      [ownerUid, filter.enquiryId ?? null, filter.status ?? null],
    );
    const quotes = await quotesOf(query, rows.map((row) => row.id));
    return rows.map((row) => toProviderEnquiry(row, quotes, today));
  }

  /** the consumer's enquiry, locked for a change; null when it is not theirs */
  async function lockedForConsumer(session: SqlSession, uid: string, enquiryId: string) {
    if (!isUuid(enquiryId)) return null;
    const [row] = await session.query<{ id: string; status: EnquiryStatus; consumer_uid: string }>(
      'SELECT id::text AS id, status, consumer_uid FROM enquiries WHERE id = $1 AND consumer_uid = $2 FOR UPDATE',
      [enquiryId, uid],
    );
    return row ?? null;
  }

  /** an enquiry to a listing `ownerUid` runs, locked for a change; null otherwise */
  async function lockedForProvider(session: SqlSession, ownerUid: string, enquiryId: string) {
    if (!isUuid(enquiryId)) return null;
    const [row] = await session.query<{ id: string; status: EnquiryStatus; consumer_uid: string }>(
      `SELECT e.id::text AS id, e.status, e.consumer_uid FROM enquiries e JOIN providers p ON p.id = e.provider_id
       WHERE e.id = $1 AND p.owner_uid = $2 FOR UPDATE OF e`,
      [enquiryId, ownerUid],
    );
    return row ?? null;
  }

  /** applies an enquiry's change (planned from the locked row) and logs it */
  async function changeEnquiry(session: SqlSession, enquiry: { id: string; status: EnquiryStatus }, action: EnquiryAction, actor: string, declineReason?: string) {
    const plan = planEnquiryTransition(enquiry.status, action);
    if (!plan.ok) throw enquiryRefused(plan);
    if (plan.from !== plan.to || declineReason !== undefined) {
      await session.query('UPDATE enquiries SET status = $2, decline_reason = COALESCE($3, decline_reason), updated_at = now() WHERE id = $1', [
        enquiry.id,
        plan.to,
        declineReason ?? null,
      ]);
    }
    await logEvent(session.query, { enquiryId: enquiry.id, action, from: plan.from, to: plan.to, actor });
  }

  /** the enquiry's open quote (if any) changed by `action` (supersede, withdraw), logged */
  async function closeOpenQuote(session: SqlSession, enquiryId: string, action: QuoteAction, actor: string, today: string) {
    const [open] = await session.query<QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM quotes q WHERE q.enquiry_id = $1 AND q.status = 'open' FOR UPDATE`, [enquiryId]);
    if (!open) return;
    const plan = planQuoteTransition(open.status, open.valid_until, today, action);
    if (!plan.ok) throw quoteRefused(plan, open.valid_until);
    await session.query('UPDATE quotes SET status = $2, updated_at = now() WHERE id = $1', [open.id, plan.to]);
    await logEvent(session.query, { enquiryId, quoteId: open.id, action, from: plan.from, to: plan.to, actor });
  }

  /** the consumer's quote with its enquiry, both locked; null when it is not theirs */
  async function lockedQuote(session: SqlSession, uid: string, quoteId: string) {
    if (!isUuid(quoteId)) return null;
    const [row] = await session.query<QuoteRow & { enquiry_status: EnquiryStatus; service_id: string; provider_id: string; event_date: string }>(
      `SELECT ${QUOTE_COLUMNS}, e.status AS enquiry_status, e.service_id::text AS service_id, e.provider_id::text AS provider_id,
              to_char(e.event_date, 'YYYY-MM-DD') AS event_date
       FROM quotes q JOIN enquiries e ON e.id = q.enquiry_id WHERE q.id = $1 AND e.consumer_uid = $2 FOR UPDATE OF q, e`,
      [quoteId, uid],
    );
    return row ?? null;
  }

  return {
    list: (uid, today) => consumerEnquiries(db.query, uid, today),

    async get(uid, enquiryId, today) {
      if (!isUuid(enquiryId)) return null;
      const [enquiry] = await consumerEnquiries(db.query, uid, today, [enquiryId]);
      return enquiry ?? null;
    },

    create(uid, { eventId, serviceIds, message }, today) {
      return db.transaction(async (session) => {
        // the event must be the caller's; FOR SHARE: it is not changed or deleted before this commits
        const [event] = isUuid(eventId)
          ? await session.query<{ id: string; kind: string; name: string; date: string; city: string; guests: number }>(
              `SELECT e.id::text AS id, e.kind, e.name, to_char(e.event_date, 'YYYY-MM-DD') AS date, e.city, e.guests
               FROM plan_events e JOIN plans p ON p.id = e.plan_id WHERE e.id = $1 AND p.consumer_uid = $2 FOR SHARE OF e`,
              [eventId, uid],
            )
          : [];
        if (!event) throw eventNotFound();
        if (event.date < today) throw new HttpError(409, ENQUIRY_MESSAGES.eventPassed);
        if (!serviceIds.every(isUuid)) throw notFound(ENQUIRY_MESSAGES.serviceNotFound);
        const ids = serviceIds.map((id) => id.toLowerCase());
        const services = await session.query<{ id: string; provider_id: string; title: string }>(
          'SELECT id::text AS id, provider_id::text AS provider_id, title FROM services WHERE id = ANY($1::uuid[])',
          [ids],
        );
        if (services.length !== ids.length) throw notFound(ENQUIRY_MESSAGES.serviceNotFound);
        // one consumer's enquiries take turns, so two at once cannot pass the limit (or ask the same service) together
        await session.query("SELECT pg_advisory_xact_lock(hashtextextended('enquiries:' || $1, 0))", [uid]);
        const open = await session.query<{ service_id: string }>(
          'SELECT service_id::text AS service_id FROM enquiries WHERE consumer_uid = $1 AND status = ANY($2::text[])',
          [uid, OPEN_ENQUIRY_STATUSES],
        );
        if (open.length + ids.length > ENQUIRY_OPEN_MAX) throw new HttpError(409, ENQUIRY_MESSAGES.tooMany, { values: { max: ENQUIRY_OPEN_MAX } });
        const asked = await session.query<{ service_id: string }>(
          'SELECT service_id::text AS service_id FROM enquiries WHERE consumer_uid = $1 AND event_id = $2 AND service_id = ANY($3::uuid[]) AND status = ANY($4::text[])',
          [uid, event.id, ids, OPEN_ENQUIRY_STATUSES],
        );
        const already = services.find((service) => asked.some((row) => row.service_id === service.id));
        if (already) throw new HttpError(409, ENQUIRY_MESSAGES.alreadyOpen, { values: { service: already.title }, details: { serviceId: already.id } });
        const created: string[] = [];
        for (const id of ids) {
          const service = services.find((candidate) => candidate.id === id)!;
          // a listing nobody runs yet is asked too: the enquiry waits there until someone claims it and answers
          const [row] = await session.query<{ id: string }>(
            `INSERT INTO enquiries (consumer_uid, event_id, service_id, provider_id, event_kind, event_name, event_date, event_city, guests, message)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
            [uid, event.id, service.id, service.provider_id, event.kind, event.name, event.date, event.city, event.guests, message],
          );
          await logEvent(session.query, { enquiryId: row!.id, action: 'create', from: null, to: 'open', actor: uid });
          // the person who runs the listing (nobody yet: nothing)
          await notifyEnquiry(session.query, { enquiryId: row!.id, kind: 'new_enquiry' });
          created.push(row!.id);
        }
        const enquiries = await consumerEnquiries(session.query, uid, today, created);
        return created.map((id) => enquiries.find((enquiry) => enquiry.enquiryId === id)!);
      });
    },

    withdraw(uid, enquiryId, today) {
      return db.transaction(async (session) => {
        const enquiry = await lockedForConsumer(session, uid, enquiryId);
        if (!enquiry) return null;
        await changeEnquiry(session, enquiry, 'withdraw', uid);
        await closeOpenQuote(session, enquiry.id, 'withdraw', uid, today);
        await notifyEnquiry(session.query, { enquiryId: enquiry.id, kind: 'enquiry_withdrawn' });
        const [answer] = await consumerEnquiries(session.query, uid, today, [enquiry.id]);
        return answer ?? null;
      });
    },

    listForProvider: (ownerUid, status, today) => providerEnquiries(db.query, ownerUid, today, { status }),

    async getForProvider(ownerUid, enquiryId, today) {
      if (!isUuid(enquiryId)) return null;
      const [enquiry] = await providerEnquiries(db.query, ownerUid, today, { enquiryId });
      return enquiry ?? null;
    },

    quote(ownerUid, enquiryId, { lineItems, validUntil, note }, today) {
      return db.transaction(async (session) => {
        const enquiry = await lockedForProvider(session, ownerUid, enquiryId);
        if (!enquiry) return null;
        assertValidUntil(validUntil, today);
        await changeEnquiry(session, enquiry, 'quote', ownerUid);
        // the quote it replaces, if one is open, is superseded
        await closeOpenQuote(session, enquiry.id, 'supersede', ownerUid, today);
        // the total is the server's sum of the line items, never a figure from the request
        const total = lineItems.reduce((sum, item) => sum + item.amount, 0);
        const [quote] = await session.query<{ id: string }>(
          `INSERT INTO quotes (enquiry_id, line_items, total, valid_until, note, created_by) VALUES ($1, $2::jsonb, $3, $4, $5, $6) RETURNING id::text AS id`,
          [enquiry.id, JSON.stringify(lineItems.map(({ label, amount }) => ({ label, amount }))), total, validUntil, note, ownerUid],
        );
        await logEvent(session.query, { enquiryId: enquiry.id, quoteId: quote!.id, action: 'send', from: null, to: 'open', actor: ownerUid });
        // the consumer, with the new quote's total (the one open now)
        await notifyEnquiry(session.query, { enquiryId: enquiry.id, kind: 'quote_received' });
        const [answer] = await providerEnquiries(session.query, ownerUid, today, { enquiryId: enquiry.id });
        return answer ?? null;
      });
    },

    decline(ownerUid, enquiryId, reason, today) {
      return db.transaction(async (session) => {
        const enquiry = await lockedForProvider(session, ownerUid, enquiryId);
        if (!enquiry) return null;
        await changeEnquiry(session, enquiry, 'decline', ownerUid, reason);
        await closeOpenQuote(session, enquiry.id, 'withdraw', ownerUid, today);
        await notifyEnquiry(session.query, { enquiryId: enquiry.id, kind: 'enquiry_declined' });
        const [answer] = await providerEnquiries(session.query, ownerUid, today, { enquiryId: enquiry.id });
        return answer ?? null;
      });
    },

    acceptQuote(quoteId, acceptance) {
      const { uid, india } = acceptance;
      const today = india.date;
      return db.transaction(async (session) => {
        // both locked: of two accepts at once, the second finds the quote accepted (409)
        const quote = await lockedQuote(session, uid, quoteId);
        if (!quote) return null;
        const plan = planQuoteTransition(quote.status, quote.valid_until, today, 'accept');
        if (!plan.ok) throw quoteRefused(plan, quote.valid_until);
        // the event's day, by the slot rules of any booking (not gone by, within the booking window, hours)
        const dates = { from: quote.event_date, to: quote.event_date };
        assertValidSlot(dates, acceptance.times, india);
        await changeEnquiry(session, { id: quote.enquiry_id, status: quote.enquiry_status }, 'book', uid);
        await session.query("UPDATE quotes SET status = 'accepted', updated_at = now() WHERE id = $1", [quote.id]);
        await logEvent(session.query, { enquiryId: quote.enquiry_id, quoteId: quote.id, action: 'accept', from: plan.from, to: plan.to, actor: uid });
        // the service's reference package (its cheapest now): bookings.menu_id is NOT NULL; name and price are the quote's
        const [menu] = await session.query<{ id: string }>('SELECT id::text AS id FROM menus WHERE service_id = $1 ORDER BY price, id LIMIT 1', [quote.service_id]);
        if (!menu) throw new HttpError(409, ENQUIRY_MESSAGES.noPackage);
        // the one booking path: capacity on the day (409 when full or blocked), the address theirs (404), the
        // provider told, the consumer's live stream woken
        const booking = await bookings.insert(session, {
          consumerUid: uid,
          consumerName: acceptance.name,
          consumerEmail: acceptance.email,
          menu: { menuId: menu.id, serviceId: quote.service_id, providerId: quote.provider_id, name: quoteMenuName(quote.line_items), price: quote.total },
          bookingDate: today,
          dates,
          times: acceptance.times,
          note: acceptance.note,
          addressId: acceptance.addressId,
          quote: { quoteId: quote.id, total: quote.total },
        });
        const [enquiry] = await consumerEnquiries(session.query, uid, today, [quote.enquiry_id]);
        return { booking, enquiry: enquiry! };
      });
    },

    declineQuote(uid, quoteId, today) {
      return db.transaction(async (session) => {
        const quote = await lockedQuote(session, uid, quoteId);
        if (!quote) return null;
        const plan = planQuoteTransition(quote.status, quote.valid_until, today, 'decline');
        if (!plan.ok) throw quoteRefused(plan, quote.valid_until);
        await session.query("UPDATE quotes SET status = 'declined', updated_at = now() WHERE id = $1", [quote.id]);
        // the enquiry stays quoted: the provider may send another
        await logEvent(session.query, { enquiryId: quote.enquiry_id, quoteId: quote.id, action: 'decline', from: plan.from, to: plan.to, actor: uid });
        const [enquiry] = await consumerEnquiries(session.query, uid, today, [quote.enquiry_id]);
        return enquiry ?? null;
      });
    },
  };
}
